// Rate-monotonic priorities, the Liu and Layland and harmonic bounds, and the exact
// response-time analysis (Joseph and Pandya; Audsley et al.) over a checked task graph.
#include <algorithm>
#include <cmath>
#include <map>
#include <rtorb/scheduling/analysis.hpp>

#include "task_graph.hpp"

namespace rtorb::scheduling {
namespace {

using detail::TaskGraph;
using detail::TaskNode;

// Shorter period first; then more important, then more critical; the name keeps the
// order the same from run to run.
bool more_urgent(const TaskNode& a, const TaskNode& b) {
  if (*a.rate != *b.rate) return *a.rate < *b.rate;
  if (a.task->importance != b.task->importance) return a.task->importance > b.task->importance;
  if (a.task->criticality != b.task->criticality) {
    return a.task->criticality > b.task->criticality;
  }
  return a.task->name < b.task->name;
}

struct Ordered {
  std::vector<std::size_t> periodic;   // released on their own period, most urgent first
  std::vector<std::size_t> inherited;  // run inside callers, by urgency of the rate
  std::vector<std::size_t> unscheduled;
};

Ordered order(const std::vector<TaskNode>& nodes) {
  Ordered out;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].excluded || !nodes[i].rate) {
      out.unscheduled.push_back(i);
    } else {
      (nodes[i].task->period ? out.periodic : out.inherited).push_back(i);
    }
  }
  const auto by_urgency = [&](std::size_t a, std::size_t b) {
    return more_urgent(nodes[a], nodes[b]);
  };
  std::sort(out.periodic.begin(), out.periodic.end(), by_urgency);
  std::sort(out.inherited.begin(), out.inherited.end(), by_urgency);
  return out;
}

// Tasks of one period share a dispatching queue, so any of them may be ahead of another:
// each counts as interference for the others, as those of shorter periods do.
std::vector<std::size_t> interferers(const std::vector<TaskNode>& nodes,
                                     const std::vector<std::size_t>& periodic,
                                     std::size_t task) {
  std::vector<std::size_t> out;
  for (std::size_t other : periodic) {
    if (other != task && *nodes[other].rate <= *nodes[task].rate) out.push_back(other);
  }
  return out;
}

// The iteration settles in a few steps for real sets; a set built to creep towards its
// deadline by tiny steps is reported rather than followed for ever.
constexpr int max_iterations = 10000;

class DidNotSettle {};

// R = C + sum over interferers j of ceil(R / Tj) * Cj, from R = C + sum Cj, until it stops
// growing (the worst response time) or passes the deadline (a miss, R is where it passed).
ExactTime response_time(const std::vector<TaskNode>& nodes, const std::vector<std::size_t>& hp,
                        std::size_t task, const ExactTime& deadline) {
  ExactTime r = nodes[task].demand;
  for (std::size_t j : hp) r += nodes[j].demand;
  for (int step = 0; r <= deadline; ++step) {
    if (step == max_iterations) throw DidNotSettle();
    ExactTime next = nodes[task].demand;
    for (std::size_t j : hp) next += nodes[j].demand * r.ceil_div(*nodes[j].rate);
    if (next == r) return r;
    r = next;
  }
  return r;
}

void analyse_response_times(const std::vector<TaskNode>& nodes, const Ordered& ordered,
                            std::map<std::size_t, TaskResult>& results, Schedule& out) {
  bool all_meet = true;
  for (std::size_t i : ordered.periodic) {
    TaskResult& result = results[i];
    try {
      const ExactTime r =
          response_time(nodes, interferers(nodes, ordered.periodic, i), i, result.deadline);
      result.response_time = r;
      result.slack = result.deadline - r;
      result.meets_deadline = r <= result.deadline;
    } catch (const TimeOverflow&) {
      out.anomalies.push_back(
          {Severity::error, result.name,
           "task '" + result.name + "': response time overflows exact arithmetic"});
    } catch (const DidNotSettle&) {
      out.anomalies.push_back({Severity::error, result.name,
                               "task '" + result.name + "': response time did not settle in " +
                                   std::to_string(max_iterations) + " steps"});
    }
    if (!result.meets_deadline) {
      all_meet = false;
      if (result.response_time) {
        out.anomalies.push_back(
            {Severity::error, result.name,
             "task '" + result.name + "' misses its deadline: response time reaches " +
                 result.response_time->to_milliseconds_string() + " ms, deadline " +
                 result.deadline.to_milliseconds_string() + " ms"});
      }
    }
  }
  if (!ordered.periodic.empty()) {
    out.response_time_analysis = all_meet ? BoundVerdict::passes : BoundVerdict::fails;
  }
}

void build_groups(const std::vector<TaskNode>& nodes, const Ordered& ordered,
                  std::map<std::size_t, TaskResult>& results, Schedule& out) {
  for (std::size_t i : ordered.periodic) {
    if (out.rate_groups.empty() || out.rate_groups.back().period != *nodes[i].rate) {
      out.rate_groups.push_back({*nodes[i].rate, {}, 1});
    }
    RateGroup& group = out.rate_groups.back();
    group.tasks.push_back(nodes[i].task->name);
    group.threads = std::max(group.threads, nodes[i].task->threads);
    results[i].rate_group = out.rate_groups.size() - 1;
  }
  for (std::size_t i : ordered.inherited) {
    for (std::size_t g = 0; g < out.rate_groups.size(); ++g) {
      if (out.rate_groups[g].period != *nodes[i].rate) continue;
      out.rate_groups[g].tasks.push_back(nodes[i].task->name);
      results[i].rate_group = g;
    }
  }
}

TaskResult initial_result(const TaskNode& node, const std::vector<TaskNode>& nodes) {
  TaskResult r;
  r.name = node.task->name;
  r.period = node.rate;
  if (node.rate_from) r.rate_from = nodes[*node.rate_from].task->name;
  r.demand = node.excluded ? ExactTime() : node.demand;
  r.periodic = !node.excluded && node.task->period.has_value();
  r.deadline = node.task->deadline ? *node.task->deadline : node.rate.value_or(ExactTime());
  return r;
}

void check_bounds(const std::vector<TaskNode>& nodes, const Ordered& ordered, Schedule& out) {
  bool implicit_deadlines = true;
  try {
    for (std::size_t i : ordered.periodic) {
      out.utilisation += ratio(nodes[i].demand, *nodes[i].rate);
      if (nodes[i].task->deadline && *nodes[i].task->deadline != *nodes[i].rate) {
        implicit_deadlines = false;
      }
    }
  } catch (const TimeOverflow&) {
    out.anomalies.push_back({Severity::error, {}, "utilisation overflows exact arithmetic"});
    return;
  }
  const ExactTime one(1, 1);
  if (out.utilisation > one) {
    out.anomalies.push_back({Severity::error,
                             {},
                             "utilisation " + std::to_string(out.utilisation.to_seconds()) +
                                 " exceeds 1: no priority assignment can meet every deadline"});
  }
  const std::size_t n = ordered.periodic.size();
  out.periodic_count = n;
  if (n == 0) return;
  out.liu_layland_bound =
      static_cast<double>(n) * (std::pow(2.0, 1.0 / static_cast<double>(n)) - 1.0);
  if (!implicit_deadlines) return;  // both bounds assume deadline == period
  out.liu_layland = out.utilisation.to_seconds() <= out.liu_layland_bound ? BoundVerdict::passes
                                                                          : BoundVerdict::fails;
  bool harmonic = true;
  try {
    for (std::size_t a : ordered.periodic) {
      for (std::size_t b : ordered.periodic) {
        if (*nodes[a].rate <= *nodes[b].rate && !nodes[a].rate->divides(*nodes[b].rate))
          harmonic = false;
      }
    }
  } catch (const TimeOverflow&) {
    harmonic = false;  // a ratio too large for 64 bits is no whole multiple we can use
  }
  if (harmonic)
    out.harmonic = out.utilisation <= one ? BoundVerdict::passes : BoundVerdict::fails;
}

}  // namespace

Schedule analyse(const TaskSet& set) {
  Schedule out;
  const TaskGraph graph(set, out.anomalies);
  const auto& nodes = graph.nodes();
  const Ordered ordered = order(nodes);
  std::map<std::size_t, TaskResult> results;
  for (std::size_t i = 0; i < nodes.size(); ++i) results[i] = initial_result(nodes[i], nodes);
  build_groups(nodes, ordered, results, out);
  check_bounds(nodes, ordered, out);
  analyse_response_times(nodes, ordered, results, out);
  // A callee finishes inside the periodic task whose rate it took (through its callers), or
  // not at all.
  for (std::size_t i : ordered.inherited) {
    std::size_t releaser = i;
    while (nodes[releaser].rate_from) releaser = *nodes[releaser].rate_from;
    results[i].meets_deadline = results[releaser].meets_deadline;
  }
  for (const auto* list : {&ordered.periodic, &ordered.inherited, &ordered.unscheduled}) {
    for (std::size_t i : *list) out.tasks.push_back(results[i]);
  }
  out.schedulable =
      std::none_of(out.anomalies.begin(), out.anomalies.end(),
                   [](const Anomaly& a) { return a.severity == Severity::error; });
  return out;
}

const TaskResult* Schedule::find(const std::string& name) const {
  const auto it = std::find_if(tasks.begin(), tasks.end(),
                               [&](const TaskResult& t) { return t.name == name; });
  return it == tasks.end() ? nullptr : &*it;
}

const char* to_string(BoundVerdict v) noexcept {
  switch (v) {
    case BoundVerdict::passes:
      return "passes";
    case BoundVerdict::fails:
      return "fails";
    case BoundVerdict::not_applicable:
      return "not applicable";
  }
  return "?";
}

const char* to_string(Criticality c) noexcept {
  static const char* const names[] = {"very_low", "low", "medium", "high", "very_high"};
  return names[static_cast<int>(c)];
}

const char* to_string(Importance i) noexcept {
  static const char* const names[] = {"very_low", "low", "medium", "high", "very_high"};
  return names[static_cast<int>(i)];
}

}  // namespace rtorb::scheduling
