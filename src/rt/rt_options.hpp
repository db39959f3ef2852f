// The -ORB options of the rt layer (docs/rt.md has the table). ORB_init lets the rt layer
// take them out of argv before the ORB core parses the rest.
#pragma once

#include <rtorb/rt/rtcorba.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "rt/native_priority.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::rt {

struct LaneEndpoint {
  RTCORBA::Priority priority = 0;
  transport::Endpoint endpoint;
};

struct RtOptions {
  std::string priority_mapping = "linear";  // -ORBPriorityMapping direct|linear|continuous
  SchedPolicy sched_policy = SchedPolicy::fifo;  // -ORBSchedPolicy fifo|rr|other
  // -ORBLaneEndpoint PRIORITY=iiop://host:port (repeatable): where the lane of that
  // priority listens, in every thread pool that has one.
  std::vector<LaneEndpoint> lane_endpoints;
  // -ORBDynamicThreadIdleTimeout MS: how long a lane's dynamic thread waits for work
  // before it ends.
  std::chrono::milliseconds dynamic_thread_idle_timeout{10'000};
  // -ORBNetworkPriority yes|no: mark client connections with the DSCP of each request's
  // priority, and a lane's accepted connections with its priority's, whatever the
  // protocol properties say (docs/rt.md, "network priority").
  bool network_priority = false;
};

// Consumes the options above (as "-ORBName value" or "-ORBName=value", any letter case) and
// leaves every other argument in order. Raises BAD_PARAM bad_param_bad_rt_option naming
// the option for a missing or bad value.
RtOptions parse_rt_arguments(int& argc, char* argv[]);

}  // namespace rtorb::rt
