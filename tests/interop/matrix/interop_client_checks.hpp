// The ORB-free frame both interop.idl clients run their checks in (omni_interop_client and
// rtorb-interop-client): a Session of named checks, how an unexpected exception fails one,
// sequence comparison, the echo loops over one basic type's values, the wait for a oneway
// and the command line. Templates over what differs between the two mappings; the checks
// themselves stay in each client's mapping.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "interop_report.hpp"

namespace rtorb::interop {

// True, having reported the check SKIP, when `--skip NAME` named it.
inline bool skip_requested(Report& report, const std::string& name) {
  if (skipped_checks().count(name) == 0) return false;
  report.skip(name, "skipped with --skip: a known deviation between the two ORBs");
  return true;
}

// Runs one check; `body` returns "" on success or the reason it failed. Guard::run records
// body()'s result and fails the check on an exception the body did not expect.
template <class Guard, class Body>
void check(Report& report, const std::string& name, Body&& body) {
  if (skip_requested(report, name)) return;
  Guard::run(report, name, std::forward<Body>(body));
}

// A completion status by the number both mappings give it (the spec's order: YES, NO, MAYBE).
template <class Status>
std::string completion_name(Status status) {
  switch (static_cast<int>(status)) {
    case 0:
      return "YES";
    case 1:
      return "NO";
    default:
      return "MAYBE";
  }
}

// "BAD_PARAM minor 0x2a completed NO": how a failure names a system exception.
template <class SystemException>
std::string describe_system_exception(const SystemException& e) {
  char minor[16];
  std::snprintf(minor, sizeof minor, "0x%lx", static_cast<unsigned long>(e.minor()));
  return std::string(e._name()) + " minor " + minor + " completed " +
         completion_name(e.completed());
}

// The Guard of a Session: fails a check on an exception its body does not expect, naming the
// exception (`describe` says what a system exception was).
template <class SystemException, class UserException,
          std::string (*describe)(const SystemException&)>
struct FailOnException {
  template <class Body>
  static void run(Report& report, const std::string& name, Body&& body) {
    try {
      report.record(name, body());
    } catch (const SystemException& e) {
      report.fail(name, "unexpected " + describe(e));
    } catch (const UserException& e) {
      report.fail(name, std::string("unexpected user exception ") + e._name());
    } catch (const std::exception& e) {
      report.fail(name, std::string("unexpected std::exception ") + e.what());
    }
  }
};

// "" when `call` raises BadParam or Marshal, else "no exception": how a value over its
// bound is refused (the two ORBs differ in which).
template <class BadParam, class Marshal, class Call>
std::string expect_bound_refused(Call call) {
  try {
    call();
  } catch (const BadParam&) {
    return {};
  } catch (const Marshal&) {
    return {};
  }
  return "no exception";
}

// "" when `call` raises the system exception Exception with this minor code and completion
// status ("YES", "NO", "MAYBE"), else the first difference.
template <class Exception, class Call>
std::string expect_system_exception(Call call, std::uint32_t minor,
                                    const std::string& completed) {
  try {
    call();
  } catch (const Exception& e) {
    return first_failure({in_part("minor", expect_eq(e.minor(), minor)),
                          in_part("completed", expect_eq(completion_name(e.completed()),
                                                         completed))});
  }
  return "no exception";
}

// One client's run against one Tester: the references every check group needs, and the
// wide-character checks behind one flag so each group reads straight through.
template <class Guard, class TesterRef, class CounterRef>
struct Session {
  Report& report;
  TesterRef tester;
  CounterRef local_counter;
  bool wide;

  template <class Body>
  void run(const std::string& name, Body&& body) {
    check<Guard>(report, name, std::forward<Body>(body));
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

// A sequence's length in either mapping: length() in the classic one, size() in C++11's.
template <class Seq>
std::size_t sequence_length(const Seq& seq) {
  if constexpr (requires { seq.size(); }) {
    return seq.size();
  } else {
    return seq.length();
  }
}

// "" when the sequences are equal element by element (`compare` returns "" or why two
// elements differ), else the first difference: "length 3, expected 4" or "[2] <why>".
template <class Seq, class Compare>
std::string diff_seq(const Seq& got, const Seq& expected, Compare compare) {
  if (sequence_length(got) != sequence_length(expected)) {
    return "length " + std::to_string(sequence_length(got)) + ", expected " +
           std::to_string(sequence_length(expected));
  }
  for (std::size_t i = 0; i < sequence_length(got); ++i) {
    const std::string reason = compare(got[i], expected[i]);
    if (!reason.empty()) return "[" + std::to_string(i) + "] " + reason;
  }
  return {};
}

template <class Seq>
std::string diff_seq(const Seq& got, const Seq& expected) {
  return diff_seq(got, expected, [](const auto& a, const auto& b) { return expect_eq(a, b); });
}

// One check per value, "<op> #<index> <value>": `call` sends the value and returns the
// echo, `compare(echo, value)` says how they differ.
template <class T, class AnySession, class Call, class Compare>
void echo_each(AnySession& s, const std::string& op, std::initializer_list<T> values, Call call,
               Compare compare) {
  int index = 0;
  for (const T v : values) {
    s.run(op + " #" + std::to_string(index++) + " " + show(v),
          [&] { return compare(static_cast<T>(call(v)), v); });
  }
}

template <class T, class AnySession, class Call>
void echo_values(AnySession& s, const std::string& op, std::initializer_list<T> values,
                 Call call) {
  echo_each<T>(s, op, values, call, [](T got, T v) { return expect_eq(got, v); });
}

// As echo_values, the echo compared bit for bit (-0.0, infinities, denormals).
template <class T, class AnySession, class Call>
void echo_float_values(AnySession& s, const std::string& op, std::initializer_list<T> values,
                       Call call) {
  echo_each<T>(s, op, values, call, [](T got, T v) { return expect_same_bits(got, v); });
}

// A oneway may still be running in another server thread when the next request arrives,
// so last_oneway is asked again (a bounded number of times) until it shows the token.
template <class TesterRef>
std::string wait_for_oneway(const TesterRef& t, std::int32_t token) {
  std::int32_t seen = 0;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    seen = t->last_oneway();
    if (seen == token) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return "last_oneway is " + std::to_string(seen) + ", expected " + std::to_string(token);
}

// The Tester's reference: the one argument left once ORB_init has taken the -ORB options,
// past `--no-wide` and `--skip NAME` (which it records). nullopt, having said why on stderr,
// when there is none or more than one.
inline std::optional<std::string> reference_argument(int argc, char** argv,
                                                     const char* program) {
  std::string reference;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--no-wide") == 0) continue;
    if (take_skip_option(i, argc, argv)) continue;
    if (!reference.empty()) {
      std::fprintf(stderr, "%s: unknown argument %s\n", program, argv[i]);
      return std::nullopt;
    }
    reference = argv[i];
  }
  if (reference.empty()) {
    std::fprintf(stderr,
                 "usage: %s <IOR|corbaloc|file://F> [--no-wide] [--skip CHECK]... [-ORB...]\n",
                 program);
    return std::nullopt;
  }
  return reference;
}

}  // namespace rtorb::interop
