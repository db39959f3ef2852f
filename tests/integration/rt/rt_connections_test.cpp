// Connections chosen by priority: one per lane of an rtorb server, one per band of a
// PriorityBandedConnectionPolicy, opened ahead of time by _validate_connection or
// -ORBPreconnect, and reused by the calls that follow.
#include <rtorb/corba/minor_code.hpp>

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

TEST_F(ConnectionsFixture, APrivateReferenceHasConnectionsOfItsOwn) {
  auto client = make_orb();
  const std::string ior = publish(false);
  auto shared = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  auto also_shared = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  const CORBA::PolicyList private_connection{rt_orb(client)->create_private_connection_policy()};
  auto mine = IDL::traits<PriorityProbe>::narrow(
      shared->_set_policy_overrides(private_connection, CORBA::SetOverrideType::ADD_OVERRIDE));
  auto yours = IDL::traits<PriorityProbe>::narrow(
      shared->_set_policy_overrides(private_connection, CORBA::SetOverrideType::ADD_OVERRIDE));
  ASSERT_TRUE(mine && yours);
  call_at(shared, client, 500);
  call_at(also_shared, client, 500);
  EXPECT_EQ(connections_of(client), 1u);  // two references, one connection
  call_at(mine, client, 500);
  EXPECT_EQ(connections_of(client), 2u);
  call_at(yours, client, 500);
  EXPECT_EQ(connections_of(client), 3u);
  call_at(mine, client, 600);  // the same band: its own connection again
  call_at(yours, client, 700);
  EXPECT_EQ(connections_of(client), 3u);
  call_at(mine, client, 20000);  // the other band, privately too
  EXPECT_EQ(connections_of(client), 4u);
  client->destroy();
}

TEST_F(ConnectionsFixture, ClientSideBandsGiveAConnectionPerBandWhereTheServerNamesNone) {
  auto client = make_orb();
  const auto id = root->activate_object(CORBA::make_reference<ProbeServant>());
  auto plain = IDL::traits<PriorityProbe>::narrow(
      client->string_to_object(server->object_to_string(root->id_to_reference(id))));
  auto banded = IDL::traits<PriorityProbe>::narrow(plain->_set_policy_overrides(
      {rt_orb(client)->create_priority_banded_connection_policy(
          {RTCORBA::PriorityBand(0, 99), RTCORBA::PriorityBand(100, 32767)})},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  call_at(banded, client, 50);
  call_at(banded, client, 60);
  EXPECT_EQ(connections_of(client), 1u);
  call_at(banded, client, 150);
  EXPECT_EQ(connections_of(client), 2u);
  call_at(plain, client, 150);  // the reference without bands: the default connection
  EXPECT_EQ(connections_of(client), 3u);
  client->destroy();
}

TEST_F(ConnectionsFixture, ClientBandsThatAreNoBandsAreInvPolicy) {
  auto client = make_orb();
  auto probe = client->string_to_object(publish(false));
  auto rt_client = rt_orb(client);
  for (const RTCORBA::PriorityBands& bands :
       {RTCORBA::PriorityBands{}, RTCORBA::PriorityBands{RTCORBA::PriorityBand(10, 5)},
        RTCORBA::PriorityBands{RTCORBA::PriorityBand(-3, 5)}}) {
    try {
      probe->_set_policy_overrides({rt_client->create_priority_banded_connection_policy(bands)},
                                   CORBA::SetOverrideType::ADD_OVERRIDE);
      ADD_FAILURE() << "no INV_POLICY";
    } catch (const CORBA::INV_POLICY& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::inv_policy_bad_bands);
    }
  }
  client->destroy();
}
