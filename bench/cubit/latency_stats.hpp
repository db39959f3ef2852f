// Percentiles of per-call latencies, printed as a table row or JSON; shared by the Cubit
// clients of every ORB so their numbers are computed the same way.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace cubit {

struct LatencySummary {
  std::string operation;
  std::size_t count = 0;
  double p50_us = 0, p90_us = 0, p99_us = 0, p999_us = 0, max_us = 0;
  double calls_per_second = 0;
};

// `samples` are per-call durations; `elapsed` the wall time of the whole timed loop.
inline LatencySummary summarize(std::string operation, std::vector<std::chrono::nanoseconds> samples,
                                std::chrono::nanoseconds elapsed) {
  LatencySummary s;
  s.operation = std::move(operation);
  s.count = samples.size();
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  auto at = [&](double q) {
    const auto index = static_cast<std::size_t>(q * static_cast<double>(samples.size() - 1));
    return static_cast<double>(samples[index].count()) / 1000.0;
  };
  s.p50_us = at(0.50);
  s.p90_us = at(0.90);
  s.p99_us = at(0.99);
  s.p999_us = at(0.999);
  s.max_us = static_cast<double>(samples.back().count()) / 1000.0;
  s.calls_per_second = static_cast<double>(s.count) / std::chrono::duration<double>(elapsed).count();
  return s;
}

inline void print_header() {
  std::printf("%-24s %8s %9s %9s %9s %9s %9s %11s\n", "operation", "count", "p50 us", "p90 us",
              "p99 us", "p99.9 us", "max us", "calls/s");
}

inline void print_row(const LatencySummary& s) {
  std::printf("%-24s %8zu %9.1f %9.1f %9.1f %9.1f %9.1f %11.0f\n", s.operation.c_str(), s.count,
              s.p50_us, s.p90_us, s.p99_us, s.p999_us, s.max_us, s.calls_per_second);
}

inline std::string to_json(const LatencySummary& s) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer,
                "{\"operation\":\"%s\",\"count\":%zu,\"p50_us\":%.3f,\"p90_us\":%.3f,"
                "\"p99_us\":%.3f,\"p999_us\":%.3f,\"max_us\":%.3f,\"calls_per_second\":%.1f}",
                s.operation.c_str(), s.count, s.p50_us, s.p90_us, s.p99_us, s.p999_us, s.max_us,
                s.calls_per_second);
  return buffer;
}

}  // namespace cubit
