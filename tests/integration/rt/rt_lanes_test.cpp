// Thread pools with lanes across real loopback connections between two ORBs: each upcall
// runs on a thread of the lane that serves its priority, at the native priority the mapping
// gives (the servant asks pthread_getschedparam), and the lanes count what they serve.
#include <rtorb/corba/minor_code.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

#include "ior/component.hpp"
#include "ior/ior_string.hpp"
#include "ior/lane_band.hpp"
#include "ior/object_reference.hpp"
#include "priority_probeC.h"
#include "rt_test_support.hpp"

#include <rtorb/rt/rt_portable_server.hpp>

using namespace rt_test;

namespace {

constexpr RTCORBA::Priority low = 1000;
constexpr RTCORBA::Priority high = 30000;

struct LanesFixture : ::testing::Test {
  IDL::traits<CORBA::ORB>::ref_type server = make_orb();
  IDL::traits<CORBA::ORB>::ref_type client = make_orb();
  IDL::traits<RTCORBA::RTORB>::ref_type rt = rt_orb(server);
  IDL::traits<PortableServer::POA>::ref_type root = root_poa(server);
  RTCORBA::ThreadpoolId pool = rt->create_threadpool_with_lanes(
      0, {RTCORBA::ThreadpoolLane(high, 1, 0), RTCORBA::ThreadpoolLane(low, 2, 0)}, false,
      false, 0, 0);

  LanesFixture() { root->the_POAManager()->activate(); }
  ~LanesFixture() override {
    client->destroy();
    server->destroy();
  }

  IDL::traits<PortableServer::POA>::ref_type poa(const std::string& name,
                                                 RTCORBA::PriorityModel model,
                                                 RTCORBA::Priority priority) {
    return make_rt_poa(server, name, model, priority, pool);
  }
  // The object's IOR as the client ORB sees it.
  IDL::traits<PriorityProbe>::ref_type publish(const IDL::traits<PortableServer::POA>::ref_type& p) {
    const auto id = p->activate_object(CORBA::make_reference<ProbeServant>());
    ior_text = server->object_to_string(p->id_to_reference(id));
    return IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior_text));
  }
  rtorb::ior::ObjectReference decoded() const {
    return rtorb::ior::decode_reference(rtorb::ior::parse_ior_string(ior_text));
  }
  // Calls on a thread of its own, at `priority` (none: no_priority) through RTCurrent.
  PriorityProbe::Scheduling call_at(const IDL::traits<PriorityProbe>::ref_type& probe,
                                    std::optional<RTCORBA::Priority> priority) {
    PriorityProbe::Scheduling result;
    std::thread t([&] {
      if (priority) rt_current(client)->the_priority(*priority);
      result = probe->upcall_scheduling();
    });
    t.join();
    return result;
  }
  std::uint64_t violations() {
    std::uint64_t total = 0;
    for (const auto& lane : rtorb::rt::lane_statistics(*server)) total += lane.priority_violations;
    return total;
  }
  std::uint64_t requests_at(RTCORBA::Priority lane_priority) {
    for (const auto& lane : rtorb::rt::lane_statistics(*server))
      if (lane.lane_priority == lane_priority) return lane.requests;
    return 0;
  }

  std::string ior_text;
};

// A loopback port nobody listens on now.
std::uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);
  return ntohs(address.sin_port);
}

}  // namespace

TEST_F(LanesFixture, AServerDeclaredObjectRunsOnItsLaneAtItsPriority) {
  RT_TEST_NEEDS_REAL_TIME(server);
  auto probe_high = publish(poa("high", RTCORBA::PriorityModel::SERVER_DECLARED, high));
  for (auto priority : {std::optional<RTCORBA::Priority>{}, std::optional<RTCORBA::Priority>{low}}) {
    const auto s = call_at(probe_high, priority);  // what the client says does not matter
    EXPECT_EQ(s.policy(), SCHED_FIFO);
    EXPECT_EQ(s.native_priority(), linear_fifo(high));
    EXPECT_EQ(s.corba_priority(), high);
  }
  auto probe_low = publish(poa("low", RTCORBA::PriorityModel::SERVER_DECLARED, low));
  EXPECT_EQ(call_at(probe_low, high).native_priority(), linear_fifo(low));
  EXPECT_EQ(requests_at(high), 2u);
  EXPECT_EQ(requests_at(low), 1u);
  EXPECT_EQ(violations(), 0u);
}

TEST_F(LanesFixture, AServerDeclaredIorNamesItsLaneAndCarriesThePriorityModel) {
  publish(poa("high", RTCORBA::PriorityModel::SERVER_DECLARED, high));
  const auto reference = decoded();
  ASSERT_EQ(reference.profiles.size(), 1u);  // the high lane's endpoint only
  const auto& profile = std::get<rtorb::ior::IiopProfile>(reference.profiles[0]);
  const auto* tagged =
      rtorb::ior::find_component(profile.components, rtorb::ior::component_tag::policies);
  ASSERT_NE(tagged, nullptr);
  const auto value = rtorb::ior::decode_component(*tagged);
  const auto& policies = std::get<rtorb::ior::PoliciesComponent>(value).policies;
  ASSERT_EQ(policies.size(), 1u);
  const auto model = std::get<rtorb::ior::PriorityModelPolicy>(rtorb::ior::decode_policy(policies[0]));
  EXPECT_EQ(model.model, rtorb::ior::PriorityModel::server_declared);
  EXPECT_EQ(model.server_priority, high);
  // The low lane's POA listens elsewhere.
  publish(poa("low", RTCORBA::PriorityModel::SERVER_DECLARED, low));
  const auto low_reference = decoded();
  const auto& low_profile = std::get<rtorb::ior::IiopProfile>(low_reference.profiles[0]);
  EXPECT_NE(low_profile.port, profile.port);
}

TEST_F(LanesFixture, AClientPropagatedCallRunsAtTheCallersPriorityOnTheLaneThatServesIt) {
  RT_TEST_NEEDS_REAL_TIME(server);
  auto probe = publish(poa("propagated", RTCORBA::PriorityModel::CLIENT_PROPAGATED, low));
  // One profile per lane, each with its band; the server priority's lane first.
  const auto reference = decoded();
  ASSERT_EQ(reference.profiles.size(), 2u);
  const auto band_of = [&](std::size_t i) {
    const auto& p = std::get<rtorb::ior::IiopProfile>(reference.profiles[i]);
    return rtorb::ior::decode_lane_band(
        *rtorb::ior::find_component(p.components, rtorb::ior::component_tag::rtorb_lane_band));
  };
  EXPECT_EQ(band_of(0)->low, 0);
  EXPECT_EQ(band_of(0)->high, high - 1);
  EXPECT_EQ(band_of(1)->low, high);

  const auto at_high = call_at(probe, high);
  EXPECT_EQ(at_high.native_priority(), linear_fifo(high));
  EXPECT_EQ(at_high.corba_priority(), high);
  const auto at_5000 = call_at(probe, 5000);
  EXPECT_EQ(at_5000.native_priority(), linear_fifo(5000));
  EXPECT_EQ(at_5000.corba_priority(), 5000);
  // No RTCorbaPriority context: the POA's server priority.
  const auto unset = call_at(probe, std::nullopt);
  EXPECT_EQ(unset.native_priority(), linear_fifo(low));
  EXPECT_EQ(requests_at(high), 1u);
  EXPECT_EQ(requests_at(low), 2u);
  EXPECT_EQ(violations(), 0u);
}

TEST_F(LanesFixture, ALaneThreadGetsItsOwnPriorityBackAfterAnUpcall) {
  RT_TEST_NEEDS_REAL_TIME(server);
  auto probe = publish(poa("propagated", RTCORBA::PriorityModel::CLIENT_PROPAGATED, low));
  // 20000 lies in the low lane's band: the low lane's thread is raised for the upcall...
  EXPECT_EQ(call_at(probe, 20000).native_priority(), linear_fifo(20000));
  // ...and the next request, without a context, finds it at the lane's priority again.
  EXPECT_EQ(call_at(probe, std::nullopt).native_priority(), linear_fifo(low));
}

TEST_F(LanesFixture, DestroyingAThreadpoolClosesItsLanesAndForgetsIt) {
  rt->destroy_threadpool(pool);
  EXPECT_THROW(rt->destroy_threadpool(pool), RTCORBA::RTORB::InvalidThreadpool);
  EXPECT_THROW(poa("late", RTCORBA::PriorityModel::SERVER_DECLARED, high),
               PortableServer::POA::InvalidPolicy);
}

TEST(RtThreadpool, BadLaneListsAreBadParam) {
  auto orb = make_orb();
  auto rt = rt_orb(orb);
  const auto expect_bad = [&](const RTCORBA::ThreadpoolLanes& lanes) {
    try {
      rt->create_threadpool_with_lanes(0, lanes, false, false, 0, 0);
      ADD_FAILURE() << "accepted";
    } catch (const CORBA::BAD_PARAM& e) {
      EXPECT_TRUE(e.minor() == rtorb::minor::bad_param_bad_threadpool ||
                  e.minor() == rtorb::minor::bad_param_bad_priority);
    }
  };
  expect_bad({});
  expect_bad({RTCORBA::ThreadpoolLane(10, 1, 0), RTCORBA::ThreadpoolLane(10, 2, 0)});
  expect_bad({RTCORBA::ThreadpoolLane(10, 0, 0)});
  expect_bad({RTCORBA::ThreadpoolLane(-1, 1, 0)});
  orb->destroy();
}

TEST(RtThreadpool, PerLaneEndpointsComeFromTheCommandLine) {
  const std::uint16_t port = free_port();
  auto orb = make_orb({"-ORBLaneEndpoint", "500=iiop://127.0.0.1:" + std::to_string(port)});
  const auto pool = rt_orb(orb)->create_threadpool(0, 1, 0, 500, false, 0, 0);
  auto p = make_rt_poa(orb, "p", RTCORBA::PriorityModel::SERVER_DECLARED, 500, pool);
  const auto oid = p->activate_object(CORBA::make_reference<ProbeServant>());
  const auto ref = rtorb::ior::decode_reference(
      rtorb::ior::parse_ior_string(orb->object_to_string(p->id_to_reference(oid))));
  ASSERT_EQ(ref.profiles.size(), 1u);
  EXPECT_EQ(std::get<rtorb::ior::IiopProfile>(ref.profiles[0]).port, port);
  orb->destroy();
}

TEST_F(LanesFixture, AnObjectActivatedWithAPriorityRunsAtItsOwnOnItsLane) {
  RT_TEST_NEEDS_REAL_TIME(server);
  auto rt_poa = IDL::traits<RTPortableServer::POA>::narrow(
      poa("declared", RTCORBA::PriorityModel::SERVER_DECLARED, low));
  ASSERT_TRUE(rt_poa);
  const auto id = rt_poa->activate_object_with_priority(CORBA::make_reference<ProbeServant>(), high);
  ior_text = server->object_to_string(rt_poa->id_to_reference(id));
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior_text));
  const auto s = call_at(probe, std::nullopt);
  EXPECT_EQ(s.native_priority(), linear_fifo(high));
  EXPECT_EQ(requests_at(high), 1u);
  // The same POA's plain objects keep the POA's priority.
  const auto plain = rt_poa->activate_object(CORBA::make_reference<ProbeServant>());
  auto plain_probe = IDL::traits<PriorityProbe>::narrow(
      client->string_to_object(server->object_to_string(rt_poa->id_to_reference(plain))));
  EXPECT_EQ(call_at(plain_probe, std::nullopt).native_priority(), linear_fifo(low));
  EXPECT_EQ(violations(), 0u);
}

TEST_F(LanesFixture, AReferenceCreatedWithAPriorityDeclaresIt) {
  auto rt_poa = IDL::traits<RTPortableServer::POA>::narrow(
      poa("declared", RTCORBA::PriorityModel::SERVER_DECLARED, low));
  ior_text = server->object_to_string(
      rt_poa->create_reference_with_priority("IDL:PriorityProbe:1.0", high));
  const auto reference = decoded();
  const auto& profile = std::get<rtorb::ior::IiopProfile>(reference.profiles.at(0));
  const auto value = rtorb::ior::decode_component(
      *rtorb::ior::find_component(profile.components, rtorb::ior::component_tag::policies));
  const auto model = std::get<rtorb::ior::PriorityModelPolicy>(rtorb::ior::decode_policy(
      std::get<rtorb::ior::PoliciesComponent>(value).policies.at(0)));
  EXPECT_EQ(model.server_priority, high);
}

TEST_F(LanesFixture, PrioritiesOfTheirOwnAreOnlyForServerDeclaredObjectsAtALanesPriority) {
  auto declared = IDL::traits<RTPortableServer::POA>::narrow(
      poa("declared", RTCORBA::PriorityModel::SERVER_DECLARED, low));
  try {
    declared->activate_object_with_priority(CORBA::make_reference<ProbeServant>(), 5000);
    ADD_FAILURE() << "a priority no lane has was accepted";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_bad_priority);
  }
  auto propagated = IDL::traits<RTPortableServer::POA>::narrow(
      poa("propagated", RTCORBA::PriorityModel::CLIENT_PROPAGATED, low));
  EXPECT_THROW(propagated->activate_object_with_priority(CORBA::make_reference<ProbeServant>(), high),
               PortableServer::POA::WrongPolicy);
  EXPECT_THROW(IDL::traits<RTPortableServer::POA>::narrow(root)->create_reference_with_priority(
                   "IDL:PriorityProbe:1.0", high),
               PortableServer::POA::WrongPolicy);
  EXPECT_FALSE(IDL::traits<RTPortableServer::POA>::narrow(rt));  // not a POA at all
}

namespace {

// A SERVER_DECLARED object on a pool of one lane with `static_threads` and
// `dynamic_threads`; its IOR.
std::string serve_on_one_lane(const IDL::traits<CORBA::ORB>::ref_type& server,
                              std::uint32_t static_threads, std::uint32_t dynamic_threads) {
  const auto pool = rt_orb(server)->create_threadpool(256 * 1024, static_threads,
                                                      dynamic_threads, 1000, false, 0, 0);
  auto p = make_rt_poa(server, "p", RTCORBA::PriorityModel::SERVER_DECLARED, 1000, pool);
  root_poa(server)->the_POAManager()->activate();
  const auto id = p->activate_object(CORBA::make_reference<ProbeServant>());
  return server->object_to_string(p->id_to_reference(id));
}

// `callers` threads call hold(hold_ms) at once, each on a connection of its own; returns
// how many upcalls the servant saw running together, at most.
std::int32_t hold_at_once(const IDL::traits<CORBA::ORB>::ref_type& client, const std::string& ior,
                          int callers, std::int32_t hold_ms) {
  std::vector<std::thread> threads;
  std::atomic<std::int32_t> most{0};
  for (int i = 0; i < callers; ++i) {
    threads.emplace_back([&] {
      auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
      const std::int32_t seen = probe->hold(hold_ms);
      std::int32_t m = most.load();
      while (seen > m && !most.compare_exchange_weak(m, seen)) {
      }
    });
  }
  for (auto& t : threads) t.join();
  return most.load();
}

std::uint32_t dynamic_threads_of(const IDL::traits<CORBA::ORB>::ref_type& server) {
  return rtorb::rt::lane_statistics(*server).at(0).dynamic_threads;
}

}  // namespace

TEST(RtThreadpool, ASaturatedLaneGrowsDynamicThreadsThatEndWhenIdle) {
  auto server = make_orb({"-ORBDynamicThreadIdleTimeout", "1000"});
  auto client = make_orb();
  const std::string ior = serve_on_one_lane(server, 1, 2);
  EXPECT_EQ(dynamic_threads_of(server), 0u);
  // One static thread and two dynamic ones serve three callers side by side.
  EXPECT_EQ(hold_at_once(client, ior, 3, 400), 3);
  EXPECT_EQ(dynamic_threads_of(server), 2u);
  // Idle for longer than the timeout: the dynamic threads end, the static one stays.
  for (int i = 0; i < 50 && dynamic_threads_of(server) > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(dynamic_threads_of(server), 0u);
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  EXPECT_EQ(probe->hold(0), 3);  // still served
  client->destroy();
  server->destroy();
}

TEST(RtThreadpool, ALaneNeverRunsMoreThanItsStaticAndDynamicThreads) {
  auto server = make_orb({"-ORBDynamicThreadIdleTimeout", "5000"});
  auto client = make_orb();
  const std::string ior = serve_on_one_lane(server, 1, 1);
  EXPECT_EQ(hold_at_once(client, ior, 4, 200), 2);
  EXPECT_EQ(dynamic_threads_of(server), 1u);
  client->destroy();
  server->destroy();
}

TEST_F(LanesFixture, PriorityTransformsChangeARequestsPriorityOnBothSides) {
  RT_TEST_NEEDS_REAL_TIME(server);
  // The client raises 5000 to 30000 (so the request goes to the high lane); the server
  // lowers whatever arrives at 30000 to 29000 (a lane may run a request below its band;
  // only one above it would be a violation).
  struct Outbound final : RTCORBA::PriorityTransform {
    bool inbound(RTCORBA::Priority&, std::span<const std::uint8_t>) override { return false; }
    bool outbound(RTCORBA::Priority& p, std::span<const std::uint8_t> key) override {
      if (p != 5000 || key.empty()) return false;
      p = 30000;
      return true;
    }
  };
  struct Inbound final : RTCORBA::PriorityTransform {
    bool inbound(RTCORBA::Priority& p, std::span<const std::uint8_t>) override {
      if (p != 30000) return false;
      p = 29000;
      return true;
    }
    bool outbound(RTCORBA::Priority&, std::span<const std::uint8_t>) override {
      throw std::runtime_error("a transform that throws declines");
    }
  };
  rtorb::rt::install_priority_transform(*client, std::make_shared<Outbound>());
  rtorb::rt::install_priority_transform(*server, std::make_shared<Inbound>());
  auto probe = publish(poa("propagated", RTCORBA::PriorityModel::CLIENT_PROPAGATED, low));
  const auto s = call_at(probe, 5000);
  EXPECT_EQ(s.corba_priority(), 29000);
  EXPECT_EQ(s.native_priority(), linear_fifo(29000));
  EXPECT_EQ(requests_at(high), 1u);
  EXPECT_EQ(call_at(probe, 6000).corba_priority(), 6000);  // declined on both sides
  EXPECT_EQ(requests_at(low), 1u);
  EXPECT_EQ(violations(), 0u);
}

// The counter counts: a server's inbound transform that raises a request after a thread of
// the low lane read it makes that lane run a request above its band, which is what a
// priority violation is (rtorb::rt::LaneStatistics).
TEST_F(LanesFixture, ARequestRaisedAboveItsLanesBandIsCountedAsAPriorityViolation) {
  struct RaiseLowToHigh final : RTCORBA::PriorityTransform {
    bool inbound(RTCORBA::Priority& p, std::span<const std::uint8_t>) override {
      if (p != low) return false;
      p = high;
      return true;
    }
    bool outbound(RTCORBA::Priority&, std::span<const std::uint8_t>) override { return false; }
  };
  rtorb::rt::install_priority_transform(*server, std::make_shared<RaiseLowToHigh>());
  auto probe = publish(poa("low", RTCORBA::PriorityModel::SERVER_DECLARED, low));
  EXPECT_EQ(violations(), 0u);
  EXPECT_EQ(call_at(probe, std::nullopt).corba_priority(), high);  // run at the raised one
  EXPECT_EQ(requests_at(low), 1u);  // by a thread of the low lane, whose band ends below it
  EXPECT_EQ(requests_at(high), 0u);
  EXPECT_EQ(violations(), 1u);
  call_at(probe, std::nullopt);
  EXPECT_EQ(violations(), 2u);
}

namespace {

// A SERVER_DECLARED object at 30000 on a pool whose high lane has one thread and whose
// low lane (1000) has two; the high lane may borrow when `borrowing`.
std::string serve_on_high_lane(const IDL::traits<CORBA::ORB>::ref_type& server, bool borrowing) {
  const auto pool = rt_orb(server)->create_threadpool_with_lanes(
      0, {RTCORBA::ThreadpoolLane(30000, 1, 0), RTCORBA::ThreadpoolLane(1000, 2, 0)}, borrowing,
      false, 0, 0);
  auto p = make_rt_poa(server, "p", RTCORBA::PriorityModel::SERVER_DECLARED, 30000, pool);
  root_poa(server)->the_POAManager()->activate();
  const auto id = p->activate_object(CORBA::make_reference<ProbeServant>());
  return server->object_to_string(p->id_to_reference(id));
}

rtorb::rt::LaneStatistics lane_at(const IDL::traits<CORBA::ORB>::ref_type& server,
                                  RTCORBA::Priority priority) {
  for (const auto& lane : rtorb::rt::lane_statistics(*server))
    if (lane.lane_priority == priority) return lane;
  return {};
}

}  // namespace

TEST(RtThreadpool, ABusyLaneBorrowsAnIdleLowerThreadAtItsOwnPriorityAndGivesItBack) {
  auto server = make_orb();
  auto client = make_orb();
  const std::string ior = serve_on_high_lane(server, true);
  std::atomic<std::int32_t> most{0};
  std::thread callers([&] { most = hold_at_once(client, ior, 2, 600); });
  // While both calls hold, one of the low lane's threads serves the high lane.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(lane_at(server, 30000).borrowed_threads, 1u);
  callers.join();
  EXPECT_EQ(most.load(), 2);
  // Both requests were the high lane's, read at its priority by a thread of it: the lent
  // thread took the high lane's identity, or the low lane would count a violation.
  EXPECT_EQ(lane_at(server, 30000).requests, 2u);
  EXPECT_EQ(lane_at(server, 1000).requests, 0u);
  EXPECT_EQ(lane_at(server, 30000).priority_violations + lane_at(server, 1000).priority_violations,
            0u);
  for (int i = 0; i < 50 && lane_at(server, 30000).borrowed_threads > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(lane_at(server, 30000).borrowed_threads, 0u);  // given back
  client->destroy();
  server->destroy();
}

TEST(RtThreadpool, WithoutBorrowingABusyLaneServesOneRequestAtATime) {
  auto server = make_orb();
  auto client = make_orb();
  EXPECT_EQ(hold_at_once(client, serve_on_high_lane(server, false), 2, 200), 1);
  EXPECT_EQ(lane_at(server, 30000).borrowed_threads, 0u);
  client->destroy();
  server->destroy();
}

namespace {

// Calls `probe` (an object of the calling ORB itself, on one of its lanes) from a thread
// at `caller`: the collocated upcall runs on that thread; returns what it saw and the
// thread's priority after the call.
std::pair<PriorityProbe::Scheduling, RTCORBA::Priority> collocated_call(
    const IDL::traits<CORBA::ORB>::ref_type& orb, const IDL::traits<PriorityProbe>::ref_type& probe,
    RTCORBA::Priority caller) {
  std::pair<PriorityProbe::Scheduling, RTCORBA::Priority> result;
  std::thread t([&] {
    auto current = rt_current(orb);
    current->the_priority(caller);
    result.first = probe->upcall_scheduling();
    result.second = current->the_priority();
  });
  t.join();
  return result;
}

}  // namespace

TEST(RtCollocation, ACollocatedCallRunsAtTheObjectsPriorityInEveryCollocationMode) {
  for (const char* mode : {"thru_poa", "direct"}) {
    SCOPED_TRACE(mode);
    auto server = make_orb({"-ORBCollocation", mode});
    RT_TEST_NEEDS_REAL_TIME(server);
    auto rt = rt_orb(server);
    const auto pool = rt->create_threadpool_with_lanes(
        0, {RTCORBA::ThreadpoolLane(high, 1, 0), RTCORBA::ThreadpoolLane(low, 1, 0)}, false,
        false, 0, 0);
    root_poa(server)->the_POAManager()->activate();
    auto declared = make_rt_poa(server, "declared", RTCORBA::PriorityModel::SERVER_DECLARED, high, pool);
    auto propagated =
        make_rt_poa(server, "propagated", RTCORBA::PriorityModel::CLIENT_PROPAGATED, low, pool);
    auto probe_of = [&](const IDL::traits<PortableServer::POA>::ref_type& p) {
      const auto id = p->activate_object(CORBA::make_reference<ProbeServant>());
      return IDL::traits<PriorityProbe>::narrow(p->id_to_reference(id));
    };
    // SERVER_DECLARED: the object's priority, on the caller's thread, then the caller's own.
    const auto [s, after] = collocated_call(server, probe_of(declared), 5000);
    EXPECT_EQ(s.corba_priority(), high);
    EXPECT_EQ(s.native_priority(), linear_fifo(high));
    EXPECT_EQ(after, 5000);
    // CLIENT_PROPAGATED: the caller's.
    const auto [p, unchanged] = collocated_call(server, probe_of(propagated), 7000);
    EXPECT_EQ(p.corba_priority(), 7000);
    EXPECT_EQ(p.native_priority(), linear_fifo(7000));
    EXPECT_EQ(unchanged, 7000);
    // In process: no lane read or counted either request.
    for (const auto& lane : rtorb::rt::lane_statistics(*server)) {
      EXPECT_EQ(lane.requests, 0u);
      EXPECT_EQ(lane.priority_violations, 0u);
    }
    server->destroy();
  }
}

TEST(RtPersistentIor, APersistentReferenceReachesItsLaneAgainAfterTheServerRestarts) {
  const std::uint16_t port = free_port();
  const std::vector<std::string> options = {
      "-ORBLaneEndpoint", std::to_string(high) + "=iiop://127.0.0.1:" + std::to_string(port)};
  // One server life: a PERSISTENT, USER_ID, SERVER_DECLARED POA on a pool whose high lane
  // listens on a fixed port; returns the object's IOR.
  auto serve = [&](const IDL::traits<CORBA::ORB>::ref_type& server) {
    auto rt = rt_orb(server);
    auto root = root_poa(server);
    const auto pool = rt->create_threadpool_with_lanes(
        0, {RTCORBA::ThreadpoolLane(high, 1, 0), RTCORBA::ThreadpoolLane(low, 1, 0)}, false,
        false, 0, 0);
    auto poa = root->create_POA(
        "persistent", root->the_POAManager(),
        {rt->create_priority_model_policy(RTCORBA::PriorityModel::SERVER_DECLARED, high),
         rt->create_threadpool_policy(pool),
         root->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
         root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)});
    root->the_POAManager()->activate();
    const auto id = PortableServer::string_to_ObjectId("probe");
    poa->activate_object_with_id(id, CORBA::make_reference<ProbeServant>());
    return server->object_to_string(poa->id_to_reference(id));
  };
  auto client = make_orb();
  auto first = make_orb(options);
  RT_TEST_NEEDS_REAL_TIME(first);
  const std::string ior = serve(first);
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  EXPECT_EQ(probe->upcall_scheduling().native_priority(), linear_fifo(high));
  first->destroy();

  auto second = make_orb(options);
  serve(second);
  // The old reference (its key names the earlier instance; the POA is found by its path),
  // through a new connection to the new server's lane.
  const auto s = probe->upcall_scheduling();
  EXPECT_EQ(s.corba_priority(), high);
  EXPECT_EQ(s.native_priority(), linear_fifo(high));
  second->destroy();
  client->destroy();
}
