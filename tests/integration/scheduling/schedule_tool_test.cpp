// rtorb-schedule as users run it: the shipped avionics example, a set the exact analysis
// rejects, a set with anomalies, a bad file's diagnostics, usage and a missing file.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "child_process.hpp"

namespace {

using namespace std::chrono_literals;

struct ToolRun {
  int status = -1;
  std::string out;  // stdout and stderr together
};

ToolRun schedule(const std::string& arguments) {
  const std::string command =
      std::string(RTORB_BINARY_DIR) + "/bin/rtorb-schedule " + arguments + " 2>&1";
  rtorb::interop::ChildProcess child({"/bin/sh", "-c", command});
  ToolRun run;
  run.out = child.rest_of_output(30s);
  run.status = child.wait(5s).value_or(-1);
  return run;
}

std::string source(const std::string& path) {
  return std::string(RTORB_SOURCE_DIR) + "/" + path;
}
std::string data(const std::string& name) {
  return source("tests/integration/scheduling/data/" + name);
}

bool contains(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

TEST(ScheduleTool, TheAvionicsExampleIsSchedulable) {
  const ToolRun run =
      schedule(source("examples/scheduling/avionics.tasks") + " --native-range 1:99");
  EXPECT_EQ(run.status, 0) << run.out;
  // The 30 Hz group is most urgent: CORBA 32767, SCHED_FIFO 99; its callee runs inside it.
  EXPECT_TRUE(contains(run.out,
                       "gps_30hz                 0    32767     99  33.333 ms   30 Hz   6.000 "
                       "ms     6.000 ms     27.333 ms    meets"))
      << run.out;
  EXPECT_TRUE(contains(run.out,
                       "airframe_5hz             2        0      1  200.000 ms  5 Hz    65.000 "
                       "ms    125.000 ms   75.000 ms    meets"))
      << run.out;
  EXPECT_TRUE(contains(run.out, "runs inside gps_30hz")) << run.out;
  // The lane and queue of the 15 Hz group, with the two threads hud_display_15hz asked for.
  EXPECT_TRUE(contains(run.out,
                       "preemption 1: period 66.667 ms (15 Hz), CORBA priority 16384, "
                       "OS priority 50, 2 threads, static dispatching"))
      << run.out;
  EXPECT_TRUE(contains(run.out, "utilisation: 0.775000 (exactly 31/40)")) << run.out;
  EXPECT_TRUE(contains(run.out, "Liu and Layland bound for 4 tasks: 0.756828: fails"))
      << run.out;
  EXPECT_TRUE(
      contains(run.out, "harmonic bound (every period divides every longer one): passes"))
      << run.out;
  EXPECT_TRUE(contains(run.out, "exact response-time analysis: passes")) << run.out;
  EXPECT_TRUE(contains(run.out, "anomalies: none")) << run.out;
  EXPECT_TRUE(contains(run.out, "verdict: schedulable")) << run.out;
}

TEST(ScheduleTool, AMissExitsOneAndSaysWhere) {
  const ToolRun run = schedule(data("misses.tasks"));
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(contains(run.out, "6.500 ms     -0.500 ms    MISSES")) << run.out;
  EXPECT_TRUE(contains(run.out, "error: task 'slow' misses its deadline")) << run.out;
  EXPECT_TRUE(contains(run.out, "verdict: NOT schedulable")) << run.out;
}

TEST(ScheduleTool, AnomaliesAreListedAndExitOne) {
  const ToolRun run = schedule(data("anomalies.tasks"));
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(contains(run.out, "error: dependency cycle: a -> b -> a")) << run.out;
  EXPECT_TRUE(contains(run.out, "unknown task 'ghost'")) << run.out;
}

TEST(ScheduleTool, ABadFileGetsFileLineColumnDiagnosticsAndExitsTwo) {
  const std::string file = data("bad.tasks");
  const ToolRun run = schedule(file);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, file + ":3:20: error: bad period 'fast'")) << run.out;
  EXPECT_TRUE(
      contains(run.out, file + ":4:1: error: expected 'task' or 'depends', found 'schedule'"))
      << run.out;
  EXPECT_TRUE(contains(run.out, file + ":5:1: error: 'depends' needs a caller and a callee"))
      << run.out;
  EXPECT_FALSE(contains(run.out, "verdict")) << run.out;
}

TEST(ScheduleTool, HelpPrintsUsageAndExitsZero) {
  const ToolRun run = schedule("--help");
  EXPECT_EQ(run.status, 0);
  EXPECT_TRUE(contains(run.out, "usage: rtorb-schedule")) << run.out;
}

TEST(ScheduleTool, AMissingFileOrNoFileExitsTwo) {
  const ToolRun missing = schedule("/nonexistent/x.tasks");
  EXPECT_EQ(missing.status, 2);
  EXPECT_TRUE(contains(missing.out, "cannot read /nonexistent/x.tasks")) << missing.out;
  EXPECT_EQ(schedule("").status, 2);
  EXPECT_EQ(schedule("--native-range 9 x.tasks").status, 2);
}

TEST(ScheduleTool, TooFewNativeLevelsMakeTheSetUndeployable) {
  const ToolRun run =
      schedule(source("examples/scheduling/avionics.tasks") + " --native-range 1:2");
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(contains(run.out, "error: priorities:")) << run.out;
}

}  // namespace
