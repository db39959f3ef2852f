// Fuzzes rtorb-schedule's task file and what reads it next: the parser never raises and
// places every error inside the text; a good file's set goes through the analysis and the
// RT-CORBA plan, which report (never crash on) whatever the set holds.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <rtorb/scheduling/analysis.hpp>
#include <rtorb/scheduling/rt_plan.hpp>
#include <rtorb/scheduling/task_file.hpp>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rtorb::scheduling;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const TaskFileResult parsed = parse_task_file(text);
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  for (const auto& error : parsed.errors) {
    if (error.line < 1 || error.line > lines || error.column < 1 || error.message.empty())
      std::abort();
  }
  if (!parsed.errors.empty()) return 0;
  const Schedule schedule = analyse(parsed.set);
  for (const TaskResult& task : schedule.tasks) {
    if (schedule.schedulable && task.periodic && !task.meets_deadline) std::abort();
  }
  const auto mapping = make_linear_priority_mapping(1, 99);
  try {
    const RtPlan plan = plan_rt_priorities(schedule, *mapping);
    if (plan.lanes.size() != schedule.rate_groups.size()) std::abort();
  } catch (const InsufficientPriorityLevels&) {
  }
  return 0;
}
