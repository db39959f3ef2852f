// What every Cubit client shares, whatever its ORB: the command line, the timing loop and
// the output, so rtorb, omniORB and raw-socket numbers are taken the same way.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <latch>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cube.hpp"
#include "latency_stats.hpp"

namespace cubit {

struct ClientOptions {
  std::string reference;
  std::vector<std::string> operations;
  std::size_t calls = 10'000;
  std::size_t seq_len = 4;
  bool json = false;
  bool shutdown = false;
  std::size_t threads = 0;  // --threads N: N threads call for `duration` (0: one, counted)
  double duration = 2.0;    // seconds, with --threads
  // --sync-scope none|transport|server|target: the Messaging SyncScope of the oneways
  // ("" leaves the ORB's default, transport). --timeout-ms N: a RelativeRoundtripTimeout
  // of N ms on the reference (0: none). Clients that cannot honour them refuse them.
  std::string sync_scope;
  std::size_t timeout_ms = 0;
  // --buffer-count N: SYNC_NONE oneways under rtorb's BufferingConstraint, the batch leaving
  // every N messages (rtorb-cubit-client only). 0: not buffered.
  std::size_t buffer_count = 0;
  // --ami N: cube_long as AMI calls (sendc_), N outstanding at a time from one thread, for
  // --calls calls; prints calls per second. 0: synchronous calls.
  std::size_t ami = 0;
  // --coro N: cube_long by co_await on async(), N coroutines at a time on one thread, each
  // awaiting its reply before its next call, for --calls calls; prints calls per second.
  std::size_t coro = 0;
};

inline const std::vector<std::string>& all_operations() {
  static const std::vector<std::string> names = {"cube_void",   "cube_octet",         "cube_long",
                                                 "cube_struct", "cube_long_sequence", "ping_oneway",
                                                 "cube_oneway"};
  return names;
}

// Operations a run names with --op; "all" leaves them out.
inline bool is_known_operation(const std::string& op) {
  const auto& all = all_operations();
  return op == "sequence_oneway" || std::find(all.begin(), all.end(), op) != all.end();
}

inline bool is_oneway(const std::string& operation) {
  return operation.find("oneway") != std::string::npos;
}

[[noreturn]] inline void usage(const char* program) {
  std::cerr << "usage: " << program
            << " <IOR:...|corbaloc:...|file://...> [--op NAME]... [--calls N] [--seq-len L] "
               "[--json] [--shutdown] [--threads N [--duration S]] "
               "[--sync-scope none|transport|server|target] [--timeout-ms N] [--buffer-count N] "
               "[--ami N] [--coro N] [ORB options]\n"
               "operations: cube_void cube_octet cube_long cube_struct cube_long_sequence "
               "ping_oneway cube_oneway (default: all), sequence_oneway (--seq-len longs)\n";
  std::exit(2);
}

// Parses what ORB_init left in argv.
inline ClientOptions parse_client_options(int argc, char* argv[], const char* program) {
  ClientOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(program);
      return argv[++i];
    };
    try {
      if (arg == "--op") {
        options.operations.push_back(value());
      } else if (arg == "--calls") {
        options.calls = std::stoul(value());
      } else if (arg == "--seq-len") {
        options.seq_len = std::stoul(value());
      } else if (arg == "--json") {
        options.json = true;
      } else if (arg == "--threads") {
        options.threads = std::stoul(value());
      } else if (arg == "--duration") {
        options.duration = std::stod(value());
      } else if (arg == "--sync-scope") {
        options.sync_scope = value();
        if (options.sync_scope != "none" && options.sync_scope != "transport" &&
            options.sync_scope != "server" && options.sync_scope != "target") {
          usage(program);
        }
      } else if (arg == "--timeout-ms") {
        options.timeout_ms = std::stoul(value());
      } else if (arg == "--buffer-count") {
        options.buffer_count = std::stoul(value());
        if (options.buffer_count == 0) usage(program);
      } else if (arg == "--ami") {
        options.ami = std::stoul(value());
        if (options.ami == 0) usage(program);
      } else if (arg == "--coro") {
        options.coro = std::stoul(value());
        if (options.coro == 0) usage(program);
      } else if (arg == "--shutdown") {
        options.shutdown = true;
      } else if (options.reference.empty() && arg.rfind("--", 0) != 0) {
        options.reference = arg;
      } else {
        usage(program);
      }
    } catch (const std::logic_error&) {
      usage(program);
    }
  }
  if (options.reference.empty() || options.calls == 0) usage(program);
  if (options.operations.empty()) options.operations = all_operations();
  for (const auto& op : options.operations) {
    if (!is_known_operation(op)) usage(program);
  }
  return options;
}

inline void require(bool ok, const std::string& operation) {
  if (!ok) throw std::runtime_error("wrong result from " + operation);
}

// Warms up, then times `calls` calls of call(i). For oneways `sync` (one twoway) runs
// before the clock starts and before it stops, so the rate counts delivered requests.
inline LatencySummary measure(const std::string& label, const ClientOptions& options,
                              const std::function<void(std::size_t)>& call, bool oneway,
                              const std::function<void()>& sync) {
  using Clock = std::chrono::steady_clock;
  const std::size_t warm_up = std::max<std::size_t>(options.calls / 10, 100);
  for (std::size_t i = 0; i < warm_up; ++i) call(i);
  if (oneway) sync();
  std::vector<std::chrono::nanoseconds> samples(options.calls);
  const auto start = Clock::now();
  for (std::size_t i = 0; i < options.calls; ++i) {
    const auto before = Clock::now();
    call(i);
    samples[i] = Clock::now() - before;
  }
  if (oneway) sync();
  return summarize(label, std::move(samples), Clock::now() - start);
}

// What --threads measures: every call of every thread, and how many calls each made (a
// starving thread shows as a small count).
struct ThreadedSummary {
  LatencySummary all;
  std::vector<std::size_t> per_thread_calls;
};

using CallFactory = std::function<std::function<void(std::size_t)>()>;

// options.threads threads, each with its own call (from `make_call`, so each can hold its
// own buffers) warm up, then call as fast as they can for options.duration seconds. With
// rtorb's exclusive strategy and omniORB's one call per connection each thread has a
// connection of its own. The first exception of any thread is rethrown.
inline ThreadedSummary measure_threads(const std::string& label, const ClientOptions& options,
                                       const CallFactory& make_call) {
  using Clock = std::chrono::steady_clock;
  const std::size_t n = options.threads;
  std::vector<std::vector<std::chrono::nanoseconds>> samples(n);
  std::atomic<bool> stop{false};
  std::latch warmed_up(static_cast<std::ptrdiff_t>(n) + 1);
  std::mutex error_mutex;
  std::exception_ptr error;
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < n; ++t) {
    threads.emplace_back([&, t] {
      bool counted = false;
      try {
        auto call = make_call();
        for (std::size_t i = 0; i < 100; ++i) call(i);
        samples[t].reserve(1 << 18);
        warmed_up.count_down();
        counted = true;
        for (std::size_t i = 0; !stop.load(std::memory_order_relaxed); ++i) {
          const auto before = Clock::now();
          call(i);
          samples[t].push_back(Clock::now() - before);
        }
      } catch (...) {
        const std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        if (!counted) warmed_up.count_down();
      }
    });
  }
  warmed_up.arrive_and_wait();
  const auto start = Clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(options.duration));
  stop = true;
  for (auto& thread : threads) thread.join();
  const auto elapsed = Clock::now() - start;
  if (error) std::rethrow_exception(error);
  ThreadedSummary result;
  std::vector<std::chrono::nanoseconds> all;
  for (auto& s : samples) {
    result.per_thread_calls.push_back(s.size());
    all.insert(all.end(), s.begin(), s.end());
  }
  result.all = summarize(label, std::move(all), elapsed);
  return result;
}

inline void print_threaded(const ThreadedSummary& r, bool json) {
  if (json) {
    std::string text = to_json(r.all);
    text.pop_back();  // the closing brace
    text += ",\"threads\":" + std::to_string(r.per_thread_calls.size());
    text += ",\"per_thread_calls\":[";
    for (std::size_t i = 0; i < r.per_thread_calls.size(); ++i) {
      text += (i != 0 ? "," : "") + std::to_string(r.per_thread_calls[i]);
    }
    std::cout << "[" << text << "]}]\n";
  } else {
    print_header();
    print_row(r.all);
    std::cout << "calls per thread:";
    for (auto c : r.per_thread_calls) std::cout << ' ' << c;
    std::cout << '\n';
  }
}

inline std::string label_of(const std::string& operation, const ClientOptions& options) {
  return operation == "cube_long_sequence" ? operation + "[" + std::to_string(options.seq_len) + "]"
                                           : operation;
}

inline void print_results(const std::vector<LatencySummary>& results, bool json) {
  if (json) {
    std::cout << "[";
    for (std::size_t i = 0; i < results.size(); ++i) {
      std::cout << (i != 0 ? ",\n " : "") << to_json(results[i]);
    }
    std::cout << "]\n";
  } else {
    print_header();
    for (const auto& r : results) print_row(r);
  }
}

// Runs every operation of `options` (one by one, or with --threads concurrently) and prints
// the results. `make_call(op)` returns a fresh call of `op`; `sync` is one twoway call.
inline void run_operations(
    const ClientOptions& options,
    const std::function<std::function<void(std::size_t)>(const std::string&)>& make_call,
    const std::function<void()>& sync) {
  if (options.threads > 0) {
    for (const auto& operation : options.operations) {
      print_threaded(measure_threads(label_of(operation, options), options,
                                     [&] { return make_call(operation); }),
                     options.json);
    }
    return;
  }
  std::vector<LatencySummary> results;
  for (const auto& operation : options.operations) {
    results.push_back(measure(label_of(operation, options), options, make_call(operation),
                              is_oneway(operation), sync));
  }
  print_results(results, options.json);
}

}  // namespace cubit
