// What the event benchmark's supplier and consumer share: options, the clock both stamp
// events with (CLOCK_MONOTONIC, one clock for every process of the machine) and latency
// statistics printed as JSON.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace event_bench {

// The faces a client speaks: TAO's RtecEventComm through a channel, the CosEvent push
// model through a channel (rtorb's or omniEvents'), or RtecEventComm::PushConsumer::push
// straight to the consumer, no channel: the plain oneway call of the same payload.
enum class Face { rtec, cos, direct };

// The type the supplier pushes when it is done: a consumer stops after one per supplier.
inline constexpr std::int32_t end_type = 99;

inline std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, separator);) parts.push_back(part);
  return parts;
}

inline std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

// "--name value" pairs after the mode; every option the program reads has a default.
class Options {
 public:
  Options(int argc, char* argv[], int first) {
    for (int i = first; i + 1 < argc; i += 2) {
      const std::string name = argv[i];
      if (name.rfind("--", 0) != 0) throw std::invalid_argument("expected an option: " + name);
      values_[name.substr(2)] = argv[i + 1];
    }
  }
  std::string text(const std::string& name, const std::string& fallback = {}) const {
    auto it = values_.find(name);
    return it == values_.end() ? fallback : it->second;
  }
  long number(const std::string& name, long fallback) const {
    auto it = values_.find(name);
    return it == values_.end() ? fallback : std::stol(it->second);
  }
  Face face() const {
    const std::string f = text("face", "rtec");
    if (f == "rtec") return Face::rtec;
    if (f == "cos") return Face::cos;
    if (f == "direct") return Face::direct;
    throw std::invalid_argument("--face rtec|cos|direct, not " + f);
  }

 private:
  std::map<std::string, std::string> values_;
};

inline double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0.0;
  const auto at = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(at, sorted.size() - 1)];
}

// {"count":..,"p50_us":..,"p99_us":..,"max_us":..} of latencies in µs, plus extra fields.
inline std::string latency_json(std::vector<double> us, const std::string& extra = {}) {
  std::sort(us.begin(), us.end());
  std::ostringstream out;
  out << "{\"count\": " << us.size() << ", \"p50_us\": " << percentile(us, 0.5)
      << ", \"p90_us\": " << percentile(us, 0.9) << ", \"p99_us\": " << percentile(us, 0.99)
      << ", \"max_us\": " << (us.empty() ? 0.0 : us.back());
  if (!extra.empty()) out << ", " << extra;
  out << "}";
  return out.str();
}

}  // namespace event_bench
