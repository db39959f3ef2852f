// MT_Cubit's client side whatever the ORB (the paper "ORB Core architectures and priority
// inversion", section 2.1.2): one high-priority thread calling cube_octet at 20 Hz and N
// low-priority threads at 10 Hz (or back to back), all started together, timed alike.
#pragma once

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <latch>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "../cubit/latency_stats.hpp"
#include "mono_clock.hpp"
#include "scavenger.hpp"

namespace mt_cubit {

struct DriverOptions {
  std::size_t low = 0;       // --low N: low-priority client threads
  double low_rate_hz = 10;   // --low-rate HZ (0: each low thread calls back to back)
  double seconds = 5;        // --seconds S: the measured run, after the warm-up
  double high_rate_hz = 20;  // --high-rate HZ
  bool json = false;         // --json: one JSON object on one line instead of a table
  std::string orb;           // labels for the output ("rtorb", "omniorb"), set by the caller
  std::string model;         // "server_declared", "client_propagated", "default", "per_thread"
  bool scavenger = false;    // --scavenger: measure the CPU left to a SCHED_IDLE spinner
  // --calls N: the high thread alone (--low 0) makes N calls back to back and the run ends
  // (--seconds has no effect). Counting runs differ only in N, so whatever a process does
  // besides them cancels out of (count at N2 - count at N1) / (N2 - N1)
  // (bench/scripts/exp_mt_cubit.py); 0: the periodic run.
  std::size_t calls = 0;
};

// One cube_octet call; throws on failure (a wrong result included).
using Call = std::function<void(std::size_t i)>;

struct ThreadSetup {
  // Runs first on each client thread (the high one: high=true, index 0; low ones: 0..N-1).
  // Sets the thread's priority and returns the Call bound to the thread, so connections a
  // thread makes are made on it. An exception here aborts the run (run() rethrows it).
  std::function<Call(bool high, std::size_t index)> make_call;
};

// The high-priority thread's calls; a latency is one call's duration.
struct HighStats {
  std::size_t count = 0;  // calls that returned the right result
  double p50_us = 0, p99_us = 0, max_us = 0, mean_us = 0;
  double jitter_us = 0;                // standard deviation of the latency
  std::uint64_t missed_deadlines = 0;  // calls ending after release + period, skipped releases
  std::uint64_t errors = 0;            // calls that threw (the warm-up call included)
  double max_wakeup_late_us = 0;       // release to call start: what the OS's wake-up added
};

struct Result {
  HighStats high;
  double low_calls_per_second = 0;  // all low threads together, calls ended within the run
  std::uint64_t low_errors = 0;
  std::uint64_t low_thread_calls_min = 0, low_thread_calls_max = 0;  // a starving thread shows
  std::string high_sched;  // the high thread's policy after make_call, e.g. "SCHED_FIFO"
  std::optional<double> scavenger_share;
  std::string scavenger_sched;
  std::string first_error;  // the first failed call's message
};

namespace detail {

[[noreturn]] inline void bad_option(const std::string& option, const std::string& why) {
  throw std::invalid_argument(option + ": " + why);
}

inline double parse_number(const std::string& option, const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(v) || v < 0) {
    bad_option(option, std::string("not a number >= 0: ") + text);
  }
  return v;
}

inline std::size_t parse_count(const std::string& option, const char* text) {
  const double v = parse_number(option, text);
  if (v != std::floor(v) || v > 100'000)
    bad_option(option, std::string("not a count: ") + text);
  return static_cast<std::size_t>(v);
}

inline Nanos period_of(double hz) { return hz > 0 ? std::llround(1e9 / hz) : 0; }

inline std::string policy_name(int policy) {
  switch (policy) {
    case SCHED_FIFO:
      return "SCHED_FIFO";
    case SCHED_RR:
      return "SCHED_RR";
    case SCHED_OTHER:
      return "SCHED_OTHER";
    case SCHED_BATCH:
      return "SCHED_BATCH";
    case SCHED_IDLE:
      return "SCHED_IDLE";
    default:
      return "policy " + std::to_string(policy);
  }
}

inline std::string own_policy() {
  int policy = 0;
  sched_param param{};
  pthread_getschedparam(pthread_self(), &policy, &param);
  return policy_name(policy);
}

// What one client thread measured; written by that thread only, read after it is joined.
struct ThreadRecord {
  std::vector<std::chrono::nanoseconds> latencies;  // the high thread's successful calls
  std::uint64_t calls = 0;                          // successful calls ended within the run
  std::uint64_t errors = 0, missed = 0;
  Nanos max_wakeup_late = 0;
  std::string sched;
  std::string first_error;
};

// The start barrier and the run's window. `start` and `end` are written by the main thread
// before `go` opens and only read after it, so the latch orders them.
class StartLine {
 public:
  explicit StartLine(std::size_t threads) : ready(static_cast<std::ptrdiff_t>(threads)) {}

  void fail(std::exception_ptr e) {
    const std::lock_guard lock(mutex_);
    if (!error_) error_ = std::move(e);
  }
  bool failed() {
    const std::lock_guard lock(mutex_);
    return error_ != nullptr;
  }
  void rethrow_if_failed() {
    const std::lock_guard lock(mutex_);
    if (error_) std::rethrow_exception(error_);
  }

  std::latch ready;  // every client thread has its call and has warmed up
  std::latch go{1};  // opened once by the main thread
  Nanos start = 0, end = 0;

 private:
  std::mutex mutex_;
  std::exception_ptr error_;
};

inline bool try_call(const Call& call, std::size_t i, ThreadRecord& r) {
  std::string why;
  try {
    call(i);
    return true;
  } catch (const std::exception& e) {
    why = e.what();
  } catch (...) {
    why = "an exception not derived from std::exception";
  }
  ++r.errors;
  if (r.first_error.empty()) r.first_error = why;
  return false;
}

// Calls at each release of a period from `start` until `end`. A call ending after its
// release + period missed its deadline; releases whose whole period went by during a late
// call are skipped and counted as missed as well (they were never served), so a late call is
// not followed by a burst of catch-up calls.
inline void run_periodic(const Call& call, Nanos start, Nanos end, Nanos period, bool timed,
                         ThreadRecord& r) {
  std::size_t i = 1;
  for (Nanos release = start; release < end;) {
    sleep_until(release);
    const Nanos before = now();
    r.max_wakeup_late = std::max(r.max_wakeup_late, before - release);
    const bool ok = try_call(call, i++, r);
    const Nanos after = now();
    if (ok && timed) r.latencies.emplace_back(after - before);
    if (ok && after <= end) ++r.calls;
    if (after > release + period) ++r.missed;
    for (release += period; release + period <= after && release < end; release += period) {
      ++r.missed;
    }
  }
}

// The counted run (--calls): `calls` calls back to back from `start`, timed, with no sleep
// and no allocation between them (the latencies are reserved), so a counting run sees the
// ORB's work per call and nothing of the driver's. A call longer than a period misses.
inline void run_counted(const Call& call, Nanos start, std::size_t calls, Nanos period,
                        ThreadRecord& r) {
  sleep_until(start);
  for (std::size_t i = 1; i <= calls; ++i) {
    const Nanos before = now();
    const bool ok = try_call(call, i, r);
    const Nanos after = now();
    if (ok) {
      r.latencies.emplace_back(after - before);
      ++r.calls;
    }
    if (after - before > period) ++r.missed;
  }
}

// Calls back to back from `start` until `end`.
inline void run_flat_out(const Call& call, Nanos start, Nanos end, ThreadRecord& r) {
  sleep_until(start);
  std::size_t i = 1;
  for (Nanos t = now(); t < end;) {
    const bool ok = try_call(call, i++, r);
    t = now();
    if (ok && t <= end) ++r.calls;
    // A refusing server would otherwise turn this loop into a spin that starves the others.
    if (!ok) sleep_until(t + 1'000'000);
  }
}

inline void client_thread(const ThreadSetup& setup, const DriverOptions& options, bool high,
                          std::size_t index, StartLine& line, ThreadRecord& r) {
  Call call;
  try {
    call = setup.make_call(high, index);
    if (!call) throw std::logic_error("make_call returned no call");
  } catch (...) {
    line.fail(std::current_exception());
    call = nullptr;
  }
  r.sched = own_policy();
  if (call) try_call(call, 0, r);  // the warm-up: connections, first-call paths
  line.ready.count_down();
  line.go.wait();
  if (!call) return;
  if (high && options.calls > 0) {
    run_counted(call, line.start, options.calls, period_of(options.high_rate_hz), r);
  } else if (high) {
    run_periodic(call, line.start, line.end, period_of(options.high_rate_hz), true, r);
  } else if (options.low_rate_hz > 0) {
    run_periodic(call, line.start, line.end, period_of(options.low_rate_hz), false, r);
  } else {
    run_flat_out(call, line.start, line.end, r);
  }
}

inline HighStats high_stats(ThreadRecord& r) {
  HighStats h;
  double sum = 0, squares = 0;
  for (const auto& l : r.latencies) {
    const double us = static_cast<double>(l.count()) / 1000.0;
    sum += us;
    squares += us * us;
  }
  const auto s =
      cubit::summarize("cube_octet", std::move(r.latencies), std::chrono::seconds(1));
  h.count = s.count;
  h.p50_us = s.p50_us;
  h.p99_us = s.p99_us;
  h.max_us = s.max_us;
  if (h.count > 0) {
    const double n = static_cast<double>(h.count);
    h.mean_us = sum / n;
    h.jitter_us = std::sqrt(std::max(0.0, squares / n - h.mean_us * h.mean_us));
  }
  h.missed_deadlines = r.missed;
  h.errors = r.errors;
  h.max_wakeup_late_us = static_cast<double>(r.max_wakeup_late) / 1000.0;
  return h;
}

inline Result summarize(std::vector<ThreadRecord>& records, const DriverOptions& options) {
  Result result;
  result.high = high_stats(records[0]);
  result.high_sched = records[0].sched;
  result.first_error = records[0].first_error;
  std::uint64_t low_calls = 0;
  for (std::size_t t = 1; t < records.size(); ++t) {
    const auto& r = records[t];
    low_calls += r.calls;
    result.low_errors += r.errors;
    result.low_thread_calls_min =
        t == 1 ? r.calls : std::min(result.low_thread_calls_min, r.calls);
    result.low_thread_calls_max = std::max(result.low_thread_calls_max, r.calls);
    if (result.first_error.empty()) result.first_error = r.first_error;
  }
  result.low_calls_per_second = static_cast<double>(low_calls) / options.seconds;
  return result;
}

// The scavenger's rate over half a second while no client thread calls (before the start
// line opens or after all have stopped) and the server is idle.
inline double scavenger_alone(const Scavenger& scavenger) {
  const Nanos t = now();
  return scavenger.rate(t, t + nanos_per_second / 2);
}

// One JSON object on one line, numbers with three decimals.
class JsonLine {
 public:
  JsonLine& add(const char* key, double v) {
    char text[64];
    std::snprintf(text, sizeof text, "%.3f", v);
    return raw(key, std::isfinite(v) ? text : "null");
  }
  JsonLine& add(const char* key, std::uint64_t v) { return raw(key, std::to_string(v)); }
  JsonLine& add(const char* key, const std::string& v) {
    std::string quoted = "\"";
    for (const char c : v) {
      if (c == '"' || c == '\\') quoted += '\\';
      quoted += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
    return raw(key, quoted + "\"");
  }
  template <class T>
  JsonLine& add(const char* key, const std::optional<T>& v) {
    return v ? add(key, *v) : raw(key, "null");
  }
  JsonLine& add(const char* key, const JsonLine& object) { return raw(key, object.str()); }
  std::string str() const { return "{" + body_ + "}"; }

 private:
  JsonLine& raw(const char* key, const std::string& value) {
    if (!body_.empty()) body_ += ',';
    body_ += '"' + std::string(key) + "\":" + value;
    return *this;
  }
  std::string body_;
};

inline std::string to_json(const Result& r, const DriverOptions& o,
                           std::optional<std::uint64_t> violations) {
  JsonLine high;
  high.add("count", std::uint64_t{r.high.count})
      .add("p50_us", r.high.p50_us)
      .add("p99_us", r.high.p99_us)
      .add("max_us", r.high.max_us)
      .add("mean_us", r.high.mean_us)
      .add("jitter_us", r.high.jitter_us)
      .add("missed_deadlines", r.high.missed_deadlines)
      .add("errors", r.high.errors)
      .add("max_wakeup_late_us", r.high.max_wakeup_late_us);
  JsonLine line;
  line.add("orb", o.orb)
      .add("model", o.model)
      .add("low", std::uint64_t{o.low})
      .add("low_rate_hz", o.low_rate_hz)
      .add("high_rate_hz", o.high_rate_hz)
      .add("seconds", o.seconds)
      .add("calls", std::uint64_t{o.calls})
      .add("high_sched", r.high_sched)
      .add("high", high)
      .add("low_calls_per_second", r.low_calls_per_second)
      .add("low_errors", r.low_errors)
      .add("low_thread_calls_min", r.low_thread_calls_min)
      .add("low_thread_calls_max", r.low_thread_calls_max)
      .add("priority_violations", violations)
      .add("scavenger_share", r.scavenger_share);
  if (r.scavenger_share) line.add("scavenger_sched", r.scavenger_sched);
  return line.str();
}

inline void print_table(const Result& r, const DriverOptions& o,
                        std::optional<std::uint64_t> violations) {
  char low_rate[32] = "flat out";
  if (o.low_rate_hz > 0) std::snprintf(low_rate, sizeof low_rate, "%g Hz", o.low_rate_hz);
  if (o.calls > 0) {
    std::printf("MT_Cubit %s/%s: 1 high thread (%s), %zu calls back to back\n", o.orb.c_str(),
                o.model.c_str(), r.high_sched.c_str(), o.calls);
  } else {
    std::printf("MT_Cubit %s/%s: 1 high thread at %g Hz (%s), %zu low at %s, %g s\n",
                o.orb.c_str(), o.model.c_str(), o.high_rate_hz, r.high_sched.c_str(), o.low,
                low_rate, o.seconds);
  }
  std::printf("%8s %9s %9s %9s %9s %9s %7s %7s\n", "count", "p50 us", "p99 us", "max us",
              "mean us", "jitter us", "missed", "errors");
  const auto& h = r.high;
  std::printf("%8zu %9.1f %9.1f %9.1f %9.1f %9.1f %7llu %7llu\n", h.count, h.p50_us, h.p99_us,
              h.max_us, h.mean_us, h.jitter_us,
              static_cast<unsigned long long>(h.missed_deadlines),
              static_cast<unsigned long long>(h.errors));
  std::printf("low: %.1f calls/s, per thread %llu..%llu calls, %llu errors\n",
              r.low_calls_per_second, static_cast<unsigned long long>(r.low_thread_calls_min),
              static_cast<unsigned long long>(r.low_thread_calls_max),
              static_cast<unsigned long long>(r.low_errors));
  if (violations) {
    std::printf("server priority violations: %llu\n",
                static_cast<unsigned long long>(*violations));
  }
  if (r.scavenger_share) {
    std::printf("scavenger (%s) share: %.3f\n", r.scavenger_sched.c_str(), *r.scavenger_share);
  }
}

}  // namespace detail

// Consumes the driver's options (--low N, --low-rate HZ, --high-rate HZ, --seconds S,
// --calls N, --json, --scavenger) from argv, adjusting argc; the others stay in order for the
// caller to parse. Throws std::invalid_argument for a missing or bad value, and for --calls
// with low threads (their calls would be counted with the high thread's).
inline DriverOptions parse_driver_options(int& argc, char* argv[]) {
  DriverOptions o;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) detail::bad_option(arg, "needs a value");
      return argv[++i];
    };
    if (arg == "--low") {
      o.low = detail::parse_count(arg, value());
    } else if (arg == "--low-rate") {
      o.low_rate_hz = detail::parse_number(arg, value());
    } else if (arg == "--high-rate") {
      o.high_rate_hz = detail::parse_number(arg, value());
    } else if (arg == "--seconds") {
      o.seconds = detail::parse_number(arg, value());
    } else if (arg == "--calls") {
      o.calls = detail::parse_count(arg, value());
    } else if (arg == "--json") {
      o.json = true;
    } else if (arg == "--scavenger") {
      o.scavenger = true;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  argv[argc] = nullptr;
  if (o.high_rate_hz <= 0) detail::bad_option("--high-rate", "must be above 0");
  if (o.seconds <= 0) detail::bad_option("--seconds", "must be above 0");
  if (o.calls > 0 && o.low > 0)
    detail::bad_option("--calls", "runs the high thread alone (--low 0)");
  return o;
}

// Starts the high thread and options.low low threads; each makes its call and warms up with
// one call, then all start together when the last is ready and run for options.seconds (with
// options.calls, the high thread alone makes that many calls).
// Failed calls are counted, not fatal; a failed make_call is rethrown once all have stopped.
inline Result run(const DriverOptions& options, const ThreadSetup& setup) {
  const std::size_t threads = options.low + 1;
  detail::StartLine line(threads);
  std::vector<detail::ThreadRecord> records(threads);
  records[0].latencies.reserve(
      options.calls > 0
          ? options.calls
          : static_cast<std::size_t>(options.seconds * options.high_rate_hz) + 16);
  std::vector<std::thread> workers;
  workers.reserve(threads);
  for (std::size_t t = 0; t < threads; ++t) {
    const bool high = t == 0;
    workers.emplace_back(detail::client_thread, std::cref(setup), std::cref(options), high,
                         high ? 0 : t - 1, std::ref(line), std::ref(records[t]));
  }
  line.ready.wait();
  std::optional<Scavenger> scavenger;
  double alone_before = 0;
  if (options.scavenger) {
    scavenger.emplace();
    alone_before = detail::scavenger_alone(*scavenger);
  }
  // A little slack so every thread is asleep on the first release before it comes.
  line.start = now() + 10'000'000;
  line.end = line.failed() ? line.start : line.start + std::llround(options.seconds * 1e9);
  line.go.count_down();
  const double during = scavenger ? scavenger->rate(line.start, line.end) : 0;
  for (auto& w : workers) w.join();
  line.rethrow_if_failed();
  Result result = detail::summarize(records, options);
  if (scavenger) {
    // A virtual CPU's speed drifts by 10-20 % between half seconds: the rate alone is taken
    // on both sides of the run.
    const double alone = (alone_before + detail::scavenger_alone(*scavenger)) / 2;
    if (alone > 0) result.scavenger_share = during / alone;
    result.scavenger_sched = scavenger->policy();
  }
  return result;
}

// A table, or with options.json one JSON line: {"orb","model","low","low_rate_hz",
// "high_rate_hz","seconds","calls" (0 unless --calls),"high_sched","high":{"count",
// "p50_us","p99_us","max_us","mean_us","jitter_us","missed_deadlines","errors",
// "max_wakeup_late_us"},
// "low_calls_per_second","low_errors","low_thread_calls_min","low_thread_calls_max",
// "priority_violations" (null when the server does not count them),"scavenger_share"
// (null without --scavenger)}. The first call error, if any, goes to stderr.
inline void print(const Result& r, const DriverOptions& o,
                  std::optional<std::uint64_t> server_priority_violations) {
  if (o.json) {
    std::cout << detail::to_json(r, o, server_priority_violations) << std::endl;
  } else {
    detail::print_table(r, o, server_priority_violations);
    std::fflush(stdout);
  }
  if (!r.first_error.empty()) {
    std::cerr << "mt-cubit: " << r.high.errors + r.low_errors
              << " calls failed; the first: " << r.first_error << '\n';
  }
}

}  // namespace mt_cubit
