// The rtorb interop client's checks of what a call carries besides its return value:
// out and inout parameters, user exceptions and system exceptions.
#include <climits>
#include <string>
#include <utility>

#include "rtorb_interop_client.hpp"

namespace rtorb_interop::client {

using rtorb::interop::expect_system_exception;

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

}  // namespace rtorb_interop::client
