// Reads a task file, analyses it off-line and prints each task's rate, response time and
// slack, most urgent first; exits 0 when the set meets every deadline. The same analysis
// rtorb-schedule and the Scheduling Service run (docs/scheduling.md).
#include <rtorb/scheduling/analysis.hpp>
#include <rtorb/scheduling/task_file.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char* argv[]) {
  if (argc != 2) {
    std::cerr << "usage: plan TASK-FILE\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  std::stringstream text;
  text << file.rdbuf();
  const auto parsed = rtorb::scheduling::parse_task_file(text.str());
  for (const auto& e : parsed.errors) {
    std::cerr << argv[1] << ':' << e.line << ':' << e.column << ": error: " << e.message << '\n';
  }
  if (!file || !parsed.errors.empty()) return 2;

  const auto schedule = rtorb::scheduling::analyse(parsed.set);
  for (const auto& task : schedule.tasks) {
    if (!task.periodic || !task.response_time || !task.slack) continue;
    std::cout << task.name << ": every " << task.period->to_milliseconds_string(1)
              << " ms, responds within " << task.response_time->to_milliseconds_string(1)
              << " ms, slack " << task.slack->to_milliseconds_string(1) << " ms\n";
  }
  for (const auto& anomaly : schedule.anomalies) {
    std::cout << (anomaly.task.empty() ? "the set" : anomaly.task) << ": " << anomaly.message
              << '\n';
  }
  std::cout << (schedule.schedulable ? "schedulable" : "not schedulable") << '\n';
  return schedule.schedulable ? 0 : 1;
}
