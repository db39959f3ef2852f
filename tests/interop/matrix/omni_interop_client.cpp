// omniORB client of the interop matrix: calls every operation and attribute of
// Interop::Tester and of the objects it returns, one line per check (interop_report.hpp).
//
//   omni_interop_client <IOR:...|corbaloc:...|file://path> [--no-wide] [--skip CHECK]... [-ORB options]
//
// It serves a Counter of its own (so give it an -ORBendPoint the server can reach) that
// use_counter calls back. `--no-wide`, or -ORBmaxGIOPVersion 1.0/1.1, skips the wchar and
// wstring checks: GIOP 1.0 has no wide characters and omniORB refuses them in 1.1.
// Exit status 0 only when every check passed.
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "interop_report.hpp"
#include "omni_interop_servants.hpp"

namespace {

using rtorb::interop::expect_eq;
using rtorb::interop::expect_same_bits;
using rtorb::interop::first_failure;
using rtorb::interop::in_part;
using rtorb::interop::Report;

std::string completion_name(CORBA::CompletionStatus status) {
  switch (status) {
    case CORBA::COMPLETED_YES:
      return "YES";
    case CORBA::COMPLETED_NO:
      return "NO";
    default:
      return "MAYBE";
  }
}

std::string describe(const CORBA::SystemException& e) {
  char minor[16];
  std::snprintf(minor, sizeof minor, "0x%lx", static_cast<unsigned long>(e.minor()));
  return std::string(e._name()) + " minor " + minor + " completed " +
         completion_name(e.completed());
}

// Runs one check; `body` returns "" on success or the reason it failed. An exception the
// body does not expect fails the check with the exception's name.
template <class Body>
void check(Report& report, const std::string& name, Body&& body) {
  if (rtorb::interop::skipped_checks().count(name) != 0) {
    report.skip(name, "skipped with --skip: a known deviation between the two ORBs");
    return;
  }
  try {
    report.record(name, body());
  } catch (const CORBA::SystemException& e) {
    report.fail(name, "unexpected " + describe(e));
  } catch (const CORBA::Exception& e) {
    report.fail(name, std::string("unexpected user exception ") + e._name());
  } catch (const std::exception& e) {
    report.fail(name, std::string("unexpected std::exception ") + e.what());
  }
}

std::string str(const char* s) { return s == nullptr ? std::string("(null)") : std::string(s); }

std::wstring wstr(const CORBA::WChar* s) {
  return s == nullptr ? std::wstring(L"(null)") : std::wstring(s);
}

// ------------------------------------------------------------------ comparisons

std::string diff(const Interop::Point& got, const Interop::Point& expected) {
  return first_failure(
      {in_part("x", expect_eq(got.x, expected.x)), in_part("y", expect_eq(got.y, expected.y))});
}

template <class Seq, class Compare>
std::string diff_seq(const Seq& got, const Seq& expected, Compare compare) {
  if (got.length() != expected.length()) {
    return "length " + std::to_string(got.length()) + ", expected " +
           std::to_string(expected.length());
  }
  for (CORBA::ULong i = 0; i < got.length(); ++i) {
    const std::string reason = compare(got[i], expected[i]);
    if (!reason.empty()) return "[" + std::to_string(i) + "] " + reason;
  }
  return {};
}

template <class Seq>
std::string diff_seq(const Seq& got, const Seq& expected) {
  return diff_seq(got, expected, [](const auto& a, const auto& b) { return expect_eq(a, b); });
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

// Hides the Wide-less checks behind one flag so each group below reads straight through.
struct Session {
  Report& report;
  Interop::Tester_ptr tester;
  Interop::Counter_ptr local_counter;
  bool wide;

  template <class Body>
  void run(const std::string& name, Body&& body) {
    check(report, name, std::forward<Body>(body));
  }
  template <class Body>
  void run_wide(const std::string& name, Body&& body) {
    if (wide) {
      run(name, std::forward<Body>(body));
    } else {
      report.skip(name, "no wide characters below GIOP 1.2");
    }
  }
};

// ------------------------------------------------------------------ basic types

template <class T, class Call>
void echo_values(Session& s, const std::string& op, std::initializer_list<T> values,
                 Call call) {
  int index = 0;
  for (const T v : values) {
    s.run(op + " #" + std::to_string(index++) + " " + rtorb::interop::show(v),
          [&] { return expect_eq(static_cast<T>(call(v)), v); });
  }
}

template <class T, class Call>
void echo_float_values(Session& s, const std::string& op, std::initializer_list<T> values,
                       Call call) {
  int index = 0;
  for (const T v : values) {
    s.run(op + " #" + std::to_string(index++) + " " + rtorb::interop::show(v),
          [&] { return expect_same_bits(static_cast<T>(call(v)), v); });
  }
}

void basic_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  echo_values<bool>(s, "echo_boolean", {true, false},
                    [&](bool v) { return static_cast<bool>(t->echo_boolean(v)); });
  echo_values<char>(s, "echo_char", {'A', '\0', '~', ' '},
                    [&](char v) { return t->echo_char(v); });
  echo_values<CORBA::Octet>(s, "echo_octet", {0, 1, 0x7f, 0x80, 0xff},
                            [&](CORBA::Octet v) { return t->echo_octet(v); });
  echo_values<CORBA::Short>(s, "echo_short", {0, -1, SHRT_MIN, SHRT_MAX},
                            [&](CORBA::Short v) { return t->echo_short(v); });
  echo_values<CORBA::UShort>(s, "echo_ushort", {0, 1, USHRT_MAX},
                             [&](CORBA::UShort v) { return t->echo_ushort(v); });
  echo_values<CORBA::Long>(s, "echo_long", {0, -1, INT_MIN, INT_MAX, Interop::MAGIC},
                           [&](CORBA::Long v) { return t->echo_long(v); });
  echo_values<CORBA::ULong>(s, "echo_ulong", {0u, 1u, UINT_MAX},
                            [&](CORBA::ULong v) { return t->echo_ulong(v); });
  echo_values<CORBA::LongLong>(s, "echo_longlong",
                               {0LL, -1LL, LLONG_MIN, LLONG_MAX, 0x0102030405060708LL},
                               [&](CORBA::LongLong v) { return t->echo_longlong(v); });
  echo_values<CORBA::ULongLong>(s, "echo_ulonglong", {0ULL, ULLONG_MAX, 0x8000000000000000ULL},
                                [&](CORBA::ULongLong v) { return t->echo_ulonglong(v); });
  using FloatLimits = std::numeric_limits<float>;
  echo_float_values<CORBA::Float>(
      s, "echo_float",
      {0.0f, -0.0f, 1.5f, -3.25e10f, FloatLimits::max(), FloatLimits::lowest(),
       FloatLimits::min(), FloatLimits::denorm_min(), FloatLimits::infinity(),
       -FloatLimits::infinity()},
      [&](CORBA::Float v) { return t->echo_float(v); });
  using DoubleLimits = std::numeric_limits<double>;
  echo_float_values<CORBA::Double>(
      s, "echo_double",
      {0.0, -0.0, 3.141592653589793, -1e300, DoubleLimits::max(), DoubleLimits::min(),
       DoubleLimits::denorm_min(), DoubleLimits::infinity(), -DoubleLimits::infinity()},
      [&](CORBA::Double v) { return t->echo_double(v); });

  for (const std::string& v : {std::string(), std::string("hello"),
                               std::string("caf\xe9 (ISO-8859-1)"), std::string(100000, 'x')}) {
    s.run("echo_string of " + std::to_string(v.size()) + " chars " +
              (v.size() > 20 ? v.substr(0, 4) : v),
          [&] {
            CORBA::String_var r = t->echo_string(v.c_str());
            return expect_eq(str(r), v);
          });
  }
  for (const std::string& v : {std::string(), std::string("exactly16chars!!")}) {
    s.run("echo_bounded_string of " + std::to_string(v.size()) + " chars", [&] {
      CORBA::String_var r = t->echo_bounded_string(v.c_str());
      return expect_eq(str(r), v);
    });
  }
  s.run("echo_bounded_string over its bound of 16 is refused", [&]() -> std::string {
    try {
      CORBA::String_var r = t->echo_bounded_string("seventeen chars!!");
    } catch (const CORBA::BAD_PARAM&) {
      return {};
    } catch (const CORBA::MARSHAL&) {
      return {};
    }
    return "no exception";
  });
  s.run("add 2 + 3", [&] { return expect_eq(t->add(2, 3), 5); });
  s.run("add -7 + 3", [&] { return expect_eq(t->add(-7, 3), -4); });

  for (const wchar_t v : {L'A', L'\x00e9', L'\x20ac', L'\xffee'}) {
    s.run_wide("echo_wchar " + rtorb::interop::show(v),
               [&] { return expect_eq(static_cast<wchar_t>(t->echo_wchar(v)), v); });
  }
  for (const std::wstring& v : {std::wstring(), std::wstring(L"wide \x20ac \x00e9t\x00e9"),
                                std::wstring(10000, L'\x03a9')}) {
    s.run_wide("echo_wstring of " + std::to_string(v.size()) + " chars", [&] {
      CORBA::WString_var r = t->echo_wstring(v.c_str());
      return expect_eq(wstr(r), v);
    });
  }
}

// ------------------------------------------------------------- constructed types

void constructed_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  for (const Interop::Color c : {Interop::RED, Interop::GREEN, Interop::BLUE}) {
    s.run("echo_enum " + std::to_string(static_cast<int>(c)),
          [&] { return expect_eq(t->echo_enum(c), c); });
  }
  s.run("next_color RED is GREEN",
        [&] { return expect_eq(t->next_color(Interop::RED), Interop::GREEN); });
  s.run("next_color GREEN is BLUE",
        [&] { return expect_eq(t->next_color(Interop::GREEN), Interop::BLUE); });
  s.run("next_color BLUE is RED",
        [&] { return expect_eq(t->next_color(Interop::BLUE), Interop::RED); });

  Interop::AllBasics high;
  high.b = true;
  high.c = 'z';
  high.o = 0xff;
  high.s = SHRT_MAX;
  high.us = USHRT_MAX;
  high.l = INT_MAX;
  high.ul = UINT_MAX;
  high.ll = LLONG_MAX;
  high.ull = ULLONG_MAX;
  high.f = std::numeric_limits<float>::max();
  high.d = std::numeric_limits<double>::max();
  high.str = CORBA::string_dup("all the basics");
  Interop::AllBasics low;
  low.b = false;
  low.c = '\0';
  low.o = 0;
  low.s = SHRT_MIN;
  low.us = 0;
  low.l = INT_MIN;
  low.ul = 0;
  low.ll = LLONG_MIN;
  low.ull = 0;
  low.f = -0.0f;
  low.d = -std::numeric_limits<double>::infinity();
  low.str = CORBA::string_dup("");
  s.run("echo_basics with maximum values", [&] {
    Interop::AllBasics_var r = t->echo_basics(high);
    return diff(r.in(), high);
  });
  s.run("echo_basics with minimum values", [&] {
    Interop::AllBasics_var r = t->echo_basics(low);
    return diff(r.in(), low);
  });

  Interop::Wide wide;
  wide.wc = L'\x03a9';
  wide.ws = CORBA::wstring_dup(L"omega \x03a9 euro \x20ac");
  wide.tail = 0x7eadbeef;
  s.run_wide("echo_wide", [&] {
    Interop::Wide_var r = t->echo_wide(wide);
    return first_failure({in_part("wc", expect_eq(static_cast<wchar_t>(r->wc), L'\x03a9')),
                          in_part("ws", expect_eq(wstr(r->ws), wstr(wide.ws))),
                          in_part("tail", expect_eq(r->tail, wide.tail))});
  });

  const Interop::Outer full = sample_outer();
  const Interop::Outer empty = empty_outer();
  s.run("echo_outer with nested sequences", [&] {
    Interop::Outer_var r = t->echo_outer(full);
    return diff(r.in(), full);
  });
  s.run("echo_outer with empty strings and sequences", [&] {
    Interop::Outer_var r = t->echo_outer(empty);
    return diff(r.in(), empty);
  });

  std::vector<std::pair<std::string, Interop::NumUnion>> nums(6);
  nums[0].first = "long branch";
  nums[0].second.l(-5);
  nums[1].first = "string branch";
  nums[1].second.s(CORBA::string_dup("two"));
  nums[2].first = "double branch label 3";
  nums[2].second.d(3.5);
  nums[3].first = "double branch label 4";
  nums[3].second.d(-4.25);
  nums[3].second._d(4);
  nums[4].first = "default branch 99";
  nums[4].second.o(0xab);
  nums[4].second._d(99);
  nums[5].first = "default branch -1";
  nums[5].second.o(0);
  nums[5].second._d(-1);
  for (const auto& [name, value] : nums) {
    s.run("echo_num_union " + name, [&] {
      Interop::NumUnion_var r = t->echo_num_union(value);
      return diff(r.in(), value);
    });
  }
  std::vector<std::pair<std::string, Interop::ColorUnion>> colors(3);
  colors[0].first = "RED";
  colors[0].second.r(-9);
  colors[1].first = "GREEN";
  colors[1].second.g(CORBA::string_dup("green"));
  colors[2].first = "BLUE";
  colors[2].second.b(point(1, -1));
  for (const auto& [name, value] : colors) {
    s.run("echo_color_union " + name, [&] {
      Interop::ColorUnion_var r = t->echo_color_union(value);
      return diff(r.in(), value);
    });
  }
}

// ---------------------------------------------------------- sequences and arrays

Interop::LongSeq reversed(const Interop::LongSeq& v) {
  Interop::LongSeq r;
  r.length(v.length());
  for (CORBA::ULong i = 0; i < v.length(); ++i) r[i] = v[v.length() - 1 - i];
  return r;
}

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
  s.run("a bounded sequence over its bound of 8 is refused", []() -> std::string {
    try {
      Interop::BoundedLongSeq nine;
      nine.length(9);
    } catch (const CORBA::BAD_PARAM&) {
      return {};
    } catch (const CORBA::MARSHAL&) {
      return {};
    }
    return "no exception";
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

// ------------------------------------------------------------------------- any

std::string type_mismatch(const CORBA::Any& any, CORBA::TypeCode_ptr expected) {
  CORBA::TypeCode_var tc = any.type();
  if (tc->equivalent(expected)) return {};
  return "TypeCode kind " + std::to_string(static_cast<int>(tc->kind())) + ", expected kind " +
         std::to_string(static_cast<int>(expected->kind()));
}

std::string check_made_any(Interop::Tester_ptr t, CORBA::Long kind) {
  CORBA::Any_var any = t->make_any(kind);
  switch (kind) {
    case 0: {
      CORBA::Long l = 0;
      if (!(any.in() >>= l)) return "not a long: " + type_mismatch(any.in(), CORBA::_tc_long);
      return expect_eq(l, 42);
    }
    case 1: {
      const char* text = nullptr;
      if (!(any.in() >>= text)) return "not a string";
      return expect_eq(str(text), std::string("hello"));
    }
    case 2: {
      const Interop::Point* p = nullptr;
      if (!(any.in() >>= p))
        return "not a Point: " + type_mismatch(any.in(), Interop::_tc_Point);
      return diff(*p, point(7, -8));
    }
    case 3: {
      Interop::Color c = Interop::RED;
      if (!(any.in() >>= c)) return "not a Color";
      return expect_eq(c, Interop::BLUE);
    }
    case 4: {
      CORBA::TypeCode_var tc = any->type();
      if (tc->kind() != CORBA::tk_alias) {
        return "TypeCode kind " + std::to_string(static_cast<int>(tc->kind())) +
               ", expected tk_alias";
      }
      const std::string id = tc->id();
      if (id != Interop::_tc_LongSeq->id()) return "alias id " + id;
      const Interop::LongSeq* seq = nullptr;
      if (!(any.in() >>= seq)) return "not a LongSeq";
      return diff_seq(*seq, long_seq({1, 2, 3}));
    }
    default: {
      const Interop::Outer* o = nullptr;
      if (!(any.in() >>= o))
        return "not an Outer: " + type_mismatch(any.in(), Interop::_tc_Outer);
      return diff(*o, sample_outer());
    }
  }
}

// Sends `value` through echo_any and reads it back as T.
template <class T, class Compare>
std::string echo_any_as(Interop::Tester_ptr t, const CORBA::Any& value, Compare compare) {
  CORBA::Any_var r = t->echo_any(value);
  CORBA::TypeCode_var sent = value.type();
  CORBA::TypeCode_var got = r->type();
  if (!got->equal(sent)) {
    return "TypeCode changed: kind " + std::to_string(static_cast<int>(got->kind())) +
           ", sent kind " + std::to_string(static_cast<int>(sent->kind()));
  }
  T out{};
  if (!(r.in() >>= out)) return "extraction failed";
  return compare(out);
}

void any_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  for (CORBA::Long kind = 0; kind <= 5; ++kind) {
    s.run("make_any kind " + std::to_string(kind), [&] { return check_made_any(t, kind); });
  }

  const std::vector<std::string> descriptions = {
      "long:42", "string:hello",  "Point:7,-8",
      "Color:2", "LongSeq:1,2,3", "other:IDL:Interop/Outer:1.0"};
  for (CORBA::Long kind = 0; kind <= 5; ++kind) {
    s.run("describe_any of make_any kind " + std::to_string(kind), [&] {
      CORBA::Any_var made = t->make_any(kind);
      CORBA::String_var text = t->describe_any(made.in());
      return expect_eq(str(text), descriptions[static_cast<std::size_t>(kind)]);
    });
  }
  {
    CORBA::Any a;
    a <<= static_cast<CORBA::Long>(-17);
    s.run("describe_any long -17", [&] {
      CORBA::String_var text = t->describe_any(a);
      return expect_eq(str(text), std::string("long:-17"));
    });
    CORBA::Any d;
    d <<= 1.5;
    s.run("describe_any double is other with its kind", [&] {
      CORBA::String_var text = t->describe_any(d);
      return expect_eq(str(text), std::string("other:7"));
    });
    CORBA::Any u;
    Interop::NumUnion n;
    n.l(3);
    u <<= n;
    s.run("describe_any NumUnion is other with its id", [&] {
      CORBA::String_var text = t->describe_any(u);
      return expect_eq(str(text), std::string("other:IDL:Interop/NumUnion:1.0"));
    });
    CORBA::Any empty_seq;
    empty_seq <<= Interop::LongSeq();
    s.run("describe_any empty LongSeq", [&] {
      CORBA::String_var text = t->describe_any(empty_seq);
      return expect_eq(str(text), std::string("LongSeq:"));
    });
  }

  CORBA::Any a;
  a <<= static_cast<CORBA::Long>(INT_MIN);
  s.run("echo_any long", [&] {
    return echo_any_as<CORBA::Long>(t, a, [](CORBA::Long v) { return expect_eq(v, INT_MIN); });
  });
  a <<= static_cast<CORBA::ULongLong>(ULLONG_MAX);
  s.run("echo_any unsigned long long", [&] {
    return echo_any_as<CORBA::ULongLong>(t, a, [](CORBA::ULongLong v) {
      return expect_eq(v, static_cast<CORBA::ULongLong>(ULLONG_MAX));
    });
  });
  a <<= -0.0;
  s.run("echo_any double", [&] {
    return echo_any_as<CORBA::Double>(
        t, a, [](CORBA::Double v) { return expect_same_bits(v, -0.0); });
  });
  a <<= CORBA::Any::from_boolean(true);
  s.run("echo_any boolean", [&] {
    CORBA::Any_var r = t->echo_any(a);
    CORBA::Boolean b = false;
    if (!(r.in() >>= CORBA::Any::to_boolean(b))) return std::string("not a boolean");
    return expect_eq(static_cast<bool>(b), true);
  });
  a <<= "any string";
  s.run("echo_any string", [&] {
    return echo_any_as<const char*>(
        t, a, [](const char* v) { return expect_eq(str(v), std::string("any string")); });
  });
  a <<= point(-1, 1);
  s.run("echo_any Point", [&] {
    return echo_any_as<const Interop::Point*>(
        t, a, [](const Interop::Point* v) { return diff(*v, point(-1, 1)); });
  });
  a <<= Interop::GREEN;
  s.run("echo_any Color", [&] {
    return echo_any_as<Interop::Color>(
        t, a, [](Interop::Color v) { return expect_eq(v, Interop::GREEN); });
  });
  a <<= long_seq({5, 4, 3, 2, 1});
  s.run("echo_any LongSeq", [&] {
    return echo_any_as<const Interop::LongSeq*>(t, a, [](const Interop::LongSeq* v) {
      return diff_seq(*v, long_seq({5, 4, 3, 2, 1}));
    });
  });
  a <<= sample_outer();
  s.run("echo_any Outer", [&] {
    return echo_any_as<const Interop::Outer*>(
        t, a, [](const Interop::Outer* v) { return diff(*v, sample_outer()); });
  });
  Interop::ColorUnion cu;
  cu.b(point(9, 8));
  a <<= cu;
  s.run("echo_any ColorUnion", [&] {
    return echo_any_as<const Interop::ColorUnion*>(
        t, a, [&](const Interop::ColorUnion* v) { return diff(*v, cu); });
  });
  CORBA::Any inner;
  inner <<= static_cast<CORBA::Short>(-2);
  a <<= inner;
  s.run("echo_any any holding a short", [&] {
    return echo_any_as<const CORBA::Any*>(t, a, [](const CORBA::Any* v) {
      CORBA::Short value = 0;
      if (!(*v >>= value)) return std::string("inner any is not a short");
      return expect_eq(value, static_cast<CORBA::Short>(-2));
    });
  });
  s.run("echo_any empty any", [&] {
    CORBA::Any_var r = t->echo_any(CORBA::Any());
    CORBA::TypeCode_var tc = r->type();
    return expect_eq(static_cast<int>(tc->kind()), static_cast<int>(CORBA::tk_null));
  });
  Interop::Oops oops(3, "in an any", long_seq({3, 4}));
  a <<= oops;
  s.run("echo_any Oops exception", [&] {
    return echo_any_as<const Interop::Oops*>(t, a, [](const Interop::Oops* v) {
      return first_failure({expect_eq(v->code, 3),
                            expect_eq(str(v->reason), std::string("in an any")),
                            diff_seq(v->details, long_seq({3, 4}))});
    });
  });
  if (s.wide) {
    a <<= CORBA::Any::from_wstring(L"wide \x20ac", 0);
  }
  s.run_wide("echo_any wstring", [&] {
    CORBA::Any_var r = t->echo_any(a);
    const CORBA::WChar* w = nullptr;
    if (!(r.in() >>= CORBA::Any::to_wstring(w, 0))) return std::string("not a wstring");
    return expect_eq(wstr(w), std::wstring(L"wide \x20ac"));
  });
  a <<= s.local_counter;
  s.run("echo_any Counter reference", [&]() -> std::string {
    CORBA::Any_var r = t->echo_any(a);
    Interop::Counter_ptr c = Interop::Counter::_nil();
    if (!(r.in() >>= c)) return "not a Counter";
    if (CORBA::is_nil(c)) return "nil";
    if (!c->_is_equivalent(s.local_counter)) return "not the Counter sent";
    return {};
  });
}

// ----------------------------------------------------------- in, out and inout

void parameter_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  struct Split {
    CORBA::Long v;
    CORBA::Short hi;
    CORBA::UShort lo;
  };
  for (const Split& c : {Split{0x12345678, 0x1234, 0x5678}, Split{-2, -1, 0xfffe},
                         Split{INT_MIN, SHRT_MIN, 0}, Split{0, 0, 0}}) {
    s.run("split_long " + std::to_string(c.v), [&] {
      CORBA::Short hi = 0;
      CORBA::UShort lo = 0;
      const CORBA::Long r = t->split_long(c.v, hi, lo);
      return first_failure({in_part("return", expect_eq(r, c.v)),
                            in_part("hi", expect_eq(hi, c.hi)),
                            in_part("lo", expect_eq(lo, c.lo))});
    });
  }
  s.run("inout_mix 21 hi", [&] {
    CORBA::Long a = 21;
    CORBA::String_var text = CORBA::string_dup("hi");
    CORBA::Double d = 0;
    const CORBA::Long r = t->inout_mix(a, text.inout(), d);
    return first_failure({in_part("return", expect_eq(r, 22)), in_part("a", expect_eq(a, 42)),
                          in_part("s", expect_eq(str(text), std::string("hi!"))),
                          in_part("d", expect_same_bits(d, 10.5))});
  });
  s.run("inout_mix -3 empty", [&] {
    CORBA::Long a = -3;
    CORBA::String_var text = CORBA::string_dup("");
    CORBA::Double d = 0;
    const CORBA::Long r = t->inout_mix(a, text.inout(), d);
    return first_failure({in_part("return", expect_eq(r, -2)), in_part("a", expect_eq(a, -6)),
                          in_part("s", expect_eq(str(text), std::string("!"))),
                          in_part("d", expect_same_bits(d, -1.5))});
  });
  s.run("swap_point", [&] {
    Interop::Point p = point(1, -2);
    t->swap_point(p);
    return diff(p, point(-2, 1));
  });
  s.run("inout_seq of 4", [&] {
    Interop::LongSeq seq = long_seq({1, 2, 3, 4});
    CORBA::Long count = -1;
    t->inout_seq(seq, count);
    return first_failure({in_part("seq", diff_seq(seq, long_seq({4, 3, 2, 1}))),
                          in_part("count", expect_eq(count, 4))});
  });
  s.run("inout_seq empty", [&] {
    Interop::LongSeq seq;
    CORBA::Long count = -1;
    t->inout_seq(seq, count);
    return first_failure(
        {in_part("seq", expect_eq(seq.length(), 0u)), in_part("count", expect_eq(count, 0))});
  });
}

// ---------------------------------------------------------- object references

void object_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  Interop::Counter_var first;
  s.run("create_counter", [&]() -> std::string {
    first = t->create_counter("first", 10);
    return CORBA::is_nil(first) ? "nil" : "";
  });
  if (CORBA::is_nil(first)) return;
  s.run("Counter increment", [&] { return expect_eq(first->increment(5), 15); });
  s.run("Counter value", [&] { return expect_eq(first->value(), 15); });
  s.run("Counter name", [&] {
    CORBA::String_var name = first->name();
    return expect_eq(str(name), std::string("first"));
  });
  s.run("Counter set name", [&] {
    first->name("renamed");
    CORBA::String_var name = first->name();
    return expect_eq(str(name), std::string("renamed"));
  });
  s.run("a second Counter is a separate object", [&]() -> std::string {
    Interop::Counter_var second = t->create_counter("second", -3);
    if (first->_is_equivalent(second)) return "same object as the first";
    return first_failure({expect_eq(second->value(), -3), expect_eq(first->value(), 15)});
  });
  s.run("use_counter on the server's Counter",
        [&] { return expect_eq(t->use_counter(first, 3), 18); });
  s.run("use_counter calls back the client's Counter", [&] {
    return first_failure({expect_eq(t->use_counter(s.local_counter, 4), 104),
                          in_part("local value", expect_eq(s.local_counter->value(), 104))});
  });

  s.run("echo_object returns the Counter", [&]() -> std::string {
    CORBA::Object_var o = t->echo_object(first);
    if (CORBA::is_nil(o)) return "nil";
    if (!o->_is_equivalent(first)) return "not equivalent";
    Interop::Counter_var c = Interop::Counter::_narrow(o);
    if (CORBA::is_nil(c)) return "narrow to Counter gave nil";
    return expect_eq(c->value(), 18);
  });
  s.run("echo_object returns the client's own Counter", [&]() -> std::string {
    CORBA::Object_var o = t->echo_object(s.local_counter);
    Interop::Counter_var c = Interop::Counter::_narrow(o);
    if (CORBA::is_nil(c)) return "nil";
    return expect_eq(c->value(), 104);
  });
  s.run("echo_object returns the Tester", [&]() -> std::string {
    CORBA::Object_var o = t->echo_object(t);
    return o->_is_equivalent(t) ? "" : "not equivalent";
  });
  s.run("echo_object nil", [&]() -> std::string {
    CORBA::Object_var o = t->echo_object(CORBA::Object::_nil());
    return CORBA::is_nil(o) ? "" : "not nil";
  });
  s.run("nil_counter", [&]() -> std::string {
    Interop::Counter_var c = t->nil_counter();
    return CORBA::is_nil(c) ? "" : "not nil";
  });
  s.run("is_nil nil",
        [&] { return expect_eq(static_cast<bool>(t->is_nil(CORBA::Object::_nil())), true); });
  s.run("is_nil Counter",
        [&] { return expect_eq(static_cast<bool>(t->is_nil(first)), false); });
  s.run("is_nil client's Counter",
        [&] { return expect_eq(static_cast<bool>(t->is_nil(s.local_counter)), false); });

  const char* derived_id = Interop::_tc_Derived->id();
  s.run("get_base", [&]() -> std::string {
    Interop::Base_var b = t->get_base();
    if (CORBA::is_nil(b)) return "nil";
    CORBA::String_var kind = b->kind();
    CORBA::String_var op = b->base_op("x");
    return first_failure({in_part("kind", expect_eq(str(kind), std::string("base"))),
                          in_part("base_op", expect_eq(str(op), std::string("base:x")))});
  });
  s.run("get_base is not a Derived", [&]() -> std::string {
    Interop::Base_var b = t->get_base();
    if (b->_is_a(derived_id)) return "_is_a Derived says true";
    Interop::Derived_var d = Interop::Derived::_narrow(b);
    return CORBA::is_nil(d) ? "" : "narrow to Derived succeeded";
  });
  s.run("get_base _non_existent is false", [&]() -> std::string {
    Interop::Base_var b = t->get_base();
    return b->_non_existent() ? "true" : "";
  });
  s.run("get_derived_as_base", [&]() -> std::string {
    Interop::Base_var b = t->get_derived_as_base();
    if (CORBA::is_nil(b)) return "nil";
    CORBA::String_var kind = b->kind();
    CORBA::String_var op = b->base_op("");
    return first_failure({in_part("kind", expect_eq(str(kind), std::string("derived"))),
                          in_part("base_op", expect_eq(str(op), std::string("base:")))});
  });
  s.run("get_derived_as_base narrows to Derived", [&]() -> std::string {
    Interop::Base_var b = t->get_derived_as_base();
    if (!b->_is_a(derived_id)) return "_is_a Derived says false";
    Interop::Derived_var d = Interop::Derived::_narrow(b);
    if (CORBA::is_nil(d)) return "narrow gave nil";
    return expect_eq(d->derived_op(7), 21);
  });
  s.run("get_derived", [&]() -> std::string {
    Interop::Derived_var d = t->get_derived();
    if (CORBA::is_nil(d)) return "nil";
    CORBA::String_var kind = d->kind();
    CORBA::String_var op = d->base_op("d");
    return first_failure({in_part("derived_op", expect_eq(d->derived_op(-5), -15)),
                          in_part("kind", expect_eq(str(kind), std::string("derived"))),
                          in_part("base_op", expect_eq(str(op), std::string("base:d")))});
  });
}

// ------------------------------------------------------------------ exceptions

void exception_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  for (const auto& [code, reason] :
       {std::pair{7, std::string("bad")}, std::pair{-1, std::string()}}) {
    s.run("raise_oops " + std::to_string(code),
          [&, code = code, &reason = reason]() -> std::string {
            try {
              t->raise_oops(code, reason.c_str());
            } catch (const Interop::Oops& e) {
              return first_failure(
                  {in_part("code", expect_eq(e.code, code)),
                   in_part("reason", expect_eq(str(e.reason), reason)),
                   in_part("details", diff_seq(e.details, long_seq({code, code + 1})))});
            }
            return "no exception";
          });
  }
  s.run("raise_empty", [&]() -> std::string {
    try {
      t->raise_empty();
    } catch (const Interop::Empty&) {
      return {};
    }
    return "no exception";
  });
  for (const CORBA::ULong minor : {42u, 0x4f4d0007u, 0xffffffffu}) {
    s.run("raise_bad_param minor " + std::to_string(minor), [&]() -> std::string {
      try {
        t->raise_bad_param(minor);
      } catch (const CORBA::BAD_PARAM& e) {
        return first_failure({in_part("minor", expect_eq(e.minor(), minor)),
                              in_part("completed", expect_eq(completion_name(e.completed()),
                                                             std::string("NO")))});
      }
      return "no exception";
    });
  }
  s.run("raise_no_permission", [&]() -> std::string {
    try {
      t->raise_no_permission();
    } catch (const CORBA::NO_PERMISSION& e) {
      return first_failure({in_part("minor", expect_eq(e.minor(), 0u)),
                            in_part("completed", expect_eq(completion_name(e.completed()),
                                                           std::string("YES")))});
    }
    return "no exception";
  });
  s.run("calls still work after exceptions", [&] { return expect_eq(t->echo_long(5), 5); });
}

// -------------------------------------------------- oneway, attributes, escapes

// A oneway may still be running in another server thread when the next request arrives,
// so last_oneway is asked again (a bounded number of times) until it shows the token.
std::string wait_for_oneway(Interop::Tester_ptr t, CORBA::Long token) {
  CORBA::Long seen = 0;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    seen = t->last_oneway();
    if (seen == token) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return "last_oneway is " + std::to_string(seen) + ", expected " + std::to_string(token);
}

void remaining_checks(Session& s) {
  Interop::Tester_ptr t = s.tester;
  for (const CORBA::Long token : {0x5eed, -77}) {
    s.run("oneway_set then last_oneway " + std::to_string(token), [&] {
      t->oneway_set(token);
      return wait_for_oneway(t, token);
    });
  }

  s.run("version attribute", [&] {
    CORBA::String_var v = t->version();
    return expect_eq(str(v), std::string(Interop::VERSION));
  });
  for (const CORBA::Long v : {INT_MIN, 123}) {
    s.run("rw_long attribute " + std::to_string(v), [&] {
      t->rw_long(v);
      return expect_eq(t->rw_long(), v);
    });
  }
  for (const Interop::Color c : {Interop::BLUE, Interop::GREEN}) {
    s.run("rw_color attribute " + std::to_string(static_cast<int>(c)), [&] {
      t->rw_color(c);
      return expect_eq(t->rw_color(), c);
    });
  }

  s.run("operation named default", [&] { return expect_eq(t->_cxx_default(5), 105); });
  s.run("operation named in", [&] { return expect_eq(t->in(5), -95); });
  s.run("Tester _is_a Tester",
        [&]() -> std::string { return t->_is_a(Interop::_tc_Tester->id()) ? "" : "false"; });
}

// ------------------------------------------------------------------------ main

// "file://path" is read here (omniORB does not resolve it); anything else goes to the ORB.
std::string reference_text(const std::string& argument) {
  const std::string scheme = "file://";
  if (argument.rfind(scheme, 0) != 0) return argument;
  std::ifstream file(argument.substr(scheme.size()));
  std::string text;
  std::getline(file, text);
  return text;
}

int run_client(CORBA::ORB_ptr orb, const std::string& reference, bool wide) {
  Report report;
  CORBA::Object_var poa_obj = orb->resolve_initial_references("RootPOA");
  PortableServer::POA_var poa = PortableServer::POA::_narrow(poa_obj);
  PortableServer::POAManager_var manager = poa->the_POAManager();
  manager->activate();
  Interop::Counter_var local_counter = omni_interop::activate<Interop::Counter>(
      poa, new omni_interop::CounterServant("client", 100));

  Interop::Tester_var tester;
  check(report, "reference is a Tester", [&]() -> std::string {
    CORBA::Object_var obj = orb->string_to_object(reference.c_str());
    tester = Interop::Tester::_narrow(obj);
    return CORBA::is_nil(tester) ? "narrow gave nil" : "";
  });
  if (CORBA::is_nil(tester)) return report.finish();

  Session session{report, tester.in(), local_counter.in(), wide};
  basic_checks(session);
  constructed_checks(session);
  sequence_checks(session);
  any_checks(session);
  parameter_checks(session);
  object_checks(session);
  exception_checks(session);
  remaining_checks(session);
  return report.finish();
}

}  // namespace

int main(int argc, char** argv) {
  // Before ORB_init, which removes the -ORB options this looks at.
  const bool wide = !rtorb::interop::wants_no_wide(argc, argv);
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    std::string reference;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--no-wide") == 0) continue;
      if (rtorb::interop::take_skip_option(i, argc, argv)) continue;
      if (reference.empty()) {
        reference = reference_text(argv[i]);
      } else {
        std::fprintf(stderr, "omni_interop_client: unknown argument %s\n", argv[i]);
        return 2;
      }
    }
    if (reference.empty()) {
      std::fprintf(
          stderr, "usage: omni_interop_client <IOR|corbaloc|file://F> [--no-wide] [--skip CHECK]... [-ORB...]\n");
      return 2;
    }
    const int status = run_client(orb, reference, wide);
    orb->destroy();
    return status;
  } catch (const CORBA::SystemException& e) {
    std::fprintf(stderr, "omni_interop_client: %s\n", describe(e).c_str());
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "omni_interop_client: %s\n", e._name());
  }
  return 1;
}
