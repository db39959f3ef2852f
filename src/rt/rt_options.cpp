// The rt layer's entries in the -ORB option table (register_rt_layer adds them).
#include "rt/rt_options.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <limits>
#include <string_view>

namespace rtorb::rt {
namespace {

constexpr std::uint32_t bad_rt_option = minor::bad_param_bad_rt_option;

LaneEndpoint lane_endpoint(std::string_view value) {
  const auto eq = value.find('=');
  if (eq == std::string_view::npos) {
    throw orb::BadOptionValue{"is not PRIORITY=iiop://host:port"};
  }
  LaneEndpoint lane;
  try {
    lane.priority = static_cast<RTCORBA::Priority>(
        orb::read_number(value.substr(0, eq), 0, RTCORBA::maxPriority));
  } catch (const orb::BadOptionValue&) {
    throw orb::BadOptionValue{"does not start with a priority in [0, 32767]"};
  }
  try {
    lane.endpoint = transport::parse_endpoint(value.substr(eq + 1));
  } catch (const CORBA::BAD_PARAM& e) {
    throw orb::BadOptionValue{"does not end in an endpoint: " + e.detail(), e.minor()};
  }
  return lane;
}

}  // namespace

void add_rt_options(orb::OptionTable& t, RtOptions& o) {
  t.add({"PriorityMapping", "direct|linear|continuous", {},
         "Real-time CORBA: how CORBA priorities (0-32767) map to native ones.", bad_rt_option,
         orb::one_of_into(o.priority_mapping, {{"direct", std::string("direct")},
                                          {"linear", std::string("linear")},
                                          {"continuous", std::string("continuous")}})});
  t.add({"SchedPolicy", "fifo|rr|other", {},
         "Real-time CORBA: the scheduling policy of threads given a priority", bad_rt_option,
         orb::one_of_into(o.sched_policy, {{"fifo", SchedPolicy::fifo},
                                      {"rr", SchedPolicy::rr},
                                      {"other", SchedPolicy::other},
                                      {"SCHED_FIFO", SchedPolicy::fifo},
                                      {"SCHED_RR", SchedPolicy::rr},
                                      {"SCHED_OTHER", SchedPolicy::other}})});
  t.add({"LaneEndpoint", "PRIORITY=iiop://host:port",
         "the host of the first `-ORBEndpoint`, a port the kernel picks",
         "Real-time CORBA: where the thread-pool lane of that priority listens", bad_rt_option,
         orb::parsed_by(
             [&o](std::string_view v) { o.lane_endpoints.push_back(lane_endpoint(v)); })});
  t.add({"DynamicThreadIdleTimeout", "ms", {},
         "Real-time CORBA: how long a lane's dynamic thread waits for work before it ends.",
         bad_rt_option,
         orb::milliseconds_into(o.dynamic_thread_idle_timeout, 0,
                           static_cast<std::uint64_t>(std::numeric_limits<long>::max()))});
  t.add({"NetworkPriority", "yes|no", {},
         "Real-time CORBA: mark connections with the DSCP codepoint of their priority",
         bad_rt_option, orb::yes_no_into(o.network_priority)});
}

}  // namespace rtorb::rt
