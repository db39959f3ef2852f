// The omniORB interop client's checks of sequences (bounded, unbounded, nested, 1 MiB of
// octets) and arrays.
#include <climits>
#include <string>
#include <utility>

#include "omni_interop_client.hpp"

namespace omni_interop::client {
namespace {

Interop::LongSeq reversed(const Interop::LongSeq& v) {
  Interop::LongSeq r;
  r.length(v.length());
  for (CORBA::ULong i = 0; i < v.length(); ++i) r[i] = v[v.length() - 1 - i];
  return r;
}

}  // namespace

void sequence_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  Interop::LongSeq many;
  many.length(10000);
  for (CORBA::ULong i = 0; i < many.length(); ++i)
    many[i] = static_cast<CORBA::Long>(i * 7) - 5000;
  for (const auto& [name, v] :
       {std::pair{std::string("empty"), long_seq({})},
        std::pair{std::string("of 5"), long_seq({1, 2, 3, INT_MIN, INT_MAX})},
        std::pair{std::string("of 10000"), many}}) {
    s.run("reverse_longs " + name, [&, &v = v] {
      Interop::LongSeq_var r = t->reverse_longs(v);
      return diff_seq(r.in(), reversed(v));
    });
  }

  Interop::StringSeq strings;
  strings.length(4);
  strings[0] = CORBA::string_dup("first");
  strings[1] = CORBA::string_dup("");
  strings[2] = CORBA::string_dup("third one");
  strings[3] = CORBA::string_dup("4");
  Interop::StringSeq strings_reversed;
  strings_reversed.length(4);
  for (CORBA::ULong i = 0; i < 4; ++i) strings_reversed[i] = strings[3 - i];
  s.run("reverse_strings of 4", [&] {
    Interop::StringSeq_var r = t->reverse_strings(strings);
    return diff_strings(r.in(), strings_reversed);
  });
  s.run("reverse_strings empty", [&] {
    Interop::StringSeq_var r = t->reverse_strings(Interop::StringSeq());
    return expect_eq(r->length(), 0u);
  });

  Interop::PointSeq points;
  points.length(3000);
  for (CORBA::ULong i = 0; i < points.length(); ++i) {
    points[i] = point(static_cast<CORBA::Long>(i), -static_cast<CORBA::Long>(i));
  }
  s.run("echo_points of 3000 (fragmented in GIOP 1.1 and 1.2)", [&] {
    Interop::PointSeq_var r = t->echo_points(points);
    return diff_points(r.in(), points);
  });
  s.run("echo_points empty", [&] {
    Interop::PointSeq_var r = t->echo_points(Interop::PointSeq());
    return expect_eq(r->length(), 0u);
  });

  Interop::OuterSeq outers;
  outers.length(3);
  outers[0] = sample_outer();
  outers[1] = empty_outer();
  outers[2] = sample_outer();
  outers[2].weight = -1e-300;
  s.run("echo_outers of 3", [&] {
    Interop::OuterSeq_var r = t->echo_outers(outers);
    return diff_seq(r.in(), outers, [](const auto& a, const auto& b) { return diff(a, b); });
  });

  Interop::BoundedLongSeq eight;
  eight.length(8);
  for (CORBA::ULong i = 0; i < 8; ++i) eight[i] = static_cast<CORBA::Long>(i) * -11;
  s.run("echo_bounded_seq at its bound of 8", [&] {
    Interop::BoundedLongSeq_var r = t->echo_bounded_seq(eight);
    return diff_seq(r.in(), eight);
  });
  s.run("echo_bounded_seq empty", [&] {
    Interop::BoundedLongSeq_var r = t->echo_bounded_seq(Interop::BoundedLongSeq());
    return expect_eq(r->length(), 0u);
  });
  s.run("a bounded sequence over its bound of 8 is refused", [] {
    return expect_bound_refused([] {
      Interop::BoundedLongSeq nine;
      nine.length(9);
    });
  });

  const Interop::LongArray longs = {INT_MIN, -1, 0, 1, INT_MAX};
  s.run("echo_long_array", [&]() -> std::string {
    Interop::LongArray_var r = t->echo_long_array(longs);
    for (int i = 0; i < 5; ++i) {
      std::string reason = expect_eq(r[i], longs[i]);
      if (!reason.empty()) return "[" + std::to_string(i) + "] " + reason;
    }
    return {};
  });
  Interop::StringArray texts;
  texts[0] = CORBA::string_dup("");
  texts[1] = CORBA::string_dup("one");
  texts[2] = CORBA::string_dup("two two");
  s.run("echo_string_array", [&]() -> std::string {
    Interop::StringArray_var r = t->echo_string_array(texts);
    for (int i = 0; i < 3; ++i) {
      std::string reason = expect_eq(str(r[i]), str(texts[i]));
      if (!reason.empty()) return "[" + std::to_string(i) + "] " + reason;
    }
    return {};
  });
  const Interop::Matrix matrix = {{1, 2, 3}, {-4, SHRT_MIN, SHRT_MAX}};
  s.run("echo_matrix", [&]() -> std::string {
    Interop::Matrix_var r = t->echo_matrix(matrix);
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 3; ++j) {
        std::string reason = expect_eq(r[i][j], matrix[i][j]);
        if (!reason.empty())
          return "[" + std::to_string(i) + "][" + std::to_string(j) + "] " + reason;
      }
    }
    return {};
  });

  constexpr CORBA::ULong mib = 1u << 20;
  const Interop::OctetSeq big = octet_pattern(mib);
  s.run("make_octets 1 MiB", [&] {
    Interop::OctetSeq_var r = t->make_octets(mib);
    return diff_seq(r.in(), big);
  });
  s.run("echo_octets 1 MiB", [&] {
    Interop::OctetSeq_var r = t->echo_octets(big);
    return diff_seq(r.in(), big);
  });
  s.run("make_octets 0", [&] {
    Interop::OctetSeq_var r = t->make_octets(0);
    return expect_eq(r->length(), 0u);
  });
  s.run("make_octets 300", [&] {
    Interop::OctetSeq_var r = t->make_octets(300);
    return diff_seq(r.in(), octet_pattern(300));
  });
  s.run("echo_octets empty", [&] {
    Interop::OctetSeq_var r = t->echo_octets(Interop::OctetSeq());
    return expect_eq(r->length(), 0u);
  });
}

}  // namespace omni_interop::client
