// The task file rtorb-schedule reads: one declaration a line, `task NAME key=value...` and
// `depends CALLER CALLEE [calls=N]`, `#` to the end of a line a comment. The grammar is in
// docs/scheduling.md, "the task file".
#pragma once

#include <cstddef>
#include <optional>
#include <rtorb/scheduling/task_set.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb::scheduling {

struct TaskFileDiagnostic {
  std::size_t line = 0;    // from 1
  std::size_t column = 0;  // from 1, in bytes
  std::string message;
};

struct TaskFileResult {
  TaskSet set;
  std::vector<TaskFileDiagnostic> errors;  // empty: the file is good
};

// Reads the whole text, reporting every bad line rather than stopping at the first. Never
// raises for bad text. What is wrong with the set as a whole (an unknown dependency, a zero
// period) is for the analysis to say, as an anomaly.
TaskFileResult parse_task_file(std::string_view text);

// "2ms", "0.5 s" without the space, "1500us", "100ns", "33.333333ms": a decimal number and a
// unit (s, ms, us, ns), exact. Nullopt when it is not one.
std::optional<ExactTime> parse_duration(std::string_view text);
// A period: a duration, or a rate "30Hz" (1/30 s exactly), "2.5Hz".
std::optional<ExactTime> parse_period(std::string_view text);

}  // namespace rtorb::scheduling
