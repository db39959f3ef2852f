// The off-line analysis of a task set: rate-monotonic priorities, the utilisation bounds
// and an exact response-time analysis, all in exact time (docs/scheduling.md). No ORB.
#pragma once

#include <cstddef>
#include <optional>
#include <rtorb/scheduling/task_set.hpp>
#include <string>
#include <vector>

namespace rtorb::scheduling {

enum class Severity : std::uint8_t { error, warning };

// Something about the set the analysis could not accept (error) or wants a person to see
// (warning). Any error makes the set unschedulable.
struct Anomaly {
  Severity severity = Severity::error;
  std::string task;  // the task concerned; empty for the whole set
  std::string message;
};

// One task's outcome, in the order of its priority (most urgent first).
struct TaskResult {
  std::string name;
  // The rate the task runs at: its own period, or its fastest caller's. Absent for a task
  // nothing calls that has no period, or one the analysis had to leave out.
  std::optional<ExactTime> period;
  std::optional<std::string> rate_from;   // the caller whose rate it inherited
  std::optional<std::size_t> rate_group;  // index into Schedule::rate_groups
  // Its own worst case plus its callees' per call: what one release costs. For a task
  // without a period of its own this is part of its callers' demand, not analysed apart.
  ExactTime demand;
  ExactTime deadline;
  // Released on its own period: has a response time of its own.
  bool periodic = false;
  // The worst response time (periodic tasks that were analysed); when it misses, the value
  // at which the iteration passed the deadline.
  std::optional<ExactTime> response_time;
  std::optional<ExactTime> slack;  // deadline - response time, negative on a miss
  bool meets_deadline = false;
};

// The tasks sharing one period: one dispatching priority, one lane. Index 0 is the most
// urgent (shortest period), as RtecScheduler's preemption priority 0 is.
struct RateGroup {
  ExactTime period;
  std::vector<std::string> tasks;  // in priority order, callees included
  std::int32_t threads = 1;        // the most threads any of its periodic tasks asked for
};

enum class BoundVerdict : std::uint8_t { passes, fails, not_applicable };

struct Schedule {
  std::vector<TaskResult> tasks;
  std::vector<RateGroup> rate_groups;
  ExactTime utilisation;  // sum of demand / period over periodic tasks
  std::size_t periodic_count = 0;
  double liu_layland_bound = 0;  // n(2^(1/n) - 1) for n periodic tasks
  BoundVerdict liu_layland = BoundVerdict::not_applicable;
  // Utilisation <= 1 when every period divides every longer one; not_applicable otherwise.
  BoundVerdict harmonic = BoundVerdict::not_applicable;
  BoundVerdict response_time_analysis = BoundVerdict::not_applicable;
  std::vector<Anomaly> anomalies;
  bool schedulable = false;  // no error anomaly and every periodic task meets its deadline

  const TaskResult* find(const std::string& name) const;
};

// Never raises for a bad set: what is wrong with it is in Schedule::anomalies.
Schedule analyse(const TaskSet& set);

const char* to_string(BoundVerdict v) noexcept;

}  // namespace rtorb::scheduling
