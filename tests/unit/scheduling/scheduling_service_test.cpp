// RtecScheduler::Scheduler in a server ORB, called from a client ORB over loopback: the
// RT_Info life cycle, the papers' 30/15/5 Hz set at full utilisation (harmonic only in exact
// time), priorities and dispatch configuration, and each IDL exception.
#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rtcorba.hpp>
#include <rtorb/scheduling/rt_plan.hpp>
#include <rtorb/scheduling/scheduling_service.hpp>
#include <rtorb/scheduling/time_units.hpp>
#include <string>
#include <vector>

namespace {

using namespace RtecScheduler;
using rtorb::scheduling::time_units_for_hertz;

std::atomic<int> orb_counter{0};

CORBA::object_reference<CORBA::ORB> make_orb(std::vector<std::string> options) {
  std::vector<std::string> args{"scheduling_service_test"};
  args.insert(args.end(), options.begin(), options.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data(), "scheduling-test-" + std::to_string(orb_counter++));
}

struct Server {
  Server() : orb(make_orb({"-ORBServerThreads", "2", "-ORBEndpoint", "iiop://127.0.0.1:0"})) {
    service.emplace(
        orb, rtorb::scheduling::SchedulingServiceOptions{
                 "ScheduleService", rtorb::scheduling::make_linear_priority_mapping(1, 99)});
    IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"))
        ->the_POAManager()
        ->activate();
  }
  ~Server() {
    service.reset();
    orb->destroy();
  }
  CORBA::object_reference<CORBA::ORB> orb;
  std::optional<rtorb::scheduling::SchedulingService> service;
};

constexpr Time ms = 10000;  // 100 ns units

struct Scheduling : ::testing::Test {
  Server server;
  CORBA::object_reference<CORBA::ORB> client = make_orb({});
  IDL::traits<Scheduler>::ref_type scheduler = IDL::traits<Scheduler>::narrow(
      client->string_to_object(server.orb->object_to_string(server.service->scheduler())));

  ~Scheduling() override { client->destroy(); }

  handle_t task(const std::string& name, Period_t period, Time wcet,
                Importance_t importance = Importance_t::MEDIUM_IMPORTANCE) {
    const handle_t h = scheduler->create(name);
    scheduler->set(h, Criticality_t::HIGH_CRITICALITY, wcet, wcet, 0, period, importance, 0, 1,
                   Info_Type_t::OPERATION);
    return h;
  }

  // 30 Hz at 10 ms, 15 Hz at 20 ms, 5 Hz at 80 ms: utilisation exactly 1, harmonic.
  void full_avionics(Period_t p30 = Period_t(time_units_for_hertz(30)),
                     Period_t p15 = Period_t(time_units_for_hertz(15))) {
    task("sensor_5hz", Period_t(time_units_for_hertz(5)), 80 * ms);
    task("sensor_30hz", p30, 10 * ms);
    task("sensor_15hz", p15, 20 * ms);
  }
};

TEST_F(Scheduling, CreateGetSetAndLookup) {
  const handle_t h = task("gps", 333333, 2 * ms, Importance_t::HIGH_IMPORTANCE);
  EXPECT_EQ(scheduler->lookup("gps"), h);
  EXPECT_EQ(scheduler->lookup("nobody"), 0);
  const RT_Info info = scheduler->get(h);
  EXPECT_EQ(info.entry_point(), "gps");
  EXPECT_EQ(info.handle(), h);
  EXPECT_EQ(info.period(), 333333);
  EXPECT_EQ(info.worst_case_execution_time(), 2 * ms);
  EXPECT_EQ(info.importance(), Importance_t::HIGH_IMPORTANCE);
  EXPECT_EQ(info.preemption_priority(), -1);  // not scheduled yet
}

TEST_F(Scheduling, ThirtyFifteenFiveHertzAtFullUtilisationIsSchedulable) {
  full_avionics();
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  scheduler->compute_scheduling(1, 99, infos, configs, anomalies);
  EXPECT_TRUE(anomalies.empty()) << anomalies.front().description();
  ASSERT_EQ(infos.size(), 3u);
  ASSERT_EQ(configs.size(), 3u);
  EXPECT_EQ(configs[0].preemption_priority(), 0);
  EXPECT_EQ(configs[0].thread_priority(), 99);
  EXPECT_EQ(configs[1].thread_priority(), 50);
  EXPECT_EQ(configs[2].thread_priority(), 1);
  EXPECT_EQ(configs[2].dispatching_type(), Dispatching_Type_t::STATIC_DISPATCHING);
  EXPECT_EQ(scheduler->last_scheduled_priority(), 2);
  OS_Priority os = 0;
  Preemption_Subpriority_t sub = 0;
  Preemption_Priority_t preemption = 0;
  scheduler->entry_point_priority("sensor_30hz", os, sub, preemption);
  EXPECT_EQ(os, 99);
  EXPECT_EQ(preemption, 0);
  EXPECT_EQ(sub, 0);
  scheduler->priority(scheduler->lookup("sensor_5hz"), os, sub, preemption);
  EXPECT_EQ(os, 1);
  EXPECT_EQ(preemption, 2);
  Dispatching_Type_t type = Dispatching_Type_t::LAXITY_DISPATCHING;
  scheduler->dispatch_configuration(1, os, type);
  EXPECT_EQ(os, 50);
  EXPECT_EQ(type, Dispatching_Type_t::STATIC_DISPATCHING);
  EXPECT_EQ(scheduler->get(scheduler->lookup("sensor_15hz")).preemption_priority(), 1);
}

TEST_F(Scheduling, PeriodsRoundedEitherWayStandForTheirRate) {
  full_avionics(333333, 666667);  // 15 Hz rounded up this time
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  scheduler->compute_scheduling(1, 99, infos, configs, anomalies);
  EXPECT_TRUE(anomalies.empty());
}

TEST_F(Scheduling, PeriodsThatAreNotARateStayAsGiven) {
  full_avionics(333300, 666600);  // 33.33 ms and 66.66 ms: utilisation just over 1
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  EXPECT_THROW(scheduler->compute_scheduling(1, 99, infos, configs, anomalies),
               UTILIZATION_BOUND_EXCEEDED);
  EXPECT_THROW(scheduler->last_scheduled_priority(), NOT_SCHEDULED);
}

TEST_F(Scheduling, DependenciesRunAtTheirCallersRate) {
  const handle_t gps = task("gps", Period_t(time_units_for_hertz(30)), 2 * ms);
  const handle_t display = task("display", Period_t(time_units_for_hertz(5)), 5 * ms);
  const handle_t filter = task("filter", 0, 1 * ms);
  scheduler->add_dependency(gps, filter, 2, RtecBase::Dependency_Type_t::TWO_WAY_CALL);
  scheduler->add_dependency(display, filter, 1, RtecBase::Dependency_Type_t::TWO_WAY_CALL);
  ASSERT_EQ(scheduler->get(gps).dependencies().size(), 1u);
  EXPECT_EQ(scheduler->get(gps).dependencies()[0].number_of_calls(), 2);
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  scheduler->compute_scheduling(1, 99, infos, configs, anomalies);
  EXPECT_TRUE(anomalies.empty());
  OS_Priority os = 0;
  Preemption_Subpriority_t sub = 0;
  Preemption_Priority_t preemption = 0;
  scheduler->priority(filter, os, sub, preemption);
  EXPECT_EQ(preemption, 0);  // gps's queue
  EXPECT_EQ(sub, 1);         // after gps itself
  EXPECT_EQ(os, 99);
}

TEST_F(Scheduling, AMissIsAnAnomalyAndTheScheduleStillAnswers) {
  task("fast", 4 * ms, 2 * ms);
  task("slow", 6 * ms, 25000);  // 2.5 ms: misses at 6.5 ms
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  scheduler->compute_scheduling(1, 99, infos, configs, anomalies);
  ASSERT_EQ(anomalies.size(), 1u);
  EXPECT_EQ(anomalies[0].severity(), Anomaly_Severity::ANOMALY_ERROR);
  EXPECT_NE(anomalies[0].description().find("'slow' misses its deadline"), std::string::npos);
  EXPECT_EQ(scheduler->last_scheduled_priority(), 1);
}

TEST_F(Scheduling, UnknownHandlesRaiseUnknownTask) {
  const handle_t h = task("a", 10 * ms, 1 * ms);
  EXPECT_THROW(scheduler->get(h + 1), UNKNOWN_TASK);
  EXPECT_THROW(scheduler->get(0), UNKNOWN_TASK);
  EXPECT_THROW(scheduler->get(-5), UNKNOWN_TASK);
  EXPECT_THROW(scheduler->set(99, Criticality_t::LOW_CRITICALITY, 1, 1, 0, 10,
                              Importance_t::LOW_IMPORTANCE, 0, 1, Info_Type_t::OPERATION),
               UNKNOWN_TASK);
  EXPECT_THROW(scheduler->add_dependency(h, 99, 1, RtecBase::Dependency_Type_t::ONE_WAY_CALL),
               UNKNOWN_TASK);
  EXPECT_THROW(scheduler->add_dependency(99, h, 1, RtecBase::Dependency_Type_t::ONE_WAY_CALL),
               UNKNOWN_TASK);
  OS_Priority os = 0;
  Preemption_Subpriority_t sub = 0;
  Preemption_Priority_t preemption = 0;
  EXPECT_THROW(scheduler->priority(99, os, sub, preemption), UNKNOWN_TASK);
  EXPECT_THROW(scheduler->entry_point_priority("nobody", os, sub, preemption), UNKNOWN_TASK);
}

TEST_F(Scheduling, ADuplicateNameRaisesDuplicateName) {
  scheduler->create("a");
  EXPECT_THROW(scheduler->create("a"), DUPLICATE_NAME);
}

TEST_F(Scheduling, BeforeComputingOrAfterAChangeNothingIsScheduled) {
  const handle_t h = task("a", 10 * ms, 1 * ms);
  OS_Priority os = 0;
  Preemption_Subpriority_t sub = 0;
  Preemption_Priority_t preemption = 0;
  Dispatching_Type_t type{};
  EXPECT_THROW(scheduler->priority(h, os, sub, preemption), NOT_SCHEDULED);
  EXPECT_THROW(scheduler->dispatch_configuration(0, os, type), NOT_SCHEDULED);
  EXPECT_THROW(scheduler->last_scheduled_priority(), NOT_SCHEDULED);
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  scheduler->compute_scheduling(1, 99, infos, configs, anomalies);
  scheduler->priority(h, os, sub, preemption);
  EXPECT_THROW(scheduler->dispatch_configuration(1, os, type), UNKNOWN_PRIORITY_LEVEL);
  EXPECT_THROW(scheduler->dispatch_configuration(-1, os, type), UNKNOWN_PRIORITY_LEVEL);
  task("b", 20 * ms, 1 * ms);
  EXPECT_THROW(scheduler->priority(h, os, sub, preemption), NOT_SCHEDULED);
}

TEST_F(Scheduling, AnUnreleasedTaskHasNoPriority) {
  task("a", 10 * ms, 1 * ms);
  const handle_t orphan = task("orphan", 0, 1 * ms);
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  scheduler->compute_scheduling(1, 99, infos, configs, anomalies);
  ASSERT_EQ(anomalies.size(), 1u);
  EXPECT_EQ(anomalies[0].severity(), Anomaly_Severity::ANOMALY_WARNING);
  OS_Priority os = 0;
  Preemption_Subpriority_t sub = 0;
  Preemption_Priority_t preemption = 0;
  EXPECT_THROW(scheduler->priority(orphan, os, sub, preemption), NOT_SCHEDULED);
}

TEST_F(Scheduling, TooFewPriorityLevelsRaise) {
  full_avionics();
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  EXPECT_THROW(scheduler->compute_scheduling(5, 6, infos, configs, anomalies),
               INSUFFICIENT_THREAD_PRIORITY_LEVELS);
  EXPECT_THROW(scheduler->compute_scheduling(9, 1, infos, configs, anomalies),
               INSUFFICIENT_THREAD_PRIORITY_LEVELS);
  EXPECT_THROW(scheduler->compute_scheduling(1, 500, infos, configs, anomalies),
               INSUFFICIENT_THREAD_PRIORITY_LEVELS);
}

TEST_F(Scheduling, ACycleIsReportedNotFollowed) {
  const handle_t root = task("root", 10 * ms, 1 * ms);
  const handle_t a = task("a", 0, 1 * ms);
  scheduler->add_dependency(root, a, 1, RtecBase::Dependency_Type_t::TWO_WAY_CALL);
  scheduler->add_dependency(a, a, 1, RtecBase::Dependency_Type_t::TWO_WAY_CALL);
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  scheduler->compute_scheduling(1, 99, infos, configs, anomalies);
  ASSERT_FALSE(anomalies.empty());
  EXPECT_NE(anomalies[0].description().find("dependency cycle: a -> a"), std::string::npos);
}

// The plan's lanes are what RTORB::create_threadpool_with_lanes takes, and a POA declaring
// any rate group's priority finds its lane in that pool.
TEST(RtPlanInAnOrb, TheLanesMakeAThreadPoolServingEveryRateGroup) {
  using namespace rtorb::scheduling;
  auto make = [](std::string name, ExactTime period) {
    Task t;
    t.name = std::move(name);
    t.period = period;
    t.worst_case_execution_time = ExactTime::milliseconds(5);
    return t;
  };
  const Schedule schedule = analyse(
      {{make("a", ExactTime::period_of_hertz(30)), make("b", ExactTime::period_of_hertz(15)),
        make("c", ExactTime::period_of_hertz(5))},
       {}});
  const auto mapping = make_linear_priority_mapping(1, 99);
  const RtPlan plan = plan_rt_priorities(schedule, *mapping);
  auto orb = make_orb({});
  auto rt = IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB"));
  auto root =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  const RTCORBA::ThreadpoolId pool =
      rt->create_threadpool_with_lanes(0, plan.lanes, false, false, 0, 0);
  for (const RateGroupPriority& group : plan.groups) {
    const CORBA::PolicyList policies{
        rt->create_threadpool_policy(pool),
        rt->create_priority_model_policy(RTCORBA::PriorityModel::SERVER_DECLARED,
                                         group.corba_priority)};
    EXPECT_NO_THROW(root->create_POA("group-" + std::to_string(group.corba_priority),
                                     root->the_POAManager(), policies));
  }
  orb->destroy();
}

// Without a mapping of its own the service plans with the one the serving ORB's lanes use:
// after the application installs one over OS priorities 10..20, that range is schedulable
// and SCHED_FIFO's whole 1..99 (what the default mapping would accept) is not.
TEST(SchedulingServiceMapping, WithoutOneOfItsOwnTheServicePlansWithTheOrbsMapping) {
  auto orb = make_orb({"-ORBServerThreads", "2", "-ORBEndpoint", "iiop://127.0.0.1:0"});
  std::shared_ptr<RTCORBA::PriorityMapping> installed =
      rtorb::scheduling::make_linear_priority_mapping(10, 20);
  rtorb::rt::install_priority_mapping(*orb, installed);
  EXPECT_EQ(rtorb::rt::priority_mapping(*orb), installed);
  {
    rtorb::scheduling::SchedulingService service(orb, {});
    IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"))
        ->the_POAManager()
        ->activate();
    auto scheduler = service.scheduler();
    scheduler->create("alone");
    scheduler->set(scheduler->lookup("alone"), Criticality_t::HIGH_CRITICALITY, ms, ms, ms,
                   Period_t(time_units_for_hertz(30)), Importance_t::HIGH_IMPORTANCE, 0, 1,
                   Info_Type_t::OPERATION);
    RT_Info_Set infos;
    Config_Info_Set configs;
    Scheduling_Anomaly_Set anomalies;
    EXPECT_THROW(scheduler->compute_scheduling(1, 99, infos, configs, anomalies),
                 INSUFFICIENT_THREAD_PRIORITY_LEVELS);
    scheduler->compute_scheduling(10, 20, infos, configs, anomalies);
    ASSERT_EQ(configs.size(), 1u);
    EXPECT_EQ(configs[0].thread_priority(), 20);
  }
  orb->destroy();
  EXPECT_THROW(rtorb::rt::priority_mapping(*orb), CORBA::SystemException);
}

}  // namespace
