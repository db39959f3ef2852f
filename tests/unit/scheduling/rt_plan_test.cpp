// The schedule onto RT-CORBA: priorities spread over the range, mapped to native ones, the
// lanes and the dispatch configuration; too few levels and refused priorities raise.
#include <gtest/gtest.h>

#include <rtorb/scheduling/rt_plan.hpp>

namespace {

using namespace rtorb::scheduling;

Task periodic(std::string name, ExactTime period, ExactTime wcet, std::int32_t threads = 1) {
  Task t;
  t.name = std::move(name);
  t.period = period;
  t.worst_case_execution_time = wcet;
  t.threads = threads;
  return t;
}

Schedule avionics() {
  Task filter;
  filter.name = "filter";
  filter.worst_case_execution_time = ExactTime::milliseconds(1);
  return analyse(
      {{periodic("s30", ExactTime::period_of_hertz(30), ExactTime::milliseconds(5), 2),
        periodic("s15", ExactTime::period_of_hertz(15), ExactTime::milliseconds(5)),
        periodic("s5", ExactTime::period_of_hertz(5), ExactTime::milliseconds(5)), filter},
       {{"s30", "filter", 1}}});
}

class RefusingMapping final : public RTCORBA::PriorityMapping {
 public:
  bool to_native(RTCORBA::Priority, RTCORBA::NativePriority&) override { return false; }
  bool to_CORBA(RTCORBA::NativePriority, RTCORBA::Priority&) override { return false; }
};

TEST(RtPlan, SpreadsRateGroupsEvenlyMostUrgentHighest) {
  const auto mapping = make_linear_priority_mapping(1, 99);
  const RtPlan plan = plan_rt_priorities(avionics(), *mapping);
  ASSERT_EQ(plan.groups.size(), 3u);
  EXPECT_EQ(plan.groups[0].corba_priority, 32767);
  EXPECT_EQ(plan.groups[1].corba_priority, 16384);
  EXPECT_EQ(plan.groups[2].corba_priority, 0);
  EXPECT_EQ(plan.groups[0].native_priority, 99);
  EXPECT_EQ(plan.groups[1].native_priority, 50);
  EXPECT_EQ(plan.groups[2].native_priority, 1);
}

TEST(RtPlan, GivesOneLanePerRateGroupWithItsThreads) {
  const auto mapping = make_linear_priority_mapping(1, 99);
  const RtPlan plan = plan_rt_priorities(avionics(), *mapping, {1000, 3000});
  const RTCORBA::ThreadpoolLanes expected{{3000, 2, 0}, {2000, 1, 0}, {1000, 1, 0}};
  EXPECT_EQ(plan.lanes, expected);
}

TEST(RtPlan, DispatchConfigurationFollowsPreemptionPriority) {
  const Schedule schedule = avionics();
  const auto mapping = make_linear_priority_mapping(1, 99);
  const RtPlan plan = plan_rt_priorities(schedule, *mapping);
  ASSERT_EQ(plan.dispatch.size(), 3u);
  EXPECT_EQ(plan.dispatch[2].preemption_priority, 2);
  EXPECT_EQ(plan.dispatch[2].thread_priority, 1);
  EXPECT_EQ(plan.dispatch[0].dispatching_type, DispatchingType::static_dispatching);
  // A callee dispatches with the caller whose rate it runs at.
  const auto filter = plan.for_task(schedule, "filter");
  ASSERT_TRUE(filter.has_value());
  EXPECT_EQ(filter->preemption_priority, 0);
  EXPECT_EQ(filter->corba_priority, 32767);
  EXPECT_FALSE(plan.for_task(schedule, "nobody").has_value());
}

TEST(RtPlan, TooFewNativeLevelsRaise) {
  const auto mapping = make_linear_priority_mapping(1, 2);
  EXPECT_THROW(plan_rt_priorities(avionics(), *mapping), InsufficientPriorityLevels);
}

TEST(RtPlan, TooNarrowARangeRaises) {
  const auto mapping = make_linear_priority_mapping(1, 99);
  EXPECT_THROW(plan_rt_priorities(avionics(), *mapping, {10, 11}), InsufficientPriorityLevels);
  EXPECT_THROW(plan_rt_priorities(avionics(), *mapping, {10, 9}), std::invalid_argument);
}

TEST(RtPlan, ARefusedPriorityRaises) {
  RefusingMapping mapping;
  EXPECT_THROW(plan_rt_priorities(avionics(), mapping), UnmappablePriority);
}

TEST(RtPlan, TheLinearMappingRoundTrips) {
  const auto mapping = make_linear_priority_mapping(1, 99);
  RTCORBA::NativePriority native = 0;
  ASSERT_TRUE(mapping->to_native(30000, native));
  EXPECT_EQ(native, 90);  // docs/rt.md's example
  RTCORBA::Priority corba = 0;
  ASSERT_TRUE(mapping->to_CORBA(90, corba));
  ASSERT_TRUE(mapping->to_native(corba, native));
  EXPECT_EQ(native, 90);
  EXPECT_FALSE(mapping->to_CORBA(100, corba));
}

}  // namespace
