// The task file: durations and rates read exactly, every declaration's fields, comments,
// and each kind of bad line reported at its line and column without stopping.
#include <gtest/gtest.h>

#include <rtorb/scheduling/task_file.hpp>

namespace {

using namespace rtorb::scheduling;

TEST(TaskFile, DurationsAreExactDecimals) {
  EXPECT_EQ(*parse_duration("2ms"), ExactTime::milliseconds(2));
  EXPECT_EQ(*parse_duration("1.5ms"), ExactTime::microseconds(1500));
  EXPECT_EQ(*parse_duration("0.25s"), ExactTime(1, 4));
  EXPECT_EQ(*parse_duration("250us"), ExactTime::microseconds(250));
  EXPECT_EQ(*parse_duration("100ns"), ExactTime::nanoseconds(100));
  EXPECT_EQ(*parse_duration("33.333ms"), ExactTime(33333, 1000000));
  EXPECT_EQ(*parse_duration("-1ms"), ExactTime::milliseconds(-1));
  EXPECT_FALSE(parse_duration("2"));
  EXPECT_FALSE(parse_duration("ms"));
  EXPECT_FALSE(parse_duration("2 ms"));
  EXPECT_FALSE(parse_duration("1.2.3ms"));
  EXPECT_FALSE(parse_duration("12345678901234567890ms"));
}

TEST(TaskFile, RatesGiveExactPeriods) {
  EXPECT_EQ(*parse_period("30Hz"), ExactTime(1, 30));
  EXPECT_EQ(*parse_period("2.5Hz"), ExactTime(2, 5));
  EXPECT_EQ(*parse_period("100ms"), ExactTime(1, 10));
  EXPECT_FALSE(parse_period("0Hz"));
  EXPECT_FALSE(parse_period("-5Hz"));
  EXPECT_FALSE(parse_period("Hz"));
}

TEST(TaskFile, ReadsTasksAndDependencies) {
  const auto result = parse_task_file(
      "# a comment\n"
      "task gps period=30Hz wcet=4ms typical=3ms importance=high criticality=very_high "
      "threads=2\n"
      "\n"
      "task filter wcet=2ms   # trailing comment\n"
      "task slow period=200ms wcet=10ms deadline=150ms\n"
      "depends gps filter calls=3\n"
      "depends slow filter\n");
  ASSERT_TRUE(result.errors.empty()) << result.errors[0].message;
  ASSERT_EQ(result.set.tasks.size(), 3u);
  const Task& gps = result.set.tasks[0];
  EXPECT_EQ(gps.name, "gps");
  EXPECT_EQ(*gps.period, ExactTime(1, 30));
  EXPECT_EQ(gps.worst_case_execution_time, ExactTime::milliseconds(4));
  EXPECT_EQ(gps.typical_execution_time, ExactTime::milliseconds(3));
  EXPECT_EQ(gps.importance, Importance::high);
  EXPECT_EQ(gps.criticality, Criticality::very_high);
  EXPECT_EQ(gps.threads, 2);
  const Task& filter = result.set.tasks[1];
  EXPECT_FALSE(filter.period.has_value());
  EXPECT_EQ(filter.typical_execution_time, ExactTime::milliseconds(2));  // defaults to wcet
  EXPECT_EQ(*result.set.tasks[2].deadline, ExactTime::milliseconds(150));
  ASSERT_EQ(result.set.dependencies.size(), 2u);
  EXPECT_EQ(result.set.dependencies[0].calls, 3);
  EXPECT_EQ(result.set.dependencies[1].callee, "filter");
  EXPECT_EQ(result.set.dependencies[1].calls, 1);
}

TEST(TaskFile, ReportsEachBadLineAtItsColumn) {
  const auto result = parse_task_file(
      "task a period=30Hz wcet=2\n"          // 1: bad wcet value at column 25
      "tsak b wcet=1ms\n"                    // 2: unknown declaration
      "task c period=30Hz\n"                 // 3: no wcet
      "task d wcet=1ms colour=red\n"         // 4: unknown key at 17
      "depends a\n"                          // 5: one name
      "depends a b calls=0\n"                // 6: bad calls at 19
      "task e wcet=1ms importance=urgent\n"  // 7: bad level at 28
      "task f wcet=1ms\n"
      "task f wcet=2ms\n");  // 9: declared twice
  ASSERT_EQ(result.errors.size(), 8u);
  EXPECT_EQ(result.errors[0].line, 1u);
  EXPECT_EQ(result.errors[0].column, 25u);
  EXPECT_NE(result.errors[0].message.find("bad wcet '2'"), std::string::npos);
  EXPECT_EQ(result.errors[1].line, 2u);
  EXPECT_NE(result.errors[1].message.find("expected 'task' or 'depends'"), std::string::npos);
  EXPECT_NE(result.errors[2].message.find("needs wcet="), std::string::npos);
  EXPECT_EQ(result.errors[3].column, 17u);
  EXPECT_NE(result.errors[3].message.find("unknown key 'colour'"), std::string::npos);
  EXPECT_EQ(result.errors[4].line, 5u);
  EXPECT_EQ(result.errors[5].column, 19u);
  EXPECT_EQ(result.errors[6].column, 28u);
  EXPECT_EQ(result.errors[7].line, 9u);
  EXPECT_NE(result.errors[7].message.find("declared twice"), std::string::npos);
  // The good lines are still read.
  ASSERT_EQ(result.set.tasks.size(), 1u);
  EXPECT_EQ(result.set.tasks[0].name, "f");
}

TEST(TaskFile, AnEmptyFileIsAnEmptySet) {
  const auto result = parse_task_file("");
  EXPECT_TRUE(result.errors.empty());
  EXPECT_TRUE(result.set.tasks.empty());
}

TEST(TaskFile, CarriageReturnsAndTabsAreSpace) {
  const auto result = parse_task_file("task\ta\tperiod=10ms\twcet=1ms\r\n");
  ASSERT_TRUE(result.errors.empty());
  EXPECT_EQ(result.set.tasks.at(0).name, "a");
}

}  // namespace
