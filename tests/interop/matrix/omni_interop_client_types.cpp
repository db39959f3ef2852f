// The omniORB interop client's checks of basic types (every one at its limits) and of
// constructed types: enums, structs, nested structs and unions.
#include <climits>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "omni_interop_client.hpp"

namespace omni_interop::client {

using rtorb::interop::echo_float_values;
using rtorb::interop::echo_values;

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
  s.run("echo_bounded_string over its bound of 16 is refused", [&] {
    return expect_bound_refused(
        [&] { CORBA::String_var r = t->echo_bounded_string("seventeen chars!!"); });
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

}  // namespace omni_interop::client
