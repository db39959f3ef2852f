// Connections chosen by priority: one per lane of an rtorb server, one per band of a
// PriorityBandedConnectionPolicy, opened ahead of time by _validate_connection or
// -ORBPreconnect, and reused by the calls that follow.
#include <thread>

#include "orb/orb_core.hpp"
#include "priority_probeC.h"
#include "rt_test_support.hpp"

using namespace rt_test;

namespace {

std::size_t connections_of(const IDL::traits<CORBA::ORB>::ref_type& orb) {
  return CORBA::rtorb_core(*orb).connections().size();
}

struct ConnectionsFixture : ::testing::Test {
  // Objects without a thread pool are served by the default lane: a pool of 2 here.
  IDL::traits<CORBA::ORB>::ref_type server = make_orb({"-ORBServerThreads", "2"});
  IDL::traits<RTCORBA::RTORB>::ref_type rt = rt_orb(server);
  IDL::traits<PortableServer::POA>::ref_type root = root_poa(server);
  ConnectionsFixture() { root->the_POAManager()->activate(); }
  ~ConnectionsFixture() override { server->destroy(); }

  // A CLIENT_PROPAGATED object: on a pool of two lanes, or on the default lane with two
  // bands.
  std::string publish(bool lanes) {
    CORBA::PolicyList policies{
        rt->create_priority_model_policy(RTCORBA::PriorityModel::CLIENT_PROPAGATED, 1000)};
    if (lanes) {
      policies.push_back(rt->create_threadpool_policy(rt->create_threadpool_with_lanes(
          0, {RTCORBA::ThreadpoolLane(1000, 1, 0), RTCORBA::ThreadpoolLane(20000, 1, 0)}, false,
          false, 0, 0)));
    } else {
      policies.push_back(rt->create_priority_banded_connection_policy(
          {RTCORBA::PriorityBand(0, 9999), RTCORBA::PriorityBand(10000, 32767)}));
    }
    auto poa = root->create_POA(lanes ? "lanes" : "bands", root->the_POAManager(), policies);
    const auto id = poa->activate_object(CORBA::make_reference<ProbeServant>());
    return server->object_to_string(poa->id_to_reference(id));
  }

  // Calls on a thread of its own at `priority`.
  static void call_at(const IDL::traits<PriorityProbe>::ref_type& probe,
                      IDL::traits<CORBA::ORB>::ref_type orb, RTCORBA::Priority priority) {
    std::thread t([&] {
      rt_current(orb)->the_priority(priority);
      probe->upcall_scheduling();
    });
    t.join();
  }
};

}  // namespace

TEST_F(ConnectionsFixture, ValidateConnectionOpensOneConnectionPerLane) {
  auto client = make_orb();
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(publish(true)));
  EXPECT_EQ(connections_of(client), 0u);
  CORBA::PolicyList inconsistent;
  EXPECT_TRUE(probe->_validate_connection(inconsistent));
  EXPECT_TRUE(inconsistent.empty());
  EXPECT_EQ(connections_of(client), 2u);
  call_at(probe, client, 1000);
  call_at(probe, client, 25000);
  EXPECT_EQ(connections_of(client), 2u);  // the calls found their connections open
  client->destroy();
}

TEST_F(ConnectionsFixture, EachPriorityBandHasAConnectionOfItsOwn) {
  auto client = make_orb();
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(publish(false)));
  call_at(probe, client, 500);
  EXPECT_EQ(connections_of(client), 1u);
  call_at(probe, client, 9999);  // the same band
  EXPECT_EQ(connections_of(client), 1u);
  call_at(probe, client, 10000);  // the other band: another connection to the same endpoint
  EXPECT_EQ(connections_of(client), 2u);
  client->destroy();
}

TEST_F(ConnectionsFixture, PreconnectOpensEveryBandWhenTheReferenceArrives) {
  auto client = make_orb({"-ORBPreconnect", "yes"});
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(publish(false)));
  EXPECT_EQ(connections_of(client), 2u);
  call_at(probe, client, 20000);
  EXPECT_EQ(connections_of(client), 2u);
  client->destroy();
}

TEST(RtConnections, PreconnectToNowhereStillGivesTheReference) {
  auto client = make_orb({"-ORBPreconnect", "yes"});
  auto object = client->string_to_object("corbaloc::127.0.0.1:1/nothing");
  EXPECT_TRUE(object);
  CORBA::PolicyList inconsistent;
  EXPECT_THROW(object->_validate_connection(inconsistent), CORBA::TRANSIENT);
  client->destroy();
}
