// rtorb client of the interop matrix: calls every operation and attribute of
// Interop::Tester and of the objects it returns, one line per check (interop_report.hpp).
// The same checks as omni_interop_client.cpp, written against the IDL to C++11 mapping.
//
//   rtorb-interop-client <IOR:...|corbaloc:...|file://path> [--no-wide] [--skip CHECK]... [-ORB options]
//
// It serves a Counter of its own (so give it an -ORBEndpoint the server can reach) that
// use_counter calls back. `--no-wide`, or -ORBGIOPVersion 1.0/1.1, skips the wchar and
// wstring checks. Exit status 0 only when every check passed.
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "interop_report.hpp"
#include "rtorb_interop_servants.hpp"

namespace {

using rtorb::interop::expect_eq;
using rtorb::interop::expect_same_bits;
using rtorb::interop::first_failure;
using rtorb::interop::in_part;
using rtorb::interop::Report;
using rtorb_interop::BaseRef;
using rtorb_interop::CounterRef;
using rtorb_interop::DerivedRef;
using rtorb_interop::ObjectRef;
using TesterRef = IDL::traits<Interop::Tester>::ref_type;
using CORBA::CompletionStatus;

std::string completion_name(CompletionStatus status) {
  switch (status) {
    case CompletionStatus::COMPLETED_YES:
      return "YES";
    case CompletionStatus::COMPLETED_NO:
      return "NO";
    default:
      return "MAYBE";
  }
}

std::string describe(const CORBA::SystemException& e) {
  char minor[16];
  std::snprintf(minor, sizeof minor, "0x%lx", static_cast<unsigned long>(e.minor()));
  std::string text = std::string(e._name()) + " minor " + minor + " completed " +
                     completion_name(e.completed());
  if (!e.detail().empty()) text += " (" + e.detail() + ")";
  return text;
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
  } catch (const CORBA::UserException& e) {
    report.fail(name, std::string("unexpected user exception ") + e._name());
  } catch (const std::exception& e) {
    report.fail(name, std::string("unexpected std::exception ") + e.what());
  }
}

// ------------------------------------------------------------------ comparisons

std::string diff(const Interop::Point& got, const Interop::Point& expected) {
  return first_failure({in_part("x", expect_eq(got.x(), expected.x())),
                        in_part("y", expect_eq(got.y(), expected.y()))});
}

template <class Seq, class Compare>
std::string diff_seq(const Seq& got, const Seq& expected, Compare compare) {
  if (got.size() != expected.size()) {
    return "length " + std::to_string(got.size()) + ", expected " +
           std::to_string(expected.size());
  }
  for (std::size_t i = 0; i < got.size(); ++i) {
    const std::string reason = compare(got[i], expected[i]);
    if (!reason.empty()) return "[" + std::to_string(i) + "] " + reason;
  }
  return {};
}

template <class Seq>
std::string diff_seq(const Seq& got, const Seq& expected) {
  return diff_seq(got, expected, [](const auto& a, const auto& b) { return expect_eq(a, b); });
}

std::string diff_points(const Interop::PointSeq& got, const Interop::PointSeq& expected) {
  return diff_seq(got, expected, [](const auto& a, const auto& b) { return diff(a, b); });
}

std::string diff(const Interop::Inner& got, const Interop::Inner& expected) {
  return first_failure({in_part("label", expect_eq(got.label(), expected.label())),
                        in_part("hue", expect_eq(got.hue(), expected.hue())),
                        in_part("path", diff_points(got.path(), expected.path()))});
}

std::string diff(const Interop::Outer& got, const Interop::Outer& expected) {
  return first_failure({in_part("origin", diff(got.origin(), expected.origin())),
                        in_part("detail", diff(got.detail(), expected.detail())),
                        in_part("values", diff_seq(got.values(), expected.values())),
                        in_part("weight", expect_same_bits(got.weight(), expected.weight())),
                        in_part("flag", expect_eq(got.flag(), expected.flag()))});
}

std::string diff(const Interop::AllBasics& got, const Interop::AllBasics& expected) {
  return first_failure({in_part("b", expect_eq(got.b(), expected.b())),
                        in_part("c", expect_eq(got.c(), expected.c())),
                        in_part("o", expect_eq(got.o(), expected.o())),
                        in_part("s", expect_eq(got.s(), expected.s())),
                        in_part("us", expect_eq(got.us(), expected.us())),
                        in_part("l", expect_eq(got.l(), expected.l())),
                        in_part("ul", expect_eq(got.ul(), expected.ul())),
                        in_part("ll", expect_eq(got.ll(), expected.ll())),
                        in_part("ull", expect_eq(got.ull(), expected.ull())),
                        in_part("f", expect_same_bits(got.f(), expected.f())),
                        in_part("d", expect_same_bits(got.d(), expected.d())),
                        in_part("str", expect_eq(got.str(), expected.str()))});
}

std::string diff(const Interop::NumUnion& got, const Interop::NumUnion& expected) {
  const std::string disc = in_part("discriminator", expect_eq(got._d(), expected._d()));
  if (!disc.empty()) return disc;
  switch (expected._d()) {
    case 1:
      return in_part("l", expect_eq(got.l(), expected.l()));
    case 2:
      return in_part("s", expect_eq(got.s(), expected.s()));
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
    case Interop::Color::RED:
      return in_part("r", expect_eq(got.r(), expected.r()));
    case Interop::Color::GREEN:
      return in_part("g", expect_eq(got.g(), expected.g()));
    default:
      return in_part("b", diff(got.b(), expected.b()));
  }
}

// ------------------------------------------------------------------- test values

// make_any(5)'s Outer; also the full Outer the echo checks send.
Interop::Outer sample_outer() {
  return Interop::Outer(
      Interop::Point(1, 2),
      Interop::Inner("in", Interop::Color::GREEN,
                     Interop::PointSeq{Interop::Point(3, 4), Interop::Point(5, 6)}),
      Interop::LongSeq{10, 20, 30}, 2.5, true);
}

Interop::Outer empty_outer() {
  return Interop::Outer(Interop::Point(0, 0), Interop::Inner("", Interop::Color::RED, {}), {},
                        -0.0, false);
}

Interop::OctetSeq octet_pattern(std::uint32_t n) {
  Interop::OctetSeq seq(n);
  for (std::uint32_t i = 0; i < n; ++i) seq[i] = rtorb::interop::octet_pattern(i);
  return seq;
}

struct Session {
  Report& report;
  TesterRef tester;
  CounterRef local_counter;
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

// Passes when `call` raises BAD_PARAM or MARSHAL (a value over its bound), fails otherwise.
template <class Call>
std::string expect_bound_refused(Call call) {
  try {
    call();
  } catch (const CORBA::BAD_PARAM&) {
    return {};
  } catch (const CORBA::MARSHAL&) {
    return {};
  }
  return "no exception";
}

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
  const TesterRef& t = s.tester;
  echo_values<bool>(s, "echo_boolean", {true, false},
                    [&](bool v) { return t->echo_boolean(v); });
  echo_values<char>(s, "echo_char", {'A', '\0', '~', ' '},
                    [&](char v) { return t->echo_char(v); });
  echo_values<std::uint8_t>(s, "echo_octet", {0, 1, 0x7f, 0x80, 0xff},
                            [&](std::uint8_t v) { return t->echo_octet(v); });
  echo_values<std::int16_t>(s, "echo_short", {0, -1, SHRT_MIN, SHRT_MAX},
                            [&](std::int16_t v) { return t->echo_short(v); });
  echo_values<std::uint16_t>(s, "echo_ushort", {0, 1, USHRT_MAX},
                             [&](std::uint16_t v) { return t->echo_ushort(v); });
  echo_values<std::int32_t>(s, "echo_long", {0, -1, INT_MIN, INT_MAX, Interop::MAGIC},
                            [&](std::int32_t v) { return t->echo_long(v); });
  echo_values<std::uint32_t>(s, "echo_ulong", {0u, 1u, UINT_MAX},
                             [&](std::uint32_t v) { return t->echo_ulong(v); });
  echo_values<std::int64_t>(s, "echo_longlong",
                            {0LL, -1LL, LLONG_MIN, LLONG_MAX, 0x0102030405060708LL},
                            [&](std::int64_t v) { return t->echo_longlong(v); });
  echo_values<std::uint64_t>(s, "echo_ulonglong", {0ULL, ULLONG_MAX, 0x8000000000000000ULL},
                             [&](std::uint64_t v) { return t->echo_ulonglong(v); });
  using FloatLimits = std::numeric_limits<float>;
  echo_float_values<float>(
      s, "echo_float",
      {0.0f, -0.0f, 1.5f, -3.25e10f, FloatLimits::max(), FloatLimits::lowest(),
       FloatLimits::min(), FloatLimits::denorm_min(), FloatLimits::infinity(),
       -FloatLimits::infinity()},
      [&](float v) { return t->echo_float(v); });
  using DoubleLimits = std::numeric_limits<double>;
  echo_float_values<double>(
      s, "echo_double",
      {0.0, -0.0, 3.141592653589793, -1e300, DoubleLimits::max(), DoubleLimits::min(),
       DoubleLimits::denorm_min(), DoubleLimits::infinity(), -DoubleLimits::infinity()},
      [&](double v) { return t->echo_double(v); });

  // Non-ASCII bytes (UTF-8 text here; omniORB's client sends ISO-8859-1) must come back as
  // they went, whatever transmission code set the two ORBs negotiate.
  for (const std::string& v : {std::string(), std::string("hello"),
                               std::string("caf\xc3\xa9 (UTF-8)"), std::string(100000, 'x')}) {
    s.run("echo_string of " + std::to_string(v.size()) + " chars " +
              (v.size() > 20 ? v.substr(0, 4) : v),
          [&] { return expect_eq(t->echo_string(v), v); });
  }
  for (const std::string& v : {std::string(), std::string("exactly16chars!!")}) {
    s.run("echo_bounded_string of " + std::to_string(v.size()) + " chars",
          [&] { return expect_eq(std::string(t->echo_bounded_string(v)), v); });
  }
  s.run("echo_bounded_string over its bound of 16 is refused", [&] {
    return expect_bound_refused(
        [&] { t->echo_bounded_string(std::string("seventeen chars!!")); });
  });
  s.run("add 2 + 3", [&] { return expect_eq(t->add(2, 3), 5); });
  s.run("add -7 + 3", [&] { return expect_eq(t->add(-7, 3), -4); });

  for (const wchar_t v : {L'A', L'\x00e9', L'\x20ac', L'\xffee'}) {
    s.run_wide("echo_wchar " + rtorb::interop::show(v),
               [&] { return expect_eq(t->echo_wchar(v), v); });
  }
  for (const std::wstring& v : {std::wstring(), std::wstring(L"wide \x20ac \x00e9t\x00e9"),
                                std::wstring(10000, L'\x03a9')}) {
    s.run_wide("echo_wstring of " + std::to_string(v.size()) + " chars",
               [&] { return expect_eq(t->echo_wstring(v), v); });
  }
}

// ------------------------------------------------------------- constructed types

void constructed_checks(Session& s) {
  const TesterRef& t = s.tester;
  using Interop::Color;
  for (const Color c : {Color::RED, Color::GREEN, Color::BLUE}) {
    s.run("echo_enum " + std::to_string(static_cast<int>(c)),
          [&] { return expect_eq(t->echo_enum(c), c); });
  }
  s.run("next_color RED is GREEN",
        [&] { return expect_eq(t->next_color(Color::RED), Color::GREEN); });
  s.run("next_color GREEN is BLUE",
        [&] { return expect_eq(t->next_color(Color::GREEN), Color::BLUE); });
  s.run("next_color BLUE is RED",
        [&] { return expect_eq(t->next_color(Color::BLUE), Color::RED); });

  const Interop::AllBasics high(true, 'z', 0xff, SHRT_MAX, USHRT_MAX, INT_MAX, UINT_MAX,
                                LLONG_MAX, ULLONG_MAX, std::numeric_limits<float>::max(),
                                std::numeric_limits<double>::max(), "all the basics");
  const Interop::AllBasics low(false, '\0', 0, SHRT_MIN, 0, INT_MIN, 0, LLONG_MIN, 0, -0.0f,
                               -std::numeric_limits<double>::infinity(), "");
  s.run("echo_basics with maximum values", [&] { return diff(t->echo_basics(high), high); });
  s.run("echo_basics with minimum values", [&] { return diff(t->echo_basics(low), low); });

  const Interop::Wide wide(L'\x03a9', L"omega \x03a9 euro \x20ac", 0x7eadbeef);
  s.run_wide("echo_wide", [&] {
    const Interop::Wide r = t->echo_wide(wide);
    return first_failure({in_part("wc", expect_eq(r.wc(), wide.wc())),
                          in_part("ws", expect_eq(r.ws(), wide.ws())),
                          in_part("tail", expect_eq(r.tail(), wide.tail()))});
  });

  const Interop::Outer full = sample_outer();
  const Interop::Outer empty = empty_outer();
  s.run("echo_outer with nested sequences", [&] { return diff(t->echo_outer(full), full); });
  s.run("echo_outer with empty strings and sequences",
        [&] { return diff(t->echo_outer(empty), empty); });

  std::vector<std::pair<std::string, Interop::NumUnion>> nums(6);
  nums[0].first = "long branch";
  nums[0].second.l(-5);
  nums[1].first = "string branch";
  nums[1].second.s("two");
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
    s.run("echo_num_union " + name,
          [&, &value = value] { return diff(t->echo_num_union(value), value); });
  }
  std::vector<std::pair<std::string, Interop::ColorUnion>> colors(3);
  colors[0].first = "RED";
  colors[0].second.r(-9);
  colors[1].first = "GREEN";
  colors[1].second.g("green");
  colors[2].first = "BLUE";
  colors[2].second.b(Interop::Point(1, -1));
  for (const auto& [name, value] : colors) {
    s.run("echo_color_union " + name,
          [&, &value = value] { return diff(t->echo_color_union(value), value); });
  }
}

// ---------------------------------------------------------- sequences and arrays

Interop::LongSeq reversed(const Interop::LongSeq& v) {
  return Interop::LongSeq(v.rbegin(), v.rend());
}

void sequence_checks(Session& s) {
  const TesterRef& t = s.tester;
  Interop::LongSeq many(10000);
  for (std::size_t i = 0; i < many.size(); ++i)
    many[i] = static_cast<std::int32_t>(i * 7) - 5000;
  const std::vector<std::pair<std::string, Interop::LongSeq>> longs = {
      {"empty", {}}, {"of 5", {1, 2, 3, INT_MIN, INT_MAX}}, {"of 10000", many}};
  for (const auto& [name, v] : longs) {
    s.run("reverse_longs " + name,
          [&, &v = v] { return diff_seq(t->reverse_longs(v), reversed(v)); });
  }

  const Interop::StringSeq strings = {"first", "", "third one", "4"};
  s.run("reverse_strings of 4", [&] {
    return diff_seq(t->reverse_strings(strings),
                    Interop::StringSeq(strings.rbegin(), strings.rend()));
  });
  s.run("reverse_strings empty",
        [&] { return expect_eq(t->reverse_strings({}).size(), std::size_t{0}); });

  Interop::PointSeq points;
  for (std::int32_t i = 0; i < 3000; ++i) points.emplace_back(i, -i);
  s.run("echo_points of 3000 (fragmented in GIOP 1.1 and 1.2)",
        [&] { return diff_points(t->echo_points(points), points); });
  s.run("echo_points empty",
        [&] { return expect_eq(t->echo_points({}).size(), std::size_t{0}); });

  Interop::OuterSeq outers = {sample_outer(), empty_outer(), sample_outer()};
  outers[2].weight(-1e-300);
  s.run("echo_outers of 3", [&] {
    return diff_seq(t->echo_outers(outers), outers,
                    [](const auto& a, const auto& b) { return diff(a, b); });
  });

  Interop::BoundedLongSeq eight;
  for (std::int32_t i = 0; i < 8; ++i) eight.push_back(i * -11);
  s.run("echo_bounded_seq at its bound of 8", [&] {
    const Interop::BoundedLongSeq r = t->echo_bounded_seq(eight);
    return diff_seq<std::vector<std::int32_t>>(r, eight);
  });
  s.run("echo_bounded_seq empty", [&] {
    return expect_eq(t->echo_bounded_seq(Interop::BoundedLongSeq()).size(), std::size_t{0});
  });
  s.run("echo_bounded_seq over its bound of 8 is refused", [&] {
    Interop::BoundedLongSeq nine(9, 1);
    return expect_bound_refused([&] { t->echo_bounded_seq(nine); });
  });

  const Interop::LongArray long_array = {INT_MIN, -1, 0, 1, INT_MAX};
  s.run("echo_long_array",
        [&] { return diff_seq(t->echo_long_array(long_array), long_array); });
  const Interop::StringArray texts = {"", "one", "two two"};
  s.run("echo_string_array", [&] { return diff_seq(t->echo_string_array(texts), texts); });
  const Interop::Matrix matrix = {{{1, 2, 3}, {-4, SHRT_MIN, SHRT_MAX}}};
  s.run("echo_matrix", [&] {
    return diff_seq(t->echo_matrix(matrix), matrix,
                    [](const auto& a, const auto& b) { return diff_seq(a, b); });
  });

  constexpr std::uint32_t mib = 1u << 20;
  const Interop::OctetSeq big = octet_pattern(mib);
  s.run("make_octets 1 MiB", [&] { return diff_seq(t->make_octets(mib), big); });
  s.run("echo_octets 1 MiB", [&] { return diff_seq(t->echo_octets(big), big); });
  s.run("make_octets 0", [&] { return expect_eq(t->make_octets(0).size(), std::size_t{0}); });
  s.run("make_octets 300", [&] { return diff_seq(t->make_octets(300), octet_pattern(300)); });
  s.run("echo_octets empty",
        [&] { return expect_eq(t->echo_octets({}).size(), std::size_t{0}); });
}

// ------------------------------------------------------------------------- any

std::string kind_of(const CORBA::Any& any) {
  return std::to_string(static_cast<std::uint32_t>(any.type()->kind()));
}

std::string check_made_any(const TesterRef& t, std::int32_t kind) {
  const CORBA::Any any = t->make_any(kind);
  switch (kind) {
    case 0: {
      std::int32_t l = 0;
      if (!any.extract(l)) return "not a long: TypeCode kind " + kind_of(any);
      return expect_eq(l, 42);
    }
    case 1: {
      std::string text;
      if (!any.extract(text)) return "not a string: TypeCode kind " + kind_of(any);
      return expect_eq(text, std::string("hello"));
    }
    case 2: {
      Interop::Point p;
      if (!(any >>= p)) return "not a Point: TypeCode kind " + kind_of(any);
      return diff(p, Interop::Point(7, -8));
    }
    case 3: {
      Interop::Color c{};
      if (!(any >>= c)) return "not a Color: TypeCode kind " + kind_of(any);
      return expect_eq(c, Interop::Color::BLUE);
    }
    case 4: {
      if (any.type()->kind() != rtorb::cdr::TCKind::tk_alias) {
        return "TypeCode kind " + kind_of(any) + ", expected tk_alias";
      }
      if (any.type()->id() != Interop::_tc_LongSeq->id()) return "alias id " + any.type()->id();
      Interop::LongSeq seq;
      if (!any.extract(seq, *Interop::_tc_LongSeq)) return "not a LongSeq";
      return diff_seq(seq, Interop::LongSeq{1, 2, 3});
    }
    default: {
      Interop::Outer o;
      if (!(any >>= o)) return "not an Outer: TypeCode kind " + kind_of(any);
      return diff(o, sample_outer());
    }
  }
}

// Sends `value` through echo_any: "" when the TypeCode comes back equal and `compare`
// accepts the returned any.
template <class Compare>
std::string echo_any(const TesterRef& t, const CORBA::Any& value, Compare compare) {
  const CORBA::Any r = t->echo_any(value);
  if (!r.type()->equal(*value.type())) {
    return "TypeCode changed: kind " + kind_of(r) + ", sent kind " + kind_of(value);
  }
  return compare(r);
}

template <class T>
CORBA::Any any_of(const T& value) {
  CORBA::Any any;
  any.insert(value);
  return any;
}

template <class T>
CORBA::Any any_from(const T& value) {
  CORBA::Any any;
  any <<= value;
  return any;
}

void any_checks(Session& s) {
  const TesterRef& t = s.tester;
  for (std::int32_t kind = 0; kind <= 5; ++kind) {
    s.run("make_any kind " + std::to_string(kind), [&] { return check_made_any(t, kind); });
  }
  const std::vector<std::string> descriptions = {
      "long:42", "string:hello",  "Point:7,-8",
      "Color:2", "LongSeq:1,2,3", "other:IDL:Interop/Outer:1.0"};
  for (std::int32_t kind = 0; kind <= 5; ++kind) {
    s.run("describe_any of make_any kind " + std::to_string(kind), [&] {
      return expect_eq(t->describe_any(t->make_any(kind)),
                       descriptions[static_cast<std::size_t>(kind)]);
    });
  }
  s.run("describe_any long -17", [&] {
    return expect_eq(t->describe_any(any_of(std::int32_t{-17})), std::string("long:-17"));
  });
  s.run("describe_any double is other with its kind",
        [&] { return expect_eq(t->describe_any(any_of(1.5)), std::string("other:7")); });
  s.run("describe_any NumUnion is other with its id", [&] {
    Interop::NumUnion n;
    n.l(3);
    return expect_eq(t->describe_any(any_from(n)),
                     std::string("other:IDL:Interop/NumUnion:1.0"));
  });
  s.run("describe_any empty LongSeq", [&] {
    CORBA::Any a;
    a.insert(Interop::LongSeq{}, Interop::_tc_LongSeq);
    return expect_eq(t->describe_any(a), std::string("LongSeq:"));
  });

  s.run("echo_any long", [&] {
    return echo_any(t, any_of(std::int32_t{INT_MIN}), [](const CORBA::Any& r) {
      std::int32_t v = 0;
      return r.extract(v) ? expect_eq(v, std::int32_t{INT_MIN}) : "extraction failed";
    });
  });
  s.run("echo_any unsigned long long", [&] {
    return echo_any(t, any_of(std::uint64_t{ULLONG_MAX}), [](const CORBA::Any& r) {
      std::uint64_t v = 0;
      return r.extract(v) ? expect_eq(v, std::uint64_t{ULLONG_MAX}) : "extraction failed";
    });
  });
  s.run("echo_any double", [&] {
    return echo_any(t, any_of(-0.0), [](const CORBA::Any& r) {
      double v = 1;
      return r.extract(v) ? expect_same_bits(v, -0.0) : "extraction failed";
    });
  });
  s.run("echo_any boolean", [&] {
    return echo_any(t, any_of(true), [](const CORBA::Any& r) {
      bool v = false;
      return r.extract(v) ? expect_eq(v, true) : "extraction failed";
    });
  });
  s.run("echo_any string", [&] {
    return echo_any(t, any_of(std::string("any string")), [](const CORBA::Any& r) {
      std::string v;
      return r.extract(v) ? expect_eq(v, std::string("any string")) : "extraction failed";
    });
  });
  s.run("echo_any Point", [&] {
    return echo_any(t, any_from(Interop::Point(-1, 1)), [](const CORBA::Any& r) {
      Interop::Point v;
      return (r >>= v) ? diff(v, Interop::Point(-1, 1)) : "extraction failed";
    });
  });
  s.run("echo_any Color", [&] {
    return echo_any(t, any_from(Interop::Color::GREEN), [](const CORBA::Any& r) {
      Interop::Color v{};
      return (r >>= v) ? expect_eq(v, Interop::Color::GREEN) : "extraction failed";
    });
  });
  s.run("echo_any LongSeq", [&] {
    CORBA::Any a;
    a.insert(Interop::LongSeq{5, 4, 3, 2, 1}, Interop::_tc_LongSeq);
    return echo_any(t, a, [](const CORBA::Any& r) {
      Interop::LongSeq v;
      return r.extract(v, *Interop::_tc_LongSeq) ? diff_seq(v, Interop::LongSeq{5, 4, 3, 2, 1})
                                                 : "extraction failed";
    });
  });
  s.run("echo_any Outer", [&] {
    return echo_any(t, any_from(sample_outer()), [](const CORBA::Any& r) {
      Interop::Outer v;
      return (r >>= v) ? diff(v, sample_outer()) : "extraction failed";
    });
  });
  s.run("echo_any ColorUnion", [&] {
    Interop::ColorUnion cu;
    cu.b(Interop::Point(9, 8));
    return echo_any(t, any_from(cu), [&](const CORBA::Any& r) {
      Interop::ColorUnion v;
      return (r >>= v) ? diff(v, cu) : "extraction failed";
    });
  });
  s.run("echo_any any holding a short", [&] {
    return echo_any(t, any_of(any_of(std::int16_t{-2})), [](const CORBA::Any& r) {
      CORBA::Any inner;
      if (!r.extract(inner)) return std::string("extraction failed");
      std::int16_t v = 0;
      return inner.extract(v) ? expect_eq(v, std::int16_t{-2}) : "inner any is not a short";
    });
  });
  s.run("echo_any empty any", [&] {
    return expect_eq(kind_of(t->echo_any(CORBA::Any())),
                     std::to_string(static_cast<std::uint32_t>(rtorb::cdr::TCKind::tk_null)));
  });
  s.run("echo_any Oops exception", [&] {
    return echo_any(t, any_from(Interop::Oops(3, "in an any", {3, 4})),
                    [](const CORBA::Any& r) {
                      Interop::Oops v;
                      if (!(r >>= v)) return std::string("extraction failed");
                      return first_failure({expect_eq(v.code(), 3),
                                            expect_eq(v.reason(), std::string("in an any")),
                                            diff_seq(v.details(), Interop::LongSeq{3, 4})});
                    });
  });
  s.run_wide("echo_any wstring", [&] {
    return echo_any(t, any_of(std::wstring(L"wide \x20ac")), [](const CORBA::Any& r) {
      std::wstring v;
      return r.extract(v) ? expect_eq(v, std::wstring(L"wide \x20ac")) : "extraction failed";
    });
  });
  s.run("echo_any Counter reference", [&] {
    CORBA::Any a;
    a.insert(s.local_counter, Interop::_tc_Counter);
    return echo_any(t, a, [&](const CORBA::Any& r) -> std::string {
      CounterRef c;
      if (!r.extract(c, *Interop::_tc_Counter)) return "extraction failed";
      if (c == nullptr) return "nil";
      return c->_is_equivalent(s.local_counter) ? "" : "not the Counter sent";
    });
  });
}

// ----------------------------------------------------------- in, out and inout

void parameter_checks(Session& s) {
  const TesterRef& t = s.tester;
  struct Split {
    std::int32_t v;
    std::int16_t hi;
    std::uint16_t lo;
  };
  for (const Split& c : {Split{0x12345678, 0x1234, 0x5678}, Split{-2, -1, 0xfffe},
                         Split{INT_MIN, SHRT_MIN, 0}, Split{0, 0, 0}}) {
    s.run("split_long " + std::to_string(c.v), [&] {
      std::int16_t hi = 0;
      std::uint16_t lo = 0;
      const std::int32_t r = t->split_long(c.v, hi, lo);
      return first_failure({in_part("return", expect_eq(r, c.v)),
                            in_part("hi", expect_eq(hi, c.hi)),
                            in_part("lo", expect_eq(lo, c.lo))});
    });
  }
  struct Mix {
    std::int32_t a;
    std::string s;
    std::int32_t ret;
    std::int32_t a_out;
    std::string s_out;
    double d;
  };
  for (const Mix& m : {Mix{21, "hi", 22, 42, "hi!", 10.5}, Mix{-3, "", -2, -6, "!", -1.5}}) {
    s.run("inout_mix " + std::to_string(m.a) + " " + m.s, [&] {
      std::int32_t a = m.a;
      std::string text = m.s;
      double d = 0;
      const std::int32_t r = t->inout_mix(a, text, d);
      return first_failure(
          {in_part("return", expect_eq(r, m.ret)), in_part("a", expect_eq(a, m.a_out)),
           in_part("s", expect_eq(text, m.s_out)), in_part("d", expect_same_bits(d, m.d))});
    });
  }
  s.run("swap_point", [&] {
    Interop::Point p(1, -2);
    t->swap_point(p);
    return diff(p, Interop::Point(-2, 1));
  });
  s.run("inout_seq of 4", [&] {
    Interop::LongSeq seq = {1, 2, 3, 4};
    std::int32_t count = -1;
    t->inout_seq(seq, count);
    return first_failure({in_part("seq", diff_seq(seq, Interop::LongSeq{4, 3, 2, 1})),
                          in_part("count", expect_eq(count, 4))});
  });
  s.run("inout_seq empty", [&] {
    Interop::LongSeq seq;
    std::int32_t count = -1;
    t->inout_seq(seq, count);
    return first_failure({in_part("seq", expect_eq(seq.size(), std::size_t{0})),
                          in_part("count", expect_eq(count, 0))});
  });
}

// ---------------------------------------------------------- object references

void object_checks(Session& s) {
  const TesterRef& t = s.tester;
  CounterRef first;
  s.run("create_counter", [&]() -> std::string {
    first = t->create_counter("first", 10);
    return first == nullptr ? "nil" : "";
  });
  if (first == nullptr) return;
  s.run("Counter increment", [&] { return expect_eq(first->increment(5), 15); });
  s.run("Counter value", [&] { return expect_eq(first->value(), 15); });
  s.run("Counter name", [&] { return expect_eq(first->name(), std::string("first")); });
  s.run("Counter set name", [&] {
    first->name("renamed");
    return expect_eq(first->name(), std::string("renamed"));
  });
  s.run("a second Counter is a separate object", [&]() -> std::string {
    const CounterRef second = t->create_counter("second", -3);
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
    const ObjectRef o = t->echo_object(first);
    if (o == nullptr) return "nil";
    if (!o->_is_equivalent(first)) return "not equivalent";
    const CounterRef c = IDL::traits<Interop::Counter>::narrow(o);
    if (c == nullptr) return "narrow to Counter gave nil";
    return expect_eq(c->value(), 18);
  });
  s.run("echo_object returns the client's own Counter", [&]() -> std::string {
    const CounterRef c = IDL::traits<Interop::Counter>::narrow(t->echo_object(s.local_counter));
    if (c == nullptr) return "nil";
    return expect_eq(c->value(), 104);
  });
  s.run("echo_object returns the Tester", [&]() -> std::string {
    return t->echo_object(t)->_is_equivalent(t) ? "" : "not equivalent";
  });
  s.run("echo_object nil",
        [&]() -> std::string { return t->echo_object(nullptr) == nullptr ? "" : "not nil"; });
  s.run("nil_counter",
        [&]() -> std::string { return t->nil_counter() == nullptr ? "" : "not nil"; });
  s.run("is_nil nil", [&] { return expect_eq(t->is_nil(nullptr), true); });
  s.run("is_nil Counter", [&] { return expect_eq(t->is_nil(first), false); });
  s.run("is_nil client's Counter",
        [&] { return expect_eq(t->is_nil(s.local_counter), false); });

  const std::string derived_id = IDL::traits<Interop::Derived>::repository_id;
  s.run("get_base", [&]() -> std::string {
    const BaseRef b = t->get_base();
    if (b == nullptr) return "nil";
    return first_failure(
        {in_part("kind", expect_eq(b->kind(), std::string("base"))),
         in_part("base_op", expect_eq(b->base_op("x"), std::string("base:x")))});
  });
  s.run("get_base is not a Derived", [&]() -> std::string {
    const BaseRef b = t->get_base();
    if (b->_is_a(derived_id)) return "_is_a Derived says true";
    return IDL::traits<Interop::Derived>::narrow(b) == nullptr ? ""
                                                               : "narrow to Derived succeeded";
  });
  s.run("get_base _non_existent is false",
        [&]() -> std::string { return t->get_base()->_non_existent() ? "true" : ""; });
  s.run("get_derived_as_base", [&]() -> std::string {
    const BaseRef b = t->get_derived_as_base();
    if (b == nullptr) return "nil";
    return first_failure({in_part("kind", expect_eq(b->kind(), std::string("derived"))),
                          in_part("base_op", expect_eq(b->base_op(""), std::string("base:")))});
  });
  s.run("get_derived_as_base narrows to Derived", [&]() -> std::string {
    const BaseRef b = t->get_derived_as_base();
    if (!b->_is_a(derived_id)) return "_is_a Derived says false";
    const DerivedRef d = IDL::traits<Interop::Derived>::narrow(b);
    if (d == nullptr) return "narrow gave nil";
    return expect_eq(d->derived_op(7), 21);
  });
  s.run("get_derived", [&]() -> std::string {
    const DerivedRef d = t->get_derived();
    if (d == nullptr) return "nil";
    return first_failure(
        {in_part("derived_op", expect_eq(d->derived_op(-5), -15)),
         in_part("kind", expect_eq(d->kind(), std::string("derived"))),
         in_part("base_op", expect_eq(d->base_op("d"), std::string("base:d")))});
  });
}

// ------------------------------------------------------------------ exceptions

void exception_checks(Session& s) {
  const TesterRef& t = s.tester;
  for (const auto& [code, reason] :
       {std::pair{7, std::string("bad")}, std::pair{-1, std::string()}}) {
    s.run(
        "raise_oops " + std::to_string(code),
        [&, code = code, &reason = reason]() -> std::string {
          try {
            t->raise_oops(code, reason);
          } catch (const Interop::Oops& e) {
            return first_failure(
                {in_part("code", expect_eq(e.code(), code)),
                 in_part("reason", expect_eq(e.reason(), reason)),
                 in_part("details", diff_seq(e.details(), Interop::LongSeq{code, code + 1}))});
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
  for (const std::uint32_t minor : {42u, 0x4f4d0007u, 0xffffffffu}) {
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
std::string wait_for_oneway(const TesterRef& t, std::int32_t token) {
  std::int32_t seen = 0;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    seen = t->last_oneway();
    if (seen == token) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return "last_oneway is " + std::to_string(seen) + ", expected " + std::to_string(token);
}

void remaining_checks(Session& s) {
  const TesterRef& t = s.tester;
  for (const std::int32_t token : {0x5eed, -77}) {
    s.run("oneway_set then last_oneway " + std::to_string(token), [&] {
      t->oneway_set(token);
      return wait_for_oneway(t, token);
    });
  }
  s.run("version attribute",
        [&] { return expect_eq(t->version(), std::string(Interop::VERSION)); });
  for (const std::int32_t v : {INT_MIN, 123}) {
    s.run("rw_long attribute " + std::to_string(v), [&] {
      t->rw_long(v);
      return expect_eq(t->rw_long(), v);
    });
  }
  for (const Interop::Color c : {Interop::Color::BLUE, Interop::Color::GREEN}) {
    s.run("rw_color attribute " + std::to_string(static_cast<int>(c)), [&] {
      t->rw_color(c);
      return expect_eq(t->rw_color(), c);
    });
  }
  s.run("operation named default", [&] { return expect_eq(t->_cxx_default(5), 105); });
  s.run("operation named in", [&] { return expect_eq(t->in(5), -95); });
  s.run("Tester _is_a Tester", [&]() -> std::string {
    return t->_is_a(IDL::traits<Interop::Tester>::repository_id) ? "" : "false";
  });
}

// ------------------------------------------------------------------------ main

int run_client(const IDL::traits<CORBA::ORB>::ref_type& orb, const std::string& reference,
               bool wide) {
  Report report;
  auto poa =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  const CounterRef local_counter = rtorb_interop::activate<Interop::Counter>(
      poa, CORBA::make_reference<rtorb_interop::CounterImpl>("client", 100));
  // Serves the callbacks to local_counter while this thread makes calls.
  std::thread server([&orb] {
    try {
      orb->run();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "rtorb-interop-client: run: %s\n", e.what());
    }
  });

  TesterRef tester;
  check(report, "reference is a Tester", [&]() -> std::string {
    tester = IDL::traits<Interop::Tester>::narrow(orb->string_to_object(reference));
    return tester == nullptr ? "narrow gave nil" : "";
  });
  if (tester != nullptr) {
    Session session{report, tester, local_counter, wide};
    basic_checks(session);
    constructed_checks(session);
    sequence_checks(session);
    any_checks(session);
    parameter_checks(session);
    object_checks(session);
    exception_checks(session);
    remaining_checks(session);
  }
  orb->shutdown(true);
  server.join();
  return report.finish();
}

}  // namespace

int main(int argc, char** argv) {
  // Before ORB_init, which removes the -ORB options this looks at.
  const bool wide = !rtorb::interop::wants_no_wide(argc, argv);
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    std::string reference;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--no-wide") == 0) continue;
      if (rtorb::interop::take_skip_option(i, argc, argv)) continue;
      if (reference.empty()) {
        reference = argv[i];
      } else {
        std::fprintf(stderr, "rtorb-interop-client: unknown argument %s\n", argv[i]);
        return 2;
      }
    }
    if (reference.empty()) {
      std::fprintf(
          stderr,
          "usage: rtorb-interop-client <IOR|corbaloc|file://F> [--no-wide] [--skip CHECK]... [-ORB...]\n");
      return 2;
    }
    const int status = run_client(orb, reference, wide);
    orb->destroy();
    return status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rtorb-interop-client: %s\n", e.what());
  }
  return 1;
}
