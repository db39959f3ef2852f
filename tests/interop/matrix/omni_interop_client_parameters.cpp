// The omniORB interop client's checks of what a call carries besides its return value:
// out and inout parameters, user exceptions and system exceptions.
#include <climits>
#include <string>
#include <utility>

#include "omni_interop_client.hpp"

namespace omni_interop::client {

using rtorb::interop::expect_system_exception;

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
    s.run("raise_bad_param minor " + std::to_string(minor), [&] {
      return expect_system_exception<CORBA::BAD_PARAM>([&] { t->raise_bad_param(minor); },
                                                       minor, "NO");
    });
  }
  s.run("raise_no_permission", [&] {
    return expect_system_exception<CORBA::NO_PERMISSION>([&] { t->raise_no_permission(); },
                                                         0u, "YES");
  });
  s.run("calls still work after exceptions", [&] { return expect_eq(t->echo_long(5), 5); });
}

}  // namespace omni_interop::client
