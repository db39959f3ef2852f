// rtorb-schedule [--native-range MIN:MAX] [--priority-range LOW:HIGH] FILE: analyses the
// task set in FILE (docs/scheduling.md, "the task file") and prints each task's priority,
// response time and slack, the utilisation, each bound's verdict and the anomalies.
// Exit status: 0 schedulable, 1 not, 2 a bad file or bad arguments.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <rtorb/scheduling/analysis.hpp>
#include <rtorb/scheduling/rt_plan.hpp>
#include <rtorb/scheduling/task_file.hpp>
#include <sstream>
#include <string>

namespace {

using namespace rtorb::scheduling;

constexpr const char* usage =
    "usage: rtorb-schedule [--native-range MIN:MAX] [--priority-range LOW:HIGH] FILE\n"
    "  Analyses the task set in FILE (rate-monotonic priorities, exact response times)\n"
    "  and prints each task's priority, response time and slack, and the verdict.\n"
    "  --native-range MIN:MAX     OS priorities of the linear mapping (default SCHED_FIFO's)\n"
    "  --priority-range LOW:HIGH  CORBA priorities the rate groups spread over (0:32767)\n"
    "  FILE lines:  task NAME period=33.333ms|30Hz wcet=2ms [typical=1ms] [deadline=30ms]\n"
    "                    [importance=LEVEL] [criticality=LEVEL] [threads=N]\n"
    "               depends CALLER CALLEE [calls=N]\n"
    "  LEVEL: very_low, low, medium, high, very_high.  # starts a comment.\n"
    "  Exit status: 0 schedulable, 1 not schedulable, 2 bad file or arguments.\n";

struct Arguments {
  std::string file;
  std::optional<std::pair<int, int>> native_range;
  PriorityRange priority_range;
};

std::optional<std::pair<int, int>> int_pair(const std::string& text) {
  int low = 0;
  int high = 0;
  char extra = 0;
  if (std::sscanf(text.c_str(), "%d:%d%c", &low, &high, &extra) != 2) return std::nullopt;
  return std::pair{low, high};
}

// 0: go on; otherwise the exit status.
int parse(int argc, char* argv[], Arguments& out) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << usage;
      return -1;
    }
    if ((arg == "--native-range" || arg == "--priority-range") && i + 1 < argc) {
      const auto pair = int_pair(argv[++i]);
      if (!pair) {
        std::cerr << "rtorb-schedule: " << arg << " takes LOW:HIGH, not '" << argv[i] << "'\n";
        return 2;
      }
      if (arg == "--native-range") out.native_range = pair;
      if (arg == "--priority-range")
        out.priority_range = {RTCORBA::Priority(pair->first), RTCORBA::Priority(pair->second)};
    } else if (!arg.empty() && arg[0] != '-' && out.file.empty()) {
      out.file = arg;
    } else {
      std::cerr << "rtorb-schedule: unexpected argument '" << arg << "'\n" << usage;
      return 2;
    }
  }
  if (out.file.empty()) {
    std::cerr << "rtorb-schedule: no task file given\n" << usage;
    return 2;
  }
  return 0;
}

std::string rate_of(const ExactTime& period) {
  const ExactTime hertz = ratio(ExactTime::seconds(1), period);
  if (hertz.denominator() != 1) return "-";
  return std::to_string(hertz.numerator()) + " Hz";
}

std::string ms(const std::optional<ExactTime>& t) {
  return t ? t->to_milliseconds_string() + " ms" : "-";
}

constexpr const char* row_format = "%-20s %5s %8s %6s  %-11s %-6s  %-11s  %-11s  %-11s  %s\n";

void print_task(std::ostream& out, const TaskResult& t, const RtPlan* plan) {
  char line[512];
  const bool grouped = t.rate_group.has_value() && plan && *t.rate_group < plan->groups.size();
  const std::string priority =
      grouped ? std::to_string(plan->groups[*t.rate_group].corba_priority) : "-";
  const std::string native =
      grouped ? std::to_string(plan->groups[*t.rate_group].native_priority) : "-";
  const std::string group = t.rate_group ? std::to_string(*t.rate_group) : "-";
  std::string verdict;
  if (t.periodic) {
    verdict = !t.response_time ? "not analysed" : t.meets_deadline ? "meets" : "MISSES";
  } else {
    verdict = t.rate_from ? "runs inside " + *t.rate_from : "never released";
  }
  std::snprintf(line, sizeof line, row_format, t.name.c_str(), group.c_str(), priority.c_str(),
                native.c_str(), ms(t.period).c_str(),
                t.period ? rate_of(*t.period).c_str() : "-", ms(t.demand).c_str(),
                ms(t.response_time).c_str(), ms(t.slack).c_str(), verdict.c_str());
  out << line;
}

// One line per rate group: what a server's lane and an event channel's queue are set up with.
void print_rate_groups(std::ostream& out, const RtPlan& plan) {
  out << "\nrate groups (one lane and one dispatching queue each):\n";
  for (std::size_t g = 0; g < plan.groups.size(); ++g) {
    const RateGroupPriority& group = plan.groups[g];
    char line[256];
    std::snprintf(line, sizeof line,
                  "  preemption %zu: period %s (%s), CORBA priority %d, OS priority %d, "
                  "%u thread%s, static dispatching\n",
                  g, ms(group.period).c_str(), rate_of(group.period).c_str(),
                  int(group.corba_priority), int(group.native_priority), group.threads,
                  group.threads == 1 ? "" : "s");
    out << line;
  }
}

void print_report(std::ostream& out, const Schedule& s, const RtPlan* plan) {
  char header[512];
  std::snprintf(header, sizeof header, row_format, "task", "group", "priority", "native",
                "period", "rate", "demand", "response", "slack", "verdict");
  out << header;
  for (const TaskResult& t : s.tasks) print_task(out, t, plan);
  if (plan) print_rate_groups(out, *plan);
  out << "\nutilisation: " << std::to_string(s.utilisation.to_seconds()) << " (exactly "
      << s.utilisation.numerator() << "/" << s.utilisation.denominator() << ")\n";
  out << "Liu and Layland bound for " << s.periodic_count
      << " tasks: " << std::to_string(s.liu_layland_bound) << ": " << to_string(s.liu_layland)
      << "\n";
  out << "harmonic bound (every period divides every longer one): " << to_string(s.harmonic)
      << "\n";
  out << "exact response-time analysis: " << to_string(s.response_time_analysis) << "\n";
  out << "anomalies:" << (s.anomalies.empty() ? " none" : "") << "\n";
  for (const Anomaly& a : s.anomalies) {
    out << "  " << (a.severity == Severity::error ? "error: " : "warning: ") << a.message
        << "\n";
  }
}

int analyse_file(const Arguments& args, const std::string& text) {
  const TaskFileResult parsed = parse_task_file(text);
  for (const TaskFileDiagnostic& d : parsed.errors) {
    std::cerr << args.file << ":" << d.line << ":" << d.column << ": error: " << d.message
              << "\n";
  }
  if (!parsed.errors.empty()) return 2;
  const Schedule schedule = analyse(parsed.set);
  const auto mapping =
      args.native_range
          ? make_linear_priority_mapping(args.native_range->first, args.native_range->second)
          : make_linear_priority_mapping();
  std::optional<RtPlan> plan;
  std::string plan_error;
  try {
    plan = plan_rt_priorities(schedule, *mapping, args.priority_range);
  } catch (const std::exception& e) {
    plan_error = e.what();
  }
  print_report(std::cout, schedule, plan ? &*plan : nullptr);
  if (!plan_error.empty()) std::cout << "  error: priorities: " << plan_error << "\n";
  const bool schedulable = schedule.schedulable && plan_error.empty();
  std::cout << "verdict: " << (schedulable ? "schedulable" : "NOT schedulable") << "\n";
  return schedulable ? 0 : 1;
}

}  // namespace

int main(int argc, char* argv[]) {
  Arguments args;
  if (const int status = parse(argc, argv, args); status != 0) return status < 0 ? 0 : status;
  std::ifstream in(args.file, std::ios::binary);
  if (!in) {
    std::cerr << "rtorb-schedule: cannot read " << args.file << ": " << std::strerror(errno)
              << "\n";
    return 2;
  }
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return analyse_file(args, text.str());
  } catch (const std::exception& e) {
    std::cerr << "rtorb-schedule: " << e.what() << "\n";
    return 2;
  }
}
