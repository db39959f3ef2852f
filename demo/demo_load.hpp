// The real-time demo's client side whatever the ORB: a periodic client thread per priority
// level (demo_priorities.hpp) calling cube_octet all along, and a flood of low-priority
// threads calling back to back that grows step by step. After each step, one table row:
// each level's latency over that step and the flood's throughput.
#pragma once

#include <pthread.h>
#include <sched.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <iostream>
#include <latch>
#include <mutex>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "../bench/cubit/latency_stats.hpp"
#include "../bench/mt_cubit/mono_clock.hpp"
#include "demo_priorities.hpp"

namespace rt_demo {

using mt_cubit::Nanos;

// One cube_octet call; throws on failure (a wrong result included).
using Call = std::function<void(std::uint8_t octet)>;

struct ClientSetup {
  // Runs first on the periodic thread of `level`: gives the thread the level's priority and
  // returns its call, so the connections it makes are made on it. An exception ends the run.
  std::function<Call(const PriorityLevel& level)> periodic;
  // The same for each flood thread: flood_level's priority, with normal scheduling.
  std::function<Call()> flood;
};

struct LoadOptions {
  std::vector<std::size_t> flood_steps{0, 5, 10, 20, 50};  // --steps 0,5,10,20,50
  double step_seconds = 4;                                 // --step-seconds S
  std::string title;  // what is measured, the table's first line; set by the caller
};

namespace detail {

// Room for this long a run's latencies; a longer one stops recording (see LatencyLog).
inline constexpr double longest_run_seconds = 600;

// How far apart the levels' periodic releases are (see first_release).
inline constexpr Nanos release_phase = 10'000'000;

[[noreturn]] inline void bad_option(const std::string& option, const std::string& why) {
  throw std::invalid_argument(option + ": " + why);
}

// "0,5,10" -> {0, 5, 10}. Counts may not fall: flood threads are only ever added.
inline std::vector<std::size_t> parse_steps(const std::string& text) {
  std::vector<std::size_t> steps;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    if (item.empty() || item.size() > 4 || item.find_first_not_of("0123456789") != item.npos) {
      bad_option("--steps", "not a thread count: '" + item + "'");
    }
    const std::size_t threads = std::stoul(item);
    if (!steps.empty() && threads < steps.back()) bad_option("--steps", "a count falls");
    steps.push_back(threads);
    at = comma + 1;
  }
  return steps;
}

inline double parse_seconds(const std::string& option, const char* text) {
  char* end = nullptr;
  const double seconds = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(seconds) || seconds <= 0 || seconds > 60) {
    bad_option(option, std::string("not a number of seconds in (0, 60]: ") + text);
  }
  return seconds;
}

inline Nanos period_of(double hz) { return std::llround(1e9 / hz); }

// "SCHED_FIFO 90", "SCHED_OTHER": what the calling thread really runs with.
inline std::string this_thread_scheduling() {
  int policy = 0;
  sched_param param{};
  pthread_getschedparam(pthread_self(), &policy, &param);
  switch (policy) {
    case SCHED_FIFO:
      return "SCHED_FIFO " + std::to_string(param.sched_priority);
    case SCHED_RR:
      return "SCHED_RR " + std::to_string(param.sched_priority);
    case SCHED_OTHER:
      return "SCHED_OTHER";
    default:
      return "policy " + std::to_string(policy);
  }
}

// One thread's successful calls' latencies. The thread fills a slot, then publishes it; the
// main thread reads published slots only, which are never written again. No lock: a
// high-priority thread never waits for the (normal-priority) main thread.
class LatencyLog {
 public:
  explicit LatencyLog(std::size_t capacity) : samples_(capacity) {}

  // The owning thread only. Once full, drops the sample: the log holds longest_run_seconds.
  void append(Nanos latency) noexcept {
    const std::size_t n = published_.load(std::memory_order_relaxed);
    if (n == samples_.size()) return;
    samples_[n] = latency;
    published_.store(n + 1, std::memory_order_release);
  }

  std::size_t published() const noexcept { return published_.load(std::memory_order_acquire); }

  // Published samples [from, to).
  std::vector<std::chrono::nanoseconds> slice(std::size_t from, std::size_t to) const {
    std::vector<std::chrono::nanoseconds> out;
    out.reserve(to - from);
    for (std::size_t i = from; i < to; ++i) out.emplace_back(samples_[i]);
    return out;
  }

 private:
  std::vector<Nanos> samples_;
  std::atomic<std::size_t> published_{0};
};

// One client thread's counters, each on its own cache line (flood threads bump theirs on
// every call). The thread writes them; the main thread reads `calls` and `errors` while it
// runs, `scheduling` once it is ready and `first_error` once it is joined.
struct alignas(64) ThreadRecord {
  std::atomic<std::uint64_t> calls{0};
  std::atomic<std::uint64_t> errors{0};
  std::string scheduling;
  std::string first_error;
};

struct PeriodicRecord : ThreadRecord {
  explicit PeriodicRecord(double rate_hz)
      : latencies(static_cast<std::size_t>(rate_hz * longest_run_seconds)) {}
  LatencyLog latencies;
};

inline void note_error(ThreadRecord& r, const std::string& why) {
  r.errors.fetch_add(1, std::memory_order_relaxed);
  if (r.first_error.empty()) r.first_error = why;
}

inline bool try_call(const Call& call, std::uint8_t octet, ThreadRecord& r) {
  try {
    call(octet);
    r.calls.fetch_add(1, std::memory_order_relaxed);
    return true;
  } catch (const std::exception& e) {
    note_error(r, e.what());
  } catch (...) {
    note_error(r, "an exception not derived from std::exception");
  }
  return false;
}

// The first release of a periodic thread: on a grid of `period` from the clock's zero, plus
// `phase`. The levels' grids are shifted by different phases, so no two levels are released
// together: a column shows what the flood does to its level, not what the others do.
inline Nanos first_release(Nanos period, Nanos phase) {
  return (mt_cubit::now() / period + 1) * period + phase;
}

// Calls at each release of `period` until stopped; a latency is one call's duration.
// Releases that went by during a late call are skipped, not caught up with in a burst.
inline void periodic_loop(const Call& call, Nanos release, Nanos period, std::stop_token stop,
                          PeriodicRecord& r) {
  for (std::uint8_t octet = 1; !stop.stop_requested(); ++octet) {
    mt_cubit::sleep_until(release);
    const Nanos before = mt_cubit::now();
    const bool ok = try_call(call, octet, r);
    const Nanos after = mt_cubit::now();
    if (ok) r.latencies.append(after - before);
    release += period;
    while (release <= after) release += period;
  }
}

inline void flood_loop(const Call& call, std::stop_token stop, ThreadRecord& r) {
  for (std::uint8_t octet = 1; !stop.stop_requested(); ++octet) {
    // A refusing server would otherwise turn this loop into a spin that starves the others.
    if (!try_call(call, octet, r)) mt_cubit::sleep_until(mt_cubit::now() + 1'000'000);
  }
}

// The first exception a client thread's set-up raised, for the main thread to rethrow.
class SetupFailure {
 public:
  void record(std::exception_ptr e) {
    const std::lock_guard lock(mutex_);
    if (!first_) first_ = std::move(e);
  }
  void rethrow_if_any() {
    const std::lock_guard lock(mutex_);
    if (first_) std::rethrow_exception(first_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr first_;
};

// A client thread's life: make its call (which sets its priority), one warm-up call
// (connections, first-call paths) so no step pays for them, ready, then `loop` until stopped.
template <class MakeCall, class Loop>
void client_thread(std::stop_token stop, MakeCall make_call, Loop loop, ThreadRecord& r,
                   std::latch& ready, SetupFailure& failure) {
  Call call;
  try {
    call = make_call();
    if (!call) throw std::logic_error("the client set-up returned no call");
  } catch (...) {
    failure.record(std::current_exception());
  }
  r.scheduling = this_thread_scheduling();
  if (call) try_call(call, 0, r);
  ready.count_down();
  if (call) loop(call, stop);
}

// What every counter said at one moment; two of them bound a step.
struct Snapshot {
  Nanos at = 0;
  std::array<std::size_t, levels.size()> latencies{};  // each level's published count
  std::uint64_t flood_calls = 0;
  std::uint64_t errors = 0;  // every thread's failed calls
};

struct StepRow {
  std::size_t flood_threads = 0;
  std::array<cubit::LatencySummary, levels.size()> latencies;  // by level
  double flood_calls_per_second = 0;
  std::uint64_t errors = 0;
};

// The client threads and their records. Threads are started in batches, each waited for
// until every thread of it has warmed up; join_all() (or the destructor) stops them.
class LoadRun {
 public:
  explicit LoadRun(const ClientSetup& setup) : setup_(setup) {}
  LoadRun(const LoadRun&) = delete;
  LoadRun& operator=(const LoadRun&) = delete;
  ~LoadRun() { join_all(); }

  // One periodic thread per level. Raises what a set-up raised.
  void start_periodic() {
    std::latch& ready = batches_.emplace_back(static_cast<std::ptrdiff_t>(levels.size()));
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const PriorityLevel& level = levels[i];
      PeriodicRecord& r = periodic_.emplace_back(level.rate_hz);
      threads_.emplace_back([this, i, &level, &r, &ready](std::stop_token stop) {
        const auto loop = [&](const Call& call, std::stop_token s) {
          const Nanos period = period_of(level.rate_hz);
          periodic_loop(call, first_release(period, release_phase * static_cast<Nanos>(i)),
                        period, s, r);
        };
        client_thread(
            stop, [&] { return setup_.periodic(level); }, loop, r, ready, failure_);
      });
    }
    ready.wait();
    failure_.rethrow_if_any();
  }

  // Adds flood threads until there are `threads`. Raises what a set-up raised.
  void grow_flood_to(std::size_t threads) {
    if (threads <= flood_.size()) return;
    std::latch& ready =
        batches_.emplace_back(static_cast<std::ptrdiff_t>(threads - flood_.size()));
    while (flood_.size() < threads) {
      ThreadRecord& r = flood_.emplace_back();
      threads_.emplace_back([this, &r, &ready](std::stop_token stop) {
        const auto loop = [&r](const Call& call, std::stop_token s) { flood_loop(call, s, r); };
        client_thread(stop, setup_.flood, loop, r, ready, failure_);
      });
    }
    ready.wait();
    failure_.rethrow_if_any();
  }

  // "SCHED_FIFO 90" and so on, by level; after start_periodic.
  std::array<std::string, levels.size()> periodic_scheduling() const {
    std::array<std::string, levels.size()> out;
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = periodic_[i].scheduling;
    return out;
  }

  Snapshot snapshot() const {
    Snapshot s;
    s.at = mt_cubit::now();
    for (std::size_t i = 0; i < periodic_.size(); ++i) {
      s.latencies[i] = periodic_[i].latencies.published();
      s.errors += periodic_[i].errors.load(std::memory_order_relaxed);
    }
    for (const ThreadRecord& r : flood_) {
      s.flood_calls += r.calls.load(std::memory_order_relaxed);
      s.errors += r.errors.load(std::memory_order_relaxed);
    }
    return s;
  }

  StepRow measure(const Snapshot& from, const Snapshot& to) const {
    StepRow row;
    row.flood_threads = flood_.size();
    const auto elapsed = std::chrono::nanoseconds(to.at - from.at);
    for (std::size_t i = 0; i < periodic_.size(); ++i) {
      row.latencies[i] = cubit::summarize(
          levels[i].name, periodic_[i].latencies.slice(from.latencies[i], to.latencies[i]),
          elapsed);
    }
    row.flood_calls_per_second = static_cast<double>(to.flood_calls - from.flood_calls) * 1e9 /
                                 static_cast<double>(to.at - from.at);
    row.errors = to.errors - from.errors;
    return row;
  }

  // Stops every thread and waits for it: a call under way ends first.
  void join_all() {
    for (std::jthread& t : threads_) t.request_stop();
    for (std::jthread& t : threads_) {
      if (t.joinable()) t.join();
    }
  }

  // After join_all: how many calls failed over the whole run. Says on stderr the first
  // failure of each thread that had one.
  std::uint64_t report_failures() const {
    std::uint64_t failed = 0;
    const auto tally = [&](const ThreadRecord& r) {
      failed += r.errors.load(std::memory_order_relaxed);
      if (!r.first_error.empty())
        std::cerr << "rt-demo: a call failed: " << r.first_error << '\n';
    };
    for (const ThreadRecord& r : periodic_) tally(r);
    for (const ThreadRecord& r : flood_) tally(r);
    return failed;
  }

 private:
  const ClientSetup& setup_;
  SetupFailure failure_;
  std::deque<PeriodicRecord> periodic_;  // by level; a deque, as records do not move
  std::deque<ThreadRecord> flood_;
  std::deque<std::latch> batches_;     // alive while any thread may still count one down
  std::vector<std::jthread> threads_;  // last: destroyed (stopped, joined) before the rest
};

// The title, what each thread runs with, and the column heads: a latency column group per
// level, then the flood's throughput and the step's failed calls (all threads').
inline void print_title(const LoadOptions& options,
                        const std::array<std::string, levels.size()>& scheduling) {
  std::printf("%s, %g s per step\n", options.title.c_str(), options.step_seconds);
  std::printf("periodic client threads:");
  for (std::size_t i = 0; i < levels.size(); ++i) {
    std::printf("%s %s %g Hz (%s)", i == 0 ? "" : ",", levels[i].name, levels[i].rate_hz,
                scheduling[i].c_str());
  }
  std::printf("\nflood threads: %s priority, normal scheduling, calling back to back\n",
              flood_level.name);
  std::printf("cube_octet latency in microseconds:\n");
  std::printf("%7s |", "flood");
  for (const PriorityLevel& level : levels) std::printf(" %20s |", level.name);
  std::printf(" %7s %6s\n", "flood", "all");
  std::printf("%7s |", "threads");
  for (std::size_t i = 0; i < levels.size(); ++i) {
    std::printf(" %6s %6s %6s |", "p50", "p99", "max");
  }
  std::printf(" %7s %6s\n", "calls/s", "errors");
}

inline void print_row(const StepRow& row) {
  std::printf("%7zu |", row.flood_threads);
  for (const cubit::LatencySummary& s : row.latencies) {
    if (s.count == 0) {
      std::printf(" %6s %6s %6s |", "-", "-", "-");
    } else {
      std::printf(" %6.0f %6.0f %6.0f |", s.p50_us, s.p99_us, s.max_us);
    }
  }
  std::printf(" %7.0f %6llu\n", row.flood_calls_per_second,
              static_cast<unsigned long long>(row.errors));
  std::fflush(stdout);
}

}  // namespace detail

// Consumes --steps and --step-seconds from argv, adjusting argc; the other arguments stay in
// order for the caller. Raises std::invalid_argument for a missing or bad value.
inline LoadOptions parse_load_options(int& argc, char* argv[]) {
  LoadOptions o;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool ours = arg == "--steps" || arg == "--step-seconds";
    if (ours && i + 1 >= argc) detail::bad_option(arg, "needs a value");
    if (arg == "--steps") {
      o.flood_steps = detail::parse_steps(argv[++i]);
    } else if (arg == "--step-seconds") {
      o.step_seconds = detail::parse_seconds(arg, argv[++i]);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  argv[argc] = nullptr;
  return o;
}

// Starts a periodic thread per level, then for each step grows the flood to the step's
// count, waits until the new threads have warmed up, measures for step_seconds and prints
// the step's row. Returns how many calls failed; raises what a thread's set-up raised.
inline std::uint64_t run(const LoadOptions& options, const ClientSetup& setup) {
  detail::LoadRun load(setup);
  load.start_periodic();
  detail::print_title(options, load.periodic_scheduling());
  const Nanos step = std::llround(options.step_seconds * 1e9);
  for (const std::size_t threads : options.flood_steps) {
    load.grow_flood_to(threads);
    const detail::Snapshot from = load.snapshot();
    mt_cubit::sleep_until(from.at + step);
    detail::print_row(load.measure(from, load.snapshot()));
  }
  load.join_all();
  return load.report_failures();
}

}  // namespace rt_demo
