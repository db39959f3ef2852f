// The Scheduler's operations: registration under one lock, and compute_scheduling turning
// the RT_Infos into a task set, analysing it exactly and planning its priorities.
#include "scheduler_servant.hpp"

#include <algorithm>
#include <limits>
#include <rtorb/scheduling/time_units.hpp>

namespace rtorb::scheduling {
namespace {

using RtecScheduler::handle_t;

constexpr std::int32_t not_scheduled = -1;  // the priority fields of an unscheduled RT_Info

std::int64_t as_signed(RtecScheduler::Time units) {
  // Beyond int64 is no time a task takes: kept negative so the analysis reports it.
  return units > static_cast<RtecScheduler::Time>(std::numeric_limits<std::int64_t>::max())
             ? -1
             : static_cast<std::int64_t>(units);
}

Task task_of(const RtecScheduler::RT_Info& info) {
  Task task;
  task.name = info.entry_point();
  if (info.period() != 0) task.period = period_from_time_units(info.period());
  task.worst_case_execution_time = from_time_units(as_signed(info.worst_case_execution_time()));
  task.typical_execution_time = from_time_units(as_signed(info.typical_execution_time()));
  task.criticality = static_cast<Criticality>(static_cast<int>(info.criticality()));
  task.importance = static_cast<Importance>(static_cast<int>(info.importance()));
  task.threads = std::max<std::int32_t>(1, info.threads());  // 0: passive, TAO's default
  return task;
}

RtecScheduler::Scheduling_Anomaly anomaly_of(const Anomaly& a) {
  return {a.message, a.severity == Severity::error
                         ? RtecScheduler::Anomaly_Severity::ANOMALY_ERROR
                         : RtecScheduler::Anomaly_Severity::ANOMALY_WARNING};
}

}  // namespace

handle_t SchedulerServant::create(const std::string& entry_point) {
  std::lock_guard lock(mutex_);
  const auto handle = static_cast<handle_t>(infos_.size() + 1);
  if (!handles_.emplace(entry_point, handle).second) throw RtecScheduler::DUPLICATE_NAME();
  RtecScheduler::RT_Info info;
  info.entry_point(entry_point);
  info.handle(handle);
  info.priority(not_scheduled);
  info.preemption_priority(not_scheduled);
  info.preemption_subpriority(not_scheduled);
  infos_.push_back(std::move(info));
  computed_.reset();
  return handle;
}

handle_t SchedulerServant::lookup(const std::string& entry_point) {
  std::lock_guard lock(mutex_);
  const auto it = handles_.find(entry_point);
  return it == handles_.end() ? 0 : it->second;
}

RtecScheduler::RT_Info SchedulerServant::get(handle_t handle) {
  std::lock_guard lock(mutex_);
  return info_locked(handle);
}

void SchedulerServant::set(handle_t handle, RtecScheduler::Criticality_t criticality,
                           RtecScheduler::Time wc_time, RtecScheduler::Time typical_time,
                           RtecScheduler::Time cached_time, RtecScheduler::Period_t period,
                           RtecScheduler::Importance_t importance,
                           RtecScheduler::Quantum_t quantum, std::int32_t threads,
                           RtecScheduler::Info_Type_t info_type) {
  std::lock_guard lock(mutex_);
  RtecScheduler::RT_Info& info = info_locked(handle);
  info.criticality(criticality);
  info.worst_case_execution_time(wc_time);
  info.typical_execution_time(typical_time);
  info.cached_execution_time(cached_time);
  info.period(period);
  info.importance(importance);
  info.quantum(quantum);
  info.threads(threads);
  info.info_type(info_type);
  computed_.reset();
}

void SchedulerServant::add_dependency(handle_t handle, handle_t dependency,
                                      std::int32_t number_of_calls,
                                      RtecScheduler::Dependency_Type_t dependency_type) {
  std::lock_guard lock(mutex_);
  info_locked(dependency);
  info_locked(handle).dependencies().push_back({dependency_type, number_of_calls, dependency});
  computed_.reset();
}

void SchedulerServant::priority(handle_t handle, RtecScheduler::OS_Priority& o_priority,
                                RtecScheduler::Preemption_Subpriority_t& p_subpriority,
                                RtecScheduler::Preemption_Priority_t& p_priority) {
  std::lock_guard lock(mutex_);
  priority_locked(handle, o_priority, p_subpriority, p_priority);
}

void SchedulerServant::entry_point_priority(
    const std::string& entry_point, RtecScheduler::OS_Priority& o_priority,
    RtecScheduler::Preemption_Subpriority_t& p_subpriority,
    RtecScheduler::Preemption_Priority_t& p_priority) {
  std::lock_guard lock(mutex_);
  const auto it = handles_.find(entry_point);
  if (it == handles_.end()) throw RtecScheduler::UNKNOWN_TASK();
  priority_locked(it->second, o_priority, p_subpriority, p_priority);
}

void SchedulerServant::priority_locked(handle_t handle, RtecScheduler::OS_Priority& o_priority,
                                       RtecScheduler::Preemption_Subpriority_t& p_subpriority,
                                       RtecScheduler::Preemption_Priority_t& p_priority) {
  const RtecScheduler::RT_Info& info = info_locked(handle);
  computed_locked();
  if (info.preemption_priority() == not_scheduled) throw RtecScheduler::NOT_SCHEDULED();
  o_priority = info.priority();
  p_subpriority = info.preemption_subpriority();
  p_priority = info.preemption_priority();
}

// Raises UTILIZATION_BOUND_EXCEEDED when no priority order could work (utilisation over 1)
// and INSUFFICIENT_THREAD_PRIORITY_LEVELS when the range cannot keep the rate groups apart;
// either leaves the previous state (no schedule). Misses and other anomalies are returned
// with the schedule, which priority() then answers from.
void SchedulerServant::compute_scheduling(std::int32_t minimum_priority,
                                          std::int32_t maximum_priority,
                                          RtecScheduler::RT_Info_Set& infos,
                                          RtecScheduler::Config_Info_Set& configs,
                                          RtecScheduler::Scheduling_Anomaly_Set& anomalies) {
  std::lock_guard lock(mutex_);
  computed_.reset();
  Computed computed{analyse(task_set_locked()), {}};
  if (computed.schedule.utilisation > ExactTime(1, 1))
    throw RtecScheduler::UTILIZATION_BOUND_EXCEEDED();
  computed.plan = plan_locked(computed.schedule, minimum_priority, maximum_priority);
  fill_priorities_locked(computed);
  infos = infos_;
  configs.clear();
  for (const DispatchConfig& d : computed.plan.dispatch) {
    configs.push_back({d.preemption_priority, d.thread_priority,
                       RtecScheduler::Dispatching_Type_t::STATIC_DISPATCHING});
  }
  anomalies.clear();
  for (const Anomaly& a : computed.schedule.anomalies) anomalies.push_back(anomaly_of(a));
  computed_ = std::move(computed);
}

void SchedulerServant::dispatch_configuration(RtecScheduler::Preemption_Priority_t p_priority,
                                              RtecScheduler::OS_Priority& o_priority,
                                              RtecScheduler::Dispatching_Type_t& d_type) {
  std::lock_guard lock(mutex_);
  const Computed& computed = computed_locked();
  if (p_priority < 0 || std::size_t(p_priority) >= computed.plan.dispatch.size()) {
    throw RtecScheduler::UNKNOWN_PRIORITY_LEVEL();
  }
  o_priority = computed.plan.dispatch[std::size_t(p_priority)].thread_priority;
  d_type = RtecScheduler::Dispatching_Type_t::STATIC_DISPATCHING;
}

RtecScheduler::Preemption_Priority_t SchedulerServant::last_scheduled_priority() {
  std::lock_guard lock(mutex_);
  const Computed& computed = computed_locked();
  if (computed.plan.dispatch.empty()) throw RtecScheduler::NOT_SCHEDULED();
  return static_cast<RtecScheduler::Preemption_Priority_t>(computed.plan.dispatch.size() - 1);
}

RtecScheduler::RT_Info& SchedulerServant::info_locked(handle_t handle) {
  if (handle < 1 || std::size_t(handle) > infos_.size()) throw RtecScheduler::UNKNOWN_TASK();
  return infos_[std::size_t(handle) - 1];
}

const SchedulerServant::Computed& SchedulerServant::computed_locked() const {
  if (!computed_) throw RtecScheduler::NOT_SCHEDULED();
  return *computed_;
}

TaskSet SchedulerServant::task_set_locked() const {
  TaskSet set;
  for (const RtecScheduler::RT_Info& info : infos_) {
    set.tasks.push_back(task_of(info));
    for (const RtecScheduler::Dependency_Info& dep : info.dependencies()) {
      set.dependencies.push_back({info.entry_point(),
                                  infos_[std::size_t(dep.rt_info()) - 1].entry_point(),
                                  dep.number_of_calls()});
    }
  }
  return set;
}

// The OS range the caller gives is turned into the CORBA range that maps onto it, so the
// groups spread over CORBA priorities as everywhere else and land inside [minimum, maximum].
RtPlan SchedulerServant::plan_locked(const Schedule& schedule, std::int32_t minimum,
                                     std::int32_t maximum) {
  RTCORBA::Priority low = 0;
  RTCORBA::Priority high = 0;
  const auto native = [](std::int32_t p) { return static_cast<RTCORBA::NativePriority>(p); };
  if (minimum > maximum || minimum != native(minimum) || maximum != native(maximum) ||
      !mapping_->to_CORBA(native(minimum), low) || !mapping_->to_CORBA(native(maximum), high)) {
    throw RtecScheduler::INSUFFICIENT_THREAD_PRIORITY_LEVELS();
  }
  try {
    return plan_rt_priorities(schedule, *mapping_, {low, high});
  } catch (const std::exception&) {  // too few levels, a refused or an empty range
    throw RtecScheduler::INSUFFICIENT_THREAD_PRIORITY_LEVELS();
  }
}

void SchedulerServant::fill_priorities_locked(const Computed& computed) {
  // Each task's rate group and place in it, found once rather than per RT_Info.
  std::unordered_map<std::string, std::pair<std::size_t, std::size_t>> places;
  const auto& groups = computed.schedule.rate_groups;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (std::size_t i = 0; i < groups[g].tasks.size(); ++i)
      places[groups[g].tasks[i]] = {g, i};
  }
  for (RtecScheduler::RT_Info& info : infos_) {
    const auto place = places.find(info.entry_point());
    const bool scheduled = place != places.end();
    const auto [group, position] =
        scheduled ? place->second : std::pair<std::size_t, std::size_t>{};
    info.priority(scheduled ? computed.plan.dispatch[group].thread_priority : not_scheduled);
    info.preemption_priority(scheduled ? static_cast<std::int32_t>(group) : not_scheduled);
    info.preemption_subpriority(scheduled ? static_cast<std::int32_t>(position)
                                          : not_scheduled);
  }
}

}  // namespace rtorb::scheduling
