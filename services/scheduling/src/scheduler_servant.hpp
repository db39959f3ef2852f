// The RtecScheduler::Scheduler servant: the RT_Infos clients register, and the schedule
// compute_scheduling derives from them through the exact analysis (docs/scheduling.md).
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <rtorb/rt/rtcorba.hpp>
#include <rtorb/scheduling/analysis.hpp>
#include <rtorb/scheduling/rt_plan.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "RtecSchedulerS.h"

namespace rtorb::scheduling {

class SchedulerServant final
    : public CORBA::servant_traits<RtecScheduler::Scheduler>::base_type {
 public:
  explicit SchedulerServant(std::shared_ptr<RTCORBA::PriorityMapping> mapping)
      : mapping_(std::move(mapping)) {}

  RtecScheduler::handle_t create(const std::string& entry_point) override;
  RtecScheduler::handle_t lookup(const std::string& entry_point) override;
  RtecScheduler::RT_Info get(RtecScheduler::handle_t handle) override;
  void set(RtecScheduler::handle_t handle, RtecScheduler::Criticality_t criticality,
           RtecScheduler::Time wc_time, RtecScheduler::Time typical_time,
           RtecScheduler::Time cached_time, RtecScheduler::Period_t period,
           RtecScheduler::Importance_t importance, RtecScheduler::Quantum_t quantum,
           std::int32_t threads, RtecScheduler::Info_Type_t info_type) override;
  void add_dependency(RtecScheduler::handle_t handle, RtecScheduler::handle_t dependency,
                      std::int32_t number_of_calls,
                      RtecScheduler::Dependency_Type_t dependency_type) override;
  void priority(RtecScheduler::handle_t handle, RtecScheduler::OS_Priority& o_priority,
                RtecScheduler::Preemption_Subpriority_t& p_subpriority,
                RtecScheduler::Preemption_Priority_t& p_priority) override;
  void entry_point_priority(const std::string& entry_point,
                            RtecScheduler::OS_Priority& o_priority,
                            RtecScheduler::Preemption_Subpriority_t& p_subpriority,
                            RtecScheduler::Preemption_Priority_t& p_priority) override;
  void compute_scheduling(std::int32_t minimum_priority, std::int32_t maximum_priority,
                          RtecScheduler::RT_Info_Set& infos,
                          RtecScheduler::Config_Info_Set& configs,
                          RtecScheduler::Scheduling_Anomaly_Set& anomalies) override;
  void dispatch_configuration(RtecScheduler::Preemption_Priority_t p_priority,
                              RtecScheduler::OS_Priority& o_priority,
                              RtecScheduler::Dispatching_Type_t& d_type) override;
  RtecScheduler::Preemption_Priority_t last_scheduled_priority() override;

 private:
  // What compute_scheduling decided; absent until it ran, and again after any change.
  struct Computed {
    Schedule schedule;
    RtPlan plan;
  };

  RtecScheduler::RT_Info& info_locked(RtecScheduler::handle_t handle);  // raises UNKNOWN_TASK
  TaskSet task_set_locked() const;
  RtPlan plan_locked(const Schedule& schedule, std::int32_t minimum, std::int32_t maximum);
  void fill_priorities_locked(const Computed& computed);
  void priority_locked(RtecScheduler::handle_t handle, RtecScheduler::OS_Priority& o_priority,
                       RtecScheduler::Preemption_Subpriority_t& p_subpriority,
                       RtecScheduler::Preemption_Priority_t& p_priority);
  const Computed& computed_locked() const;  // raises NOT_SCHEDULED

  const std::shared_ptr<RTCORBA::PriorityMapping> mapping_;
  std::mutex mutex_;
  std::vector<RtecScheduler::RT_Info> infos_;  // guarded by mutex_; handle = index + 1
  std::unordered_map<std::string, RtecScheduler::handle_t> handles_;  // guarded by mutex_
  std::optional<Computed> computed_;                                  // guarded by mutex_
};

}  // namespace rtorb::scheduling
