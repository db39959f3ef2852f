// The -ORB options of the rt layer: its entries in the ORB's option table, which
// register_rt_layer (rt_orb.hpp) adds when ORB_init builds the table.
#pragma once

#include <rtorb/rt/rtcorba.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "core/option_table.hpp"
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

// Adds the options above to `table`, each stored into `options` (whose values are the
// defaults the table shows). A bad value raises BAD_PARAM bad_param_bad_rt_option.
void add_rt_options(orb::OptionTable& table, RtOptions& options);

}  // namespace rtorb::rt
