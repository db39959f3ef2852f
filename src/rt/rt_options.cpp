#include "rt/rt_options.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <string_view>

namespace rtorb::rt {
namespace {

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

[[noreturn]] void bad(std::string_view option, std::string_view why) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_rt_option,
                          std::string(option) + ": " + std::string(why));
}

SchedPolicy sched_policy(std::string_view value) {
  if (same_name(value, "fifo") || same_name(value, "SCHED_FIFO")) return SchedPolicy::fifo;
  if (same_name(value, "rr") || same_name(value, "SCHED_RR")) return SchedPolicy::rr;
  if (same_name(value, "other") || same_name(value, "SCHED_OTHER")) return SchedPolicy::other;
  bad("-ORBSchedPolicy", "expected fifo, rr or other, not '" + std::string(value) + "'");
}

LaneEndpoint lane_endpoint(std::string_view value) {
  const auto eq = value.find('=');
  if (eq == std::string_view::npos) bad("-ORBLaneEndpoint", "expected PRIORITY=iiop://host:port");
  int priority = -1;
  const auto digits = value.substr(0, eq);
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), priority);
  if (ec != std::errc() || end != digits.data() + digits.size() || priority < 0 ||
      priority > RTCORBA::maxPriority) {
    bad("-ORBLaneEndpoint", "the priority must be 0..32767, not '" + std::string(digits) + "'");
  }
  return {static_cast<RTCORBA::Priority>(priority), transport::parse_endpoint(value.substr(eq + 1))};
}

}  // namespace

RtOptions parse_rt_arguments(int& argc, char* argv[]) {
  RtOptions options;
  int out = argc > 0 ? 1 : 0;
  for (int i = out; i < argc; ++i) {
    std::string_view arg = argv[i];
    std::string_view name = arg;
    std::optional<std::string_view> inline_value;
    if (const auto eq = arg.find('='); eq != std::string_view::npos && arg.starts_with("-ORB")) {
      name = arg.substr(0, eq);
      inline_value = arg.substr(eq + 1);
    }
    const bool ours = same_name(name, "-ORBPriorityMapping") || same_name(name, "-ORBSchedPolicy") ||
                      same_name(name, "-ORBLaneEndpoint") ||
                      same_name(name, "-ORBDynamicThreadIdleTimeout") ||
                      same_name(name, "-ORBNetworkPriority");
    if (!ours) {
      argv[out++] = argv[i];
      continue;
    }
    std::string_view value;
    if (inline_value) {
      value = *inline_value;
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      bad(name, "missing value");
    }
    if (same_name(name, "-ORBPriorityMapping")) {
      if (value != "direct" && value != "linear" && value != "continuous") {
        bad(name, "expected direct, linear or continuous, not '" + std::string(value) + "'");
      }
      options.priority_mapping = value;
    } else if (same_name(name, "-ORBSchedPolicy")) {
      options.sched_policy = sched_policy(value);
    } else if (same_name(name, "-ORBDynamicThreadIdleTimeout")) {
      long ms = -1;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), ms);
      if (ec != std::errc() || end != value.data() + value.size() || ms < 0) {
        bad(name, "expected milliseconds, not '" + std::string(value) + "'");
      }
      options.dynamic_thread_idle_timeout = std::chrono::milliseconds(ms);
    } else if (same_name(name, "-ORBNetworkPriority")) {
      if (same_name(value, "yes") || value == "1" || same_name(value, "true")) {
        options.network_priority = true;
      } else if (same_name(value, "no") || value == "0" || same_name(value, "false")) {
        options.network_priority = false;
      } else {
        bad(name, "expected yes or no, not '" + std::string(value) + "'");
      }
    } else {
      options.lane_endpoints.push_back(lane_endpoint(value));
    }
  }
  argc = out;
  return options;
}

}  // namespace rtorb::rt
