// How the omniORB interop client compares interop.idl's values and makes the values its
// checks send.
#include <string>

#include "omni_interop_client.hpp"

namespace omni_interop::client {

// ------------------------------------------------------------------ comparisons

std::string diff(const Interop::Point& got, const Interop::Point& expected) {
  return first_failure(
      {in_part("x", expect_eq(got.x, expected.x)), in_part("y", expect_eq(got.y, expected.y))});
}

std::string diff_strings(const Interop::StringSeq& got, const Interop::StringSeq& expected) {
  return diff_seq(got, expected, [](const auto& a, const auto& b) {
    return expect_eq(str(a.in()), str(b.in()));
  });
}

std::string diff_points(const Interop::PointSeq& got, const Interop::PointSeq& expected) {
  return diff_seq(got, expected, [](const auto& a, const auto& b) { return diff(a, b); });
}

std::string diff(const Interop::Inner& got, const Interop::Inner& expected) {
  return first_failure({in_part("label", expect_eq(str(got.label), str(expected.label))),
                        in_part("hue", expect_eq(got.hue, expected.hue)),
                        in_part("path", diff_points(got.path, expected.path))});
}

std::string diff(const Interop::Outer& got, const Interop::Outer& expected) {
  return first_failure({in_part("origin", diff(got.origin, expected.origin)),
                        in_part("detail", diff(got.detail, expected.detail)),
                        in_part("values", diff_seq(got.values, expected.values)),
                        in_part("weight", expect_same_bits(got.weight, expected.weight)),
                        in_part("flag", expect_eq(got.flag, expected.flag))});
}

std::string diff(const Interop::AllBasics& got, const Interop::AllBasics& expected) {
  return first_failure(
      {in_part("b", expect_eq(got.b, expected.b)), in_part("c", expect_eq(got.c, expected.c)),
       in_part("o", expect_eq(got.o, expected.o)), in_part("s", expect_eq(got.s, expected.s)),
       in_part("us", expect_eq(got.us, expected.us)),
       in_part("l", expect_eq(got.l, expected.l)),
       in_part("ul", expect_eq(got.ul, expected.ul)),
       in_part("ll", expect_eq(got.ll, expected.ll)),
       in_part("ull", expect_eq(got.ull, expected.ull)),
       in_part("f", expect_same_bits(got.f, expected.f)),
       in_part("d", expect_same_bits(got.d, expected.d)),
       in_part("str", expect_eq(str(got.str), str(expected.str)))});
}

std::string diff(const Interop::NumUnion& got, const Interop::NumUnion& expected) {
  const std::string disc = in_part("discriminator", expect_eq(got._d(), expected._d()));
  if (!disc.empty()) return disc;
  switch (expected._d()) {
    case 1:
      return in_part("l", expect_eq(got.l(), expected.l()));
    case 2:
      return in_part("s", expect_eq(str(got.s()), str(expected.s())));
    case 3:
    case 4:
      return in_part("d", expect_same_bits(got.d(), expected.d()));
    default:
      return in_part("o", expect_eq(got.o(), expected.o()));
  }
}

std::string diff(const Interop::ColorUnion& got, const Interop::ColorUnion& expected) {
  const std::string disc = in_part("discriminator", expect_eq(got._d(), expected._d()));
  if (!disc.empty()) return disc;
  switch (expected._d()) {
    case Interop::RED:
      return in_part("r", expect_eq(got.r(), expected.r()));
    case Interop::GREEN:
      return in_part("g", expect_eq(str(got.g()), str(expected.g())));
    default:
      return in_part("b", diff(got.b(), expected.b()));
  }
}

// ------------------------------------------------------------------- test values

Interop::LongSeq long_seq(std::initializer_list<CORBA::Long> values) {
  Interop::LongSeq seq;
  seq.length(static_cast<CORBA::ULong>(values.size()));
  CORBA::ULong i = 0;
  for (const CORBA::Long v : values) seq[i++] = v;
  return seq;
}

Interop::Point point(CORBA::Long x, CORBA::Long y) {
  Interop::Point p;
  p.x = x;
  p.y = y;
  return p;
}

// make_any(5)'s Outer; also the full Outer the echo checks send.
Interop::Outer sample_outer() {
  Interop::Outer o;
  o.origin = point(1, 2);
  o.detail.label = CORBA::string_dup("in");
  o.detail.hue = Interop::GREEN;
  o.detail.path.length(2);
  o.detail.path[0] = point(3, 4);
  o.detail.path[1] = point(5, 6);
  o.values = long_seq({10, 20, 30});
  o.weight = 2.5;
  o.flag = true;
  return o;
}

Interop::Outer empty_outer() {
  Interop::Outer o;
  o.origin = point(0, 0);
  o.detail.label = CORBA::string_dup("");
  o.detail.hue = Interop::RED;
  o.weight = -0.0;
  o.flag = false;
  return o;
}

Interop::OctetSeq octet_pattern(CORBA::ULong n) {
  Interop::OctetSeq seq;
  seq.length(n);
  for (CORBA::ULong i = 0; i < n; ++i) seq[i] = rtorb::interop::octet_pattern(i);
  return seq;
}

}  // namespace omni_interop::client
