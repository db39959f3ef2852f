// The ORB-free frame both interop.idl clients run their checks in (omni_interop_client and
// rtorb-interop-client): a Session of named checks, the echo loops over one basic type's
// values, the wait for a oneway and the command line. Each client supplies a Guard that turns
// its ORB's exceptions into failures; the checks themselves stay in each client's mapping.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
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

// One check per value, "<op> #<index> <value>": `call` sends the value and returns the echo.
template <class T, class AnySession, class Call>
void echo_values(AnySession& s, const std::string& op, std::initializer_list<T> values,
                 Call call) {
  int index = 0;
  for (const T v : values) {
    s.run(op + " #" + std::to_string(index++) + " " + show(v),
          [&] { return expect_eq(static_cast<T>(call(v)), v); });
  }
}

// As echo_values, the echo compared bit for bit (-0.0, infinities, denormals).
template <class T, class AnySession, class Call>
void echo_float_values(AnySession& s, const std::string& op, std::initializer_list<T> values,
                       Call call) {
  int index = 0;
  for (const T v : values) {
    s.run(op + " #" + std::to_string(index++) + " " + show(v),
          [&] { return expect_same_bits(static_cast<T>(call(v)), v); });
  }
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
