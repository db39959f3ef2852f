// The rtorb interop client's checks of basic types (every one at its limits) and of
// constructed types: enums, structs, nested structs and unions.
#include <climits>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "rtorb_interop_client.hpp"

namespace rtorb_interop::client {

using rtorb::interop::echo_float_values;
using rtorb::interop::echo_values;

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

}  // namespace rtorb_interop::client
