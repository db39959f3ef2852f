// rtorb-scheduling-service as a real process: a client registers the avionics RT_Infos,
// sets them, adds dependencies, computes the schedule and reads priorities and dispatch
// configuration; bad handles and names get the IDL's exceptions; --ior-file, --naming,
// corbaloc, SIGTERM and bad arguments.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <rtorb/corba/orb.hpp>
#include <rtorb/naming/naming_service.hpp>
#include <rtorb/scheduling/time_units.hpp>
#include <string>
#include <thread>
#include <vector>

#include "RtecSchedulerC.h"
#include "child_process.hpp"
#include "naming_processes.hpp"

namespace {

using namespace std::chrono_literals;
using namespace RtecScheduler;
using naming_test::bin;
using rtorb::scheduling::time_units_for_hertz;

constexpr Time ms = 10000;  // 100 ns units

// rtorb-scheduling-service on 127.0.0.1:port; the destructor stops it (SIGTERM, 5 s bound).
class ScheduleServer {
 public:
  explicit ScheduleServer(std::uint16_t port, const std::vector<std::string>& extra = {})
      : port_(port) {
    std::vector<std::string> argv{bin("rtorb-scheduling-service"), "-ORBEndpoint",
                                  "iiop://127.0.0.1:" + std::to_string(port)};
    argv.insert(argv.end(), extra.begin(), extra.end());
    process_ = std::make_unique<rtorb::interop::ChildProcess>(argv);
  }
  ~ScheduleServer() {
    if (process_) stop();
  }
  std::string ior() {
    const auto line = process_->line(20s);
    if (!line || line->rfind("IOR:", 0) != 0)
      throw std::runtime_error("rtorb-scheduling-service did not start");
    return *line;
  }
  std::string corbaloc() const {
    return "corbaloc::127.0.0.1:" + std::to_string(port_) + "/ScheduleService";
  }
  std::optional<int> stop() {
    process_->terminate();
    auto status = process_->wait(5s);
    process_.reset();
    return status;
  }

 private:
  std::uint16_t port_;
  std::unique_ptr<rtorb::interop::ChildProcess> process_;
};

handle_t define(IDL::traits<Scheduler>::ref_type& s, const std::string& name, Period_t period,
                Time wcet) {
  const handle_t h = s->create(name);
  s->set(h, Criticality_t::HIGH_CRITICALITY, wcet, wcet / 2, 0, period,
         Importance_t::MEDIUM_IMPORTANCE, 0, 1, Info_Type_t::OPERATION);
  return h;
}

TEST(SchedulingProcess, AClientSchedulesTheAvionicsSetThroughTheService) {
  ScheduleServer server(naming_test::free_port());
  const std::string ior = server.ior();
  auto orb = naming_test::client_orb();
  auto scheduler = IDL::traits<Scheduler>::narrow(orb->string_to_object(ior));
  ASSERT_TRUE(scheduler);
  const handle_t gps =
      define(scheduler, "gps_30hz", Period_t(time_units_for_hertz(30)), 4 * ms);
  const handle_t ins =
      define(scheduler, "ins_15hz", Period_t(time_units_for_hertz(15)), 8 * ms);
  const handle_t air =
      define(scheduler, "airframe_5hz", Period_t(time_units_for_hertz(5)), 60 * ms);
  const handle_t nav = define(scheduler, "navigation_filter", 0, 2 * ms);
  scheduler->add_dependency(gps, nav, 1, RtecBase::Dependency_Type_t::TWO_WAY_CALL);
  scheduler->add_dependency(ins, nav, 2, RtecBase::Dependency_Type_t::TWO_WAY_CALL);
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  scheduler->compute_scheduling(1, 99, infos, configs, anomalies);
  EXPECT_TRUE(anomalies.empty()) << anomalies.front().description();
  ASSERT_EQ(infos.size(), 4u);
  ASSERT_EQ(configs.size(), 3u);
  EXPECT_EQ(scheduler->last_scheduled_priority(), 2);
  OS_Priority os = 0;
  Preemption_Subpriority_t sub = 0;
  Preemption_Priority_t preemption = 0;
  scheduler->priority(nav, os, sub, preemption);
  EXPECT_EQ(preemption, 0);  // the 30 Hz caller's queue
  scheduler->entry_point_priority("airframe_5hz", os, sub, preemption);
  EXPECT_EQ(preemption, 2);
  EXPECT_EQ(scheduler->get(air).preemption_priority(), 2);
  // The queues' thread priorities strictly decrease with urgency.
  Dispatching_Type_t type{};
  OS_Priority previous = 1000;
  for (Preemption_Priority_t p = 0; p <= 2; ++p) {
    scheduler->dispatch_configuration(p, os, type);
    EXPECT_LT(os, previous);
    EXPECT_EQ(os, configs[std::size_t(p)].thread_priority());
    EXPECT_EQ(type, Dispatching_Type_t::STATIC_DISPATCHING);
    previous = os;
  }
  orb->destroy();
  EXPECT_EQ(server.stop(), 0);
}

TEST(SchedulingProcess, BadInputGetsTheIdlExceptions) {
  ScheduleServer server(naming_test::free_port());
  (void)server.ior();
  auto orb = naming_test::client_orb();
  auto scheduler = IDL::traits<Scheduler>::narrow(orb->string_to_object(server.corbaloc()));
  const handle_t a = define(scheduler, "a", Period_t(10 * ms), 1 * ms);
  EXPECT_THROW(scheduler->create("a"), DUPLICATE_NAME);
  EXPECT_THROW(scheduler->get(a + 100), UNKNOWN_TASK);
  EXPECT_THROW(scheduler->add_dependency(a, 4242, 1, RtecBase::Dependency_Type_t::ONE_WAY_CALL),
               UNKNOWN_TASK);
  OS_Priority os = 0;
  Preemption_Subpriority_t sub = 0;
  Preemption_Priority_t preemption = 0;
  EXPECT_THROW(scheduler->priority(a, os, sub, preemption), NOT_SCHEDULED);
  define(scheduler, "hog", Period_t(10 * ms), 10 * ms);  // utilisation 1.1
  RT_Info_Set infos;
  Config_Info_Set configs;
  Scheduling_Anomaly_Set anomalies;
  EXPECT_THROW(scheduler->compute_scheduling(1, 99, infos, configs, anomalies),
               UTILIZATION_BOUND_EXCEEDED);
  orb->destroy();
}

TEST(SchedulingProcess, IorFileAndNamingBinding) {
  naming_test::TempDir dir;
  naming_test::NamingServer naming(naming_test::free_port());
  const auto ior_file = (dir.path / "scheduler.ior").string();
  ScheduleServer server(
      naming_test::free_port(),
      {"--ior-file", ior_file, "--naming", "-ORBInitRef", "NameService=" + naming.corbaloc()});
  for (int i = 0; i < 200 && !std::filesystem::exists(ior_file); ++i)
    std::this_thread::sleep_for(50ms);
  std::string ior;
  std::ifstream(ior_file) >> ior;
  ASSERT_EQ(ior.rfind("IOR:", 0), 0u);
  auto orb = naming_test::client_orb();
  auto root =
      IDL::traits<CosNaming::NamingContext>::narrow(orb->string_to_object(naming.corbaloc()));
  auto bound = IDL::traits<Scheduler>::narrow(
      root->resolve({CosNaming::NameComponent("ScheduleService", "")}));
  ASSERT_TRUE(bound);
  const handle_t h = bound->create("through_naming");
  auto direct = IDL::traits<Scheduler>::narrow(orb->string_to_object(ior));
  EXPECT_EQ(direct->lookup("through_naming"), h);
  orb->destroy();
}

TEST(SchedulingProcess, HelpAndBadArguments) {
  EXPECT_EQ(naming_test::run({bin("rtorb-scheduling-service"), "--help"}).status, 0);
  EXPECT_EQ(naming_test::run({bin("rtorb-scheduling-service"), "--frobnicate"}).status, 2);
}

}  // namespace
