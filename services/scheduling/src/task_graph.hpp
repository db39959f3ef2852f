// The task set as a checked call graph: bad tasks and calls reported and left out, each
// task's demand (its own worst case plus its callees') and the rate it runs at.
#pragma once

#include <cstddef>
#include <optional>
#include <rtorb/scheduling/analysis.hpp>
#include <string>
#include <unordered_map>
#include <vector>

namespace rtorb::scheduling::detail {

struct Call {
  std::size_t callee;
  std::int64_t calls;
};

struct TaskNode {
  const Task* task = nullptr;
  std::vector<Call> callees;
  std::vector<std::size_t> callers;
  bool excluded = false;  // the analysis could not use it; an anomaly says why
  ExactTime demand;
  std::optional<ExactTime> rate;
  std::optional<std::size_t> rate_from;  // the caller whose rate it took
};

class TaskGraph {
 public:
  // Reads the set, appending what is wrong with it to `anomalies`.
  TaskGraph(const TaskSet& set, std::vector<Anomaly>& anomalies);

  const std::vector<TaskNode>& nodes() const noexcept { return nodes_; }

 private:
  void check_tasks(const TaskSet& set);
  void add_calls(const TaskSet& set);
  void exclude_cycles();
  void exclude_callers_of_excluded();
  void compute_demands();
  void compute_rates();
  void report(const Task* task, Severity severity, std::string message);

  std::vector<TaskNode> nodes_;
  std::unordered_map<std::string, std::size_t> index_;
  std::vector<Anomaly>& anomalies_;
};

}  // namespace rtorb::scheduling::detail
