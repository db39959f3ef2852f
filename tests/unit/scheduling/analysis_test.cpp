// The analysis against hand-computed numbers: the papers' 30/15/5 Hz rate groups, a set the
// Liu and Layland bound rejects that the exact analysis accepts, one it rejects, the rates
// and demand dependencies pass on, and each anomaly.
#include <gtest/gtest.h>

#include <algorithm>
#include <rtorb/scheduling/analysis.hpp>

namespace {

using namespace rtorb::scheduling;

Task periodic(std::string name, ExactTime period, ExactTime wcet) {
  Task t;
  t.name = std::move(name);
  t.period = period;
  t.worst_case_execution_time = wcet;
  t.typical_execution_time = wcet;
  return t;
}

Task called(std::string name, ExactTime wcet) {
  Task t;
  t.name = std::move(name);
  t.worst_case_execution_time = wcet;
  return t;
}

ExactTime ms(std::int64_t n) { return ExactTime::milliseconds(n); }
ExactTime us(std::int64_t n) { return ExactTime::microseconds(n); }

bool has_anomaly(const Schedule& s, const std::string& needle) {
  return std::any_of(s.anomalies.begin(), s.anomalies.end(), [&](const Anomaly& a) {
    return a.message.find(needle) != std::string::npos;
  });
}

// 30, 15 and 5 Hz at 10, 20 and 60 ms: U = 0.9, above the bound for three (0.7798) but the
// periods are harmonic, and the exact analysis gives R = 10, 30 and 180 ms.
TaskSet avionics() {
  return {{periodic("sensor_30hz", ExactTime::period_of_hertz(30), ms(10)),
           periodic("sensor_15hz", ExactTime::period_of_hertz(15), ms(20)),
           periodic("sensor_5hz", ExactTime::period_of_hertz(5), ms(60))},
          {}};
}

TEST(Analysis, TheAvionicsRateGroupsAreHarmonicAndSchedulable) {
  const Schedule s = analyse(avionics());
  EXPECT_TRUE(s.schedulable);
  EXPECT_EQ(s.utilisation, ExactTime(9, 10));
  EXPECT_NEAR(s.liu_layland_bound, 0.7798, 1e-4);
  EXPECT_EQ(s.liu_layland, BoundVerdict::fails);
  EXPECT_EQ(s.harmonic, BoundVerdict::passes);
  EXPECT_EQ(s.response_time_analysis, BoundVerdict::passes);
  ASSERT_EQ(s.rate_groups.size(), 3u);
  EXPECT_EQ(s.rate_groups[0].period, ExactTime(1, 30));
  EXPECT_EQ(s.tasks[0].name, "sensor_30hz");
  EXPECT_EQ(*s.find("sensor_30hz")->response_time, ms(10));
  EXPECT_EQ(*s.find("sensor_15hz")->response_time, ms(30));
  EXPECT_EQ(*s.find("sensor_5hz")->response_time, ms(180));
  EXPECT_EQ(*s.find("sensor_30hz")->slack, ExactTime(1, 30) - ms(10));
  EXPECT_EQ(*s.find("sensor_5hz")->slack, ms(20));
}

TEST(Analysis, HundredNanosecondPeriodsWouldNotBeHarmonic) {
  TaskSet set = avionics();
  set.tasks[0].period = ExactTime::nanoseconds(33333300);
  set.tasks[1].period = ExactTime::nanoseconds(66666700);
  const Schedule s = analyse(set);
  EXPECT_EQ(s.harmonic, BoundVerdict::not_applicable);
  EXPECT_EQ(s.liu_layland, BoundVerdict::fails);
}

// 4, 6 and 10 ms at 1, 2 and 3 ms: U = 53/60 = 0.883 > 0.7798, not harmonic; R = 1, 3, 10.
TEST(Analysis, ExactAnalysisAcceptsWhatTheLiuLaylandBoundRejects) {
  const Schedule s = analyse(
      {{periodic("a", ms(4), ms(1)), periodic("b", ms(6), ms(2)), periodic("c", ms(10), ms(3))},
       {}});
  EXPECT_EQ(s.utilisation, ExactTime(53, 60));
  EXPECT_EQ(s.liu_layland, BoundVerdict::fails);
  EXPECT_EQ(s.harmonic, BoundVerdict::not_applicable);
  EXPECT_EQ(s.response_time_analysis, BoundVerdict::passes);
  EXPECT_TRUE(s.schedulable);
  EXPECT_EQ(*s.find("a")->response_time, ms(1));
  EXPECT_EQ(*s.find("b")->response_time, ms(3));
  EXPECT_EQ(*s.find("c")->response_time, ms(10));
  EXPECT_EQ(*s.find("c")->slack, ExactTime());
}

// 4 ms at 2 ms and 6 ms at 2.5 ms: U = 11/12 <= 1, yet b's response passes 6 ms (6.5 ms).
TEST(Analysis, ExactAnalysisRejectsAMissEvenUnderFullUtilisation) {
  const Schedule s =
      analyse({{periodic("a", ms(4), ms(2)), periodic("b", ms(6), us(2500))}, {}});
  EXPECT_EQ(s.utilisation, ExactTime(11, 12));
  EXPECT_FALSE(s.schedulable);
  EXPECT_EQ(s.response_time_analysis, BoundVerdict::fails);
  EXPECT_FALSE(s.find("b")->meets_deadline);
  EXPECT_EQ(*s.find("b")->response_time, us(6500));
  EXPECT_EQ(*s.find("b")->slack, us(-500));
  EXPECT_TRUE(has_anomaly(s, "'b' misses its deadline"));
}

TEST(Analysis, HarmonicSetsPassUpToFullUtilisation) {
  const Schedule s =
      analyse({{periodic("a", ms(10), ms(5)), periodic("b", ms(20), ms(10))}, {}});
  EXPECT_EQ(s.utilisation, ExactTime(1, 1));
  EXPECT_EQ(s.harmonic, BoundVerdict::passes);
  EXPECT_EQ(*s.find("b")->response_time, ms(20));
  EXPECT_TRUE(s.schedulable);
}

// filter has no period: called twice by the 30 Hz task and once by the 5 Hz one, it runs
// at 30 Hz and its 1 ms is charged into both callers' demand.
TEST(Analysis, DependenciesInheritTheFastestCallersRateAndChargeTheirCost) {
  TaskSet set{
      {periodic("display_5hz", ExactTime::period_of_hertz(5), ms(5)),
       periodic("sensor_30hz", ExactTime::period_of_hertz(30), ms(2)), called("filter", ms(1))},
      {{"sensor_30hz", "filter", 2}, {"display_5hz", "filter", 1}}};
  const Schedule s = analyse(set);
  ASSERT_TRUE(s.schedulable);
  const TaskResult* filter = s.find("filter");
  EXPECT_EQ(*filter->period, ExactTime(1, 30));
  EXPECT_EQ(*filter->rate_from, "sensor_30hz");
  EXPECT_EQ(*filter->rate_group, 0u);
  EXPECT_FALSE(filter->periodic);
  EXPECT_EQ(s.find("sensor_30hz")->demand, ms(4));
  EXPECT_EQ(s.find("display_5hz")->demand, ms(6));
  EXPECT_EQ(s.utilisation, ExactTime(4 * 30 + 6 * 5, 1000));
  // display: 6 + ceil(R / 33.3) * 4 -> 10 ms.
  EXPECT_EQ(*s.find("display_5hz")->response_time, ms(10));
  EXPECT_EQ(s.rate_groups[0].tasks, (std::vector<std::string>{"sensor_30hz", "filter"}));
}

// root -> z -> y: y takes root's rate through z and finishes when root does.
TEST(Analysis, RatesPassDownChainsOfCalls) {
  TaskSet set{{periodic("root", ms(10), ms(1)), called("z", ms(1)), called("y", ms(1))},
              {{"root", "z", 1}, {"z", "y", 3}}};
  const Schedule s = analyse(set);
  ASSERT_TRUE(s.schedulable);
  EXPECT_EQ(s.find("root")->demand, ms(5));
  EXPECT_EQ(*s.find("y")->period, ms(10));
  EXPECT_EQ(*s.find("y")->rate_from, "z");
  EXPECT_TRUE(s.find("y")->meets_deadline);
  EXPECT_TRUE(s.find("z")->meets_deadline);
}

TEST(Analysis, ImportanceThenCriticalityBreakTiesWithinARate) {
  TaskSet set{{periodic("plain", ms(10), ms(1)), periodic("vital", ms(10), ms(1)),
               periodic("critical", ms(10), ms(1))},
              {}};
  set.tasks[1].importance = Importance::very_high;
  set.tasks[2].criticality = Criticality::very_high;
  const Schedule s = analyse(set);
  ASSERT_EQ(s.rate_groups.size(), 1u);
  EXPECT_EQ(s.rate_groups[0].tasks, (std::vector<std::string>{"vital", "critical", "plain"}));
  // One queue: each waits for the other two in the worst case.
  EXPECT_EQ(*s.find("vital")->response_time, ms(3));
}

TEST(Analysis, ACycleIsAnAnomalyAndItsTasksAreLeftOut) {
  TaskSet set{{periodic("root", ms(10), ms(1)), called("a", ms(1)), called("b", ms(1))},
              {{"root", "a", 1}, {"a", "b", 1}, {"b", "a", 1}}};
  const Schedule s = analyse(set);
  EXPECT_FALSE(s.schedulable);
  EXPECT_TRUE(has_anomaly(s, "dependency cycle: a -> b -> a"));
  EXPECT_TRUE(has_anomaly(s, "'root' calls 'a'"));
}

TEST(Analysis, UnknownDependencyIsAnAnomaly) {
  const Schedule s = analyse({{periodic("root", ms(10), ms(1))}, {{"root", "ghost", 1}}});
  EXPECT_FALSE(s.schedulable);
  EXPECT_TRUE(has_anomaly(s, "unknown task 'ghost'"));
}

TEST(Analysis, NonPositiveTimesAreAnomalies) {
  TaskSet set{{periodic("still", ExactTime(), ms(1)), periodic("free", ms(10), ExactTime()),
               periodic("backwards", ms(10), ms(-1))},
              {}};
  const Schedule s = analyse(set);
  EXPECT_FALSE(s.schedulable);
  EXPECT_TRUE(has_anomaly(s, "'still': period must be positive"));
  EXPECT_TRUE(has_anomaly(s, "'free': worst-case execution time must be positive"));
  EXPECT_TRUE(has_anomaly(s, "'backwards': worst-case execution time must be positive"));
}

TEST(Analysis, UtilisationOverOneIsAnAnomaly) {
  const Schedule s =
      analyse({{periodic("a", ms(10), ms(6)), periodic("b", ms(20), ms(10))}, {}});
  EXPECT_FALSE(s.schedulable);
  EXPECT_TRUE(has_anomaly(s, "exceeds 1"));
  EXPECT_EQ(s.harmonic, BoundVerdict::fails);
}

TEST(Analysis, ATaskNothingReleasesIsAWarningOnly) {
  const Schedule s = analyse({{periodic("a", ms(10), ms(1)), called("orphan", ms(1))}, {}});
  EXPECT_TRUE(s.schedulable);
  EXPECT_TRUE(has_anomaly(s, "'orphan' has no period and no periodic caller"));
  EXPECT_FALSE(s.find("orphan")->rate_group.has_value());
}

TEST(Analysis, AShorterDeadlineIsAnalysedAndTheBoundsStepAside) {
  TaskSet set{{periodic("a", ms(10), ms(2)), periodic("b", ms(20), ms(3))}, {}};
  set.tasks[1].deadline = ms(4);
  const Schedule s = analyse(set);
  EXPECT_EQ(s.liu_layland, BoundVerdict::not_applicable);
  EXPECT_FALSE(s.schedulable);  // b: 3 + 2 = 5 ms > 4 ms
  EXPECT_EQ(*s.find("b")->response_time, ms(5));
}

TEST(Analysis, DuplicateNamesAreAnomalies) {
  const Schedule s =
      analyse({{periodic("a", ms(10), ms(1)), periodic("a", ms(20), ms(1))}, {}});
  EXPECT_FALSE(s.schedulable);
  EXPECT_TRUE(has_anomaly(s, "'a' is declared twice"));
}

// 1 ns at 0.999999999 ns leaves b a billionth of each nanosecond: its iteration would creep
// for a billion steps; it is cut off and reported, and the set is not accepted.
TEST(Analysis, AResponseThatCreepsIsReportedNotFollowedForEver) {
  const Schedule s = analyse(
      {{periodic("a", ExactTime::nanoseconds(1), ExactTime(999999999, 1000000000000000000)),
        periodic("b", ExactTime::seconds(999999999), ExactTime::nanoseconds(1))},
       {}});
  EXPECT_FALSE(s.schedulable);
  EXPECT_TRUE(has_anomaly(s, "'b': response time did not settle"));
}

}  // namespace
