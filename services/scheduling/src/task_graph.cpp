// The call graph's checks (bad values, unknown names, cycles) and the demand and rate each
// task gets from its callees and callers.
#include "task_graph.hpp"

#include <algorithm>
#include <functional>

namespace rtorb::scheduling::detail {
namespace {

std::string quoted(const std::string& name) { return "'" + name + "'"; }

}  // namespace

TaskGraph::TaskGraph(const TaskSet& set, std::vector<Anomaly>& anomalies)
    : anomalies_(anomalies) {
  check_tasks(set);
  add_calls(set);
  exclude_cycles();
  exclude_callers_of_excluded();
  compute_demands();
  compute_rates();
}

void TaskGraph::report(const Task* task, Severity severity, std::string message) {
  anomalies_.push_back({severity, task ? task->name : std::string(), std::move(message)});
}

void TaskGraph::check_tasks(const TaskSet& set) {
  for (const Task& task : set.tasks) {
    if (!index_.emplace(task.name, nodes_.size()).second) {
      report(&task, Severity::error, "task " + quoted(task.name) + " is declared twice");
      continue;
    }
    TaskNode node;
    node.task = &task;
    auto fail = [&](const std::string& why) {
      report(&task, Severity::error, "task " + quoted(task.name) + ": " + why);
      node.excluded = true;
    };
    if (task.period && !task.period->is_positive()) fail("period must be positive");
    if (!task.worst_case_execution_time.is_positive()) {
      fail("worst-case execution time must be positive");
    }
    if (task.typical_execution_time < ExactTime()) fail("typical execution time is negative");
    if (task.typical_execution_time > task.worst_case_execution_time) {
      report(&task, Severity::warning,
             "task " + quoted(task.name) + ": typical execution time exceeds the worst case");
    }
    if (task.deadline && !task.deadline->is_positive()) fail("deadline must be positive");
    if (task.deadline && task.period && *task.deadline > *task.period) {
      fail("deadline beyond the period is not supported (the analysis assumes D <= T)");
    }
    if (task.deadline && !task.period) fail("a deadline needs a period of the task's own");
    if (task.threads < 1) fail("threads must be at least 1");
    nodes_.push_back(std::move(node));
  }
}

void TaskGraph::add_calls(const TaskSet& set) {
  for (const Dependency& dep : set.dependencies) {
    const auto caller = index_.find(dep.caller);
    const auto callee = index_.find(dep.callee);
    const std::string what = "dependency " + quoted(dep.caller) + " -> " + quoted(dep.callee);
    if (caller == index_.end() || callee == index_.end()) {
      const std::string& unknown = caller == index_.end() ? dep.caller : dep.callee;
      anomalies_.push_back(
          {Severity::error, dep.caller, what + ": unknown task " + quoted(unknown)});
      if (caller != index_.end()) nodes_[caller->second].excluded = true;
      continue;
    }
    if (dep.calls < 1) {
      anomalies_.push_back({Severity::error, dep.caller, what + ": calls must be at least 1"});
      nodes_[caller->second].excluded = true;
      continue;
    }
    nodes_[caller->second].callees.push_back({callee->second, dep.calls});
    nodes_[callee->second].callers.push_back(caller->second);
  }
}

// Depth-first search with the three usual colours; every task on a cycle is left out.
void TaskGraph::exclude_cycles() {
  enum class Mark { unseen, open, done };
  std::vector<Mark> marks(nodes_.size(), Mark::unseen);
  std::vector<std::size_t> path;
  std::function<void(std::size_t)> visit = [&](std::size_t at) {
    marks[at] = Mark::open;
    path.push_back(at);
    for (const Call& call : nodes_[at].callees) {
      if (marks[call.callee] == Mark::open) {
        const auto start = std::find(path.begin(), path.end(), call.callee);
        std::string cycle;
        for (auto it = start; it != path.end(); ++it) {
          cycle += nodes_[*it].task->name + " -> ";
          nodes_[*it].excluded = true;
        }
        cycle += nodes_[call.callee].task->name;
        report(nodes_[call.callee].task, Severity::error, "dependency cycle: " + cycle);
      } else if (marks[call.callee] == Mark::unseen) {
        visit(call.callee);
      }
    }
    path.pop_back();
    marks[at] = Mark::done;
  };
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (marks[i] == Mark::unseen) visit(i);
  }
}

// A caller's demand includes its callees': without theirs, its own is unknown.
void TaskGraph::exclude_callers_of_excluded() {
  std::vector<std::size_t> pending;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].excluded) pending.push_back(i);
  }
  while (!pending.empty()) {
    const std::size_t at = pending.back();
    pending.pop_back();
    for (std::size_t caller : nodes_[at].callers) {
      if (nodes_[caller].excluded) continue;
      nodes_[caller].excluded = true;
      report(nodes_[caller].task, Severity::error,
             "task " + quoted(nodes_[caller].task->name) + " calls " +
                 quoted(nodes_[at].task->name) + ", which the analysis had to leave out");
      pending.push_back(caller);
    }
  }
}

void TaskGraph::compute_demands() {
  std::vector<bool> known(nodes_.size(), false);
  std::function<ExactTime(std::size_t)> demand = [&](std::size_t at) {
    TaskNode& node = nodes_[at];
    if (!known[at]) {
      node.demand = node.task->worst_case_execution_time;
      for (const Call& call : node.callees) node.demand += demand(call.callee) * call.calls;
      known[at] = true;
    }
    return node.demand;
  };
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].excluded) continue;
    try {
      demand(i);
    } catch (const TimeOverflow&) {
      nodes_[i].excluded = true;
      report(
          nodes_[i].task, Severity::error,
          "task " + quoted(nodes_[i].task->name) + ": its demand overflows exact arithmetic");
    }
  }
}

// A task's rate is its own period, else the fastest rate among its callers (callers'
// rates being inherited in turn); the graph has no cycles left among included tasks.
void TaskGraph::compute_rates() {
  std::vector<bool> known(nodes_.size(), false);
  std::function<void(std::size_t)> settle = [&](std::size_t at) {
    if (known[at]) return;
    known[at] = true;
    TaskNode& node = nodes_[at];
    if (node.task->period) {
      node.rate = node.task->period;
      return;
    }
    for (std::size_t caller : node.callers) {
      if (nodes_[caller].excluded) continue;
      settle(caller);
      const auto& rate = nodes_[caller].rate;
      if (rate && (!node.rate || *rate < *node.rate)) {
        node.rate = rate;
        node.rate_from = caller;
      }
    }
  };
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].excluded) continue;
    settle(i);
    if (!nodes_[i].rate) {
      report(nodes_[i].task, Severity::warning,
             "task " + quoted(nodes_[i].task->name) +
                 " has no period and no periodic caller: it is never released");
    }
  }
}

}  // namespace rtorb::scheduling::detail
