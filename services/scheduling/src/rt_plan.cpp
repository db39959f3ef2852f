// The rate groups spread over CORBA priorities, mapped to native ones, and read out as
// lanes and as the event channel's dispatch configuration.
#include <sched.h>

#include <rtorb/scheduling/rt_plan.hpp>

namespace rtorb::scheduling {
namespace {

class LinearMapping final : public RTCORBA::PriorityMapping {
 public:
  LinearMapping(int native_min, int native_max) : min_(native_min), max_(native_max) {}
  bool to_native(RTCORBA::Priority p, RTCORBA::NativePriority& native) override {
    if (p < RTCORBA::minPriority) return false;
    native = static_cast<RTCORBA::NativePriority>(min_ + long(p) * (max_ - min_) /
                                                             RTCORBA::maxPriority);
    return true;
  }
  // The lowest CORBA priority that maps onto `native`.
  bool to_CORBA(RTCORBA::NativePriority native, RTCORBA::Priority& p) override {
    if (native < min_ || native > max_) return false;
    const long span = max_ - min_;
    p = span == 0 ? 0
                  : static_cast<RTCORBA::Priority>(
                        ((native - min_) * long(RTCORBA::maxPriority) + span - 1) / span);
    return true;
  }

 private:
  int min_;
  int max_;
};

RTCORBA::Priority spread(std::size_t group, std::size_t count, PriorityRange range) {
  if (count == 1) return range.high;
  const long span = long(range.high) - range.low;
  return static_cast<RTCORBA::Priority>(range.high - long(group) * span / long(count - 1));
}

}  // namespace

RtPlan plan_rt_priorities(const Schedule& schedule, RTCORBA::PriorityMapping& mapping,
                          PriorityRange range) {
  if (range.low < RTCORBA::minPriority || range.high < range.low) {
    throw std::invalid_argument("the CORBA priority range is empty or negative");
  }
  const std::size_t count = schedule.rate_groups.size();
  if (count > std::size_t(range.high - range.low) + 1) {
    throw InsufficientPriorityLevels(
        std::to_string(count) + " rate groups need as many CORBA priorities; the range has " +
        std::to_string(range.high - range.low + 1));
  }
  RtPlan plan;
  for (std::size_t g = 0; g < count; ++g) {
    const RateGroup& group = schedule.rate_groups[g];
    RateGroupPriority out{group.period, spread(g, count, range), 0,
                          std::uint32_t(group.threads)};
    if (!mapping.to_native(out.corba_priority, out.native_priority)) {
      throw UnmappablePriority("the priority mapping refuses CORBA priority " +
                               std::to_string(out.corba_priority));
    }
    if (g > 0 && plan.groups.back().native_priority <= out.native_priority) {
      throw InsufficientPriorityLevels(
          "rate groups " + std::to_string(g - 1) + " and " + std::to_string(g) +
          " map onto native priority " + std::to_string(out.native_priority) + " and " +
          std::to_string(plan.groups.back().native_priority) + ": too few native levels");
    }
    plan.groups.push_back(out);
    plan.lanes.emplace_back(out.corba_priority, out.threads, 0);
    plan.dispatch.push_back({std::int32_t(g), out.native_priority,
                             DispatchingType::static_dispatching, out.corba_priority});
  }
  return plan;
}

std::optional<DispatchConfig> RtPlan::for_task(const Schedule& schedule,
                                               const std::string& task) const {
  const TaskResult* result = schedule.find(task);
  if (!result || !result->rate_group || *result->rate_group >= dispatch.size())
    return std::nullopt;
  return dispatch[*result->rate_group];
}

std::unique_ptr<RTCORBA::PriorityMapping> make_linear_priority_mapping() {
  return make_linear_priority_mapping(sched_get_priority_min(SCHED_FIFO),
                                      sched_get_priority_max(SCHED_FIFO));
}

std::unique_ptr<RTCORBA::PriorityMapping> make_linear_priority_mapping(int native_min,
                                                                       int native_max) {
  if (native_max < native_min) throw std::invalid_argument("empty native priority range");
  return std::make_unique<LinearMapping>(native_min, native_max);
}

}  // namespace rtorb::scheduling
