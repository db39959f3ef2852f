// A schedule mapped onto RT-CORBA, once, at start-up: a CORBA and a native priority per
// rate group, the thread pool lanes a server creates, and the dispatch configuration per
// preemption priority an event channel reads (docs/scheduling.md, "onto RT-CORBA").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <rtorb/rt/rtcorba.hpp>
#include <rtorb/scheduling/analysis.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace rtorb::scheduling {

// RtecScheduler::Dispatching_Type_t, in its order. rtorb's analysis is static (fixed
// priorities), so every queue it configures is static_dispatching.
enum class DispatchingType : std::uint8_t {
  static_dispatching,
  deadline_dispatching,
  laxity_dispatching
};

// RtecScheduler::Config_Info: one dispatching queue of the channel.
struct DispatchConfig {
  std::int32_t preemption_priority = 0;         // 0 is the most urgent queue
  RTCORBA::NativePriority thread_priority = 0;  // the queue's threads run at this (OS)
  DispatchingType dispatching_type = DispatchingType::static_dispatching;
  RTCORBA::Priority corba_priority = 0;  // what those threads set through RTCurrent
};

struct RateGroupPriority {
  ExactTime period;
  RTCORBA::Priority corba_priority = 0;
  RTCORBA::NativePriority native_priority = 0;
  std::uint32_t threads = 1;
};

// The CORBA priorities the rate groups are spread over, both ends included.
struct PriorityRange {
  RTCORBA::Priority low = RTCORBA::minPriority;
  RTCORBA::Priority high = RTCORBA::maxPriority;
};

struct RtPlan {
  std::vector<RateGroupPriority> groups;  // index = rate group = preemption priority
  // One lane a rate group, for RTORB::create_threadpool_with_lanes (no dynamic threads:
  // a lane's threads are what the analysis counted on).
  RTCORBA::ThreadpoolLanes lanes;
  std::vector<DispatchConfig> dispatch;  // index = preemption priority

  // The dispatch configuration of a task by its name, if the schedule gave it a rate.
  std::optional<DispatchConfig> for_task(const Schedule& schedule,
                                         const std::string& task) const;
};

// The range holds fewer CORBA priorities than there are rate groups, or the mapping gives
// two rate groups one native priority (they would not preempt each other).
class InsufficientPriorityLevels : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The priority mapping refused a CORBA priority in the range.
class UnmappablePriority : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Spreads the rate groups evenly over `range`, the most urgent at range.high and the least
// at range.low (one group: range.high), and maps each through `mapping` (docs/rt.md).
// Raises InsufficientPriorityLevels, UnmappablePriority, std::invalid_argument for an empty
// range.
RtPlan plan_rt_priorities(const Schedule& schedule, RTCORBA::PriorityMapping& mapping,
                          PriorityRange range = {});

// The mapping `-ORBPriorityMapping linear` installs (docs/rt.md), for planning without an
// ORB: 0..32767 spread evenly over [native_min, native_max]. The default range is
// SCHED_FIFO's on this system.
std::unique_ptr<RTCORBA::PriorityMapping> make_linear_priority_mapping();
std::unique_ptr<RTCORBA::PriorityMapping> make_linear_priority_mapping(int native_min,
                                                                       int native_max);

}  // namespace rtorb::scheduling
