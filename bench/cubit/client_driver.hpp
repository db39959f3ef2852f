// What every Cubit client shares, whatever its ORB: the command line, the timing loop and
// the output, so rtorb, omniORB and raw-socket numbers are taken the same way.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
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
};

inline const std::vector<std::string>& all_operations() {
  static const std::vector<std::string> names = {"cube_void",   "cube_octet",         "cube_long",
                                                 "cube_struct", "cube_long_sequence", "ping_oneway",
                                                 "cube_oneway"};
  return names;
}

inline bool is_oneway(const std::string& operation) {
  return operation.find("oneway") != std::string::npos;
}

[[noreturn]] inline void usage(const char* program) {
  std::cerr << "usage: " << program
            << " <IOR:...|corbaloc:...|file://...> [--op NAME]... [--calls N] [--seq-len L] "
               "[--json] [--shutdown] [ORB options]\n"
               "operations: cube_void cube_octet cube_long cube_struct cube_long_sequence "
               "ping_oneway cube_oneway (default: all)\n";
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
    const auto& all = all_operations();
    if (std::find(all.begin(), all.end(), op) == all.end()) usage(program);
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

}  // namespace cubit
