// A task set as the analysis reads it: RT_Info-like tasks (the Scheduling Service's
// RT_Info without the fields the scheduler fills in) and the calls between them.
#pragma once

#include <cstdint>
#include <optional>
#include <rtorb/scheduling/exact_time.hpp>
#include <string>
#include <vector>

namespace rtorb::scheduling {

// Both in RtecScheduler's order, so a value converts to the IDL enum by its number.
enum class Criticality : std::uint8_t { very_low, low, medium, high, very_high };
enum class Importance : std::uint8_t { very_low, low, medium, high, very_high };

struct Task {
  std::string name;  // the entry point: unique in a set
  // Absent: the task only runs when called, at its fastest caller's rate.
  std::optional<ExactTime> period;
  ExactTime worst_case_execution_time;
  ExactTime typical_execution_time;
  std::optional<ExactTime> deadline;  // absent: the period
  Criticality criticality = Criticality::medium;
  Importance importance = Importance::medium;
  std::int32_t threads = 1;  // threads the task's rate group needs for it
};

// `caller` calls `callee` `calls` times an invocation; the callee's execution time is
// charged into the caller's, and the callee runs at the caller's rate.
struct Dependency {
  std::string caller;
  std::string callee;
  std::int64_t calls = 1;
};

struct TaskSet {
  std::vector<Task> tasks;
  std::vector<Dependency> dependencies;
};

const char* to_string(Criticality c) noexcept;
const char* to_string(Importance i) noexcept;

}  // namespace rtorb::scheduling
