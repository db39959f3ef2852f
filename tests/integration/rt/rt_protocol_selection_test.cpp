// Choosing GIOPlite or standard GIOP, and a reference's own socket options, through the
// protocol policies (rtorb::rt::GIOPFramingProperties in a Protocol's ORB properties), on
// real loopback sockets between two ORBs: which profiles a POA's references name, which one a
// client takes, how the connection it uses frames its messages, and the refusals.
#include <rtorb/corba/minor_code.hpp>

#include <sys/socket.h>

#include <string>
#include <thread>

#include "client/object_core.hpp"
#include "ior/giop_lite_component.hpp"
#include "orb/orb_core.hpp"
#include "priority_probeC.h"
#include "rt_test_support.hpp"

using namespace rt_test;
namespace transport = rtorb::transport;

namespace {

constexpr RTCORBA::Priority low = 1000;
constexpr RTCORBA::Priority high = 20000;

using Probe = IDL::traits<PriorityProbe>::ref_type;

RTCORBA::Protocol iiop(std::optional<bool> giop_lite,
                       CORBA::object_reference<RTCORBA::ProtocolProperties> tcp = nullptr) {
  CORBA::object_reference<RTCORBA::ProtocolProperties> framing;
  if (giop_lite) framing = rtorb::rt::create_giop_framing_properties(*giop_lite);
  return RTCORBA::Protocol(0, std::move(framing), std::move(tcp));
}

// The framing of each IIOP profile of the reference, in order: true for GIOPlite.
std::vector<bool> profile_framings(const Probe& probe) {
  std::vector<bool> framings;
  for (const auto& p : rtorb::orb::core_of(*probe)->reference().profiles) {
    if (const auto* profile = std::get_if<rtorb::ior::IiopProfile>(&p)) {
      framings.push_back(rtorb::ior::speaks_giop_lite(profile->components));
    }
  }
  return framings;
}

const rtorb::orb::Target& target_of(const Probe& probe,
                                    std::shared_ptr<const rtorb::orb::Target>& hold) {
  return rtorb::orb::core_of(*probe)->target(hold);
}

// Calls on a thread of its own at `priority`; the priority the upcall ran at.
RTCORBA::Priority call_at(const Probe& probe, const IDL::traits<CORBA::ORB>::ref_type& orb,
                          RTCORBA::Priority priority) {
  RTCORBA::Priority served = -1;
  std::thread t([&] {
    rt_current(orb)->the_priority(priority);
    served = probe->upcall_scheduling().corba_priority();
  });
  t.join();
  return served;
}

// How the client connection `key` names frames its messages (idle after a call: the lease
// takes that one).
rtorb::giop::HeaderMode framing_of(const IDL::traits<CORBA::ORB>::ref_type& orb,
                                   const transport::CacheKey& key) {
  auto lease = CORBA::rtorb_core(*orb).client().connections().acquire(key);
  return lease->mode();
}

Probe with_overrides(const Probe& probe, CORBA::PolicyList policies) {
  return IDL::traits<PriorityProbe>::narrow(
      probe->_set_policy_overrides(policies, CORBA::SetOverrideType::ADD_OVERRIDE));
}

struct SelectionFixture : ::testing::Test {
  IDL::traits<CORBA::ORB>::ref_type server = make_orb({"-ORBServerThreads", "2"});
  IDL::traits<RTCORBA::RTORB>::ref_type rt = rt_orb(server);
  IDL::traits<PortableServer::POA>::ref_type root = root_poa(server);
  IDL::traits<CORBA::ORB>::ref_type client = make_orb();
  SelectionFixture() { root->the_POAManager()->activate(); }
  ~SelectionFixture() override {
    client->destroy();
    server->destroy();
  }

  RTCORBA::ThreadpoolId two_lanes() {
    return rt->create_threadpool_with_lanes(
        0, {RTCORBA::ThreadpoolLane(low, 1, 0), RTCORBA::ThreadpoolLane(high, 1, 0)}, false,
        false, 0, 0);
  }
  // A CLIENT_PROPAGATED object on `pool` served as `protocols` say, as the client sees it.
  Probe publish(const std::string& name, RTCORBA::ThreadpoolId pool,
                std::optional<RTCORBA::ProtocolList> protocols) {
    CORBA::PolicyList policies{
        rt->create_priority_model_policy(RTCORBA::PriorityModel::CLIENT_PROPAGATED, low),
        rt->create_threadpool_policy(pool)};
    if (protocols) policies.push_back(rt->create_server_protocol_policy(*protocols));
    return activate(root->create_POA(name, root->the_POAManager(), policies));
  }
  Probe activate(const IDL::traits<PortableServer::POA>::ref_type& poa) {
    const auto id = poa->activate_object(CORBA::make_reference<ProbeServant>());
    return IDL::traits<PriorityProbe>::narrow(
        client->string_to_object(server->object_to_string(poa->id_to_reference(id))));
  }
};

}  // namespace

TEST_F(SelectionFixture, AGiopLiteServerProtocolOpensALiteEndpointOnEachLaneAndNamesOnlyThose) {
  const auto pool = two_lanes();
  auto lite = publish("lite", pool, RTCORBA::ProtocolList{iiop(true)});
  EXPECT_EQ(profile_framings(lite), (std::vector<bool>{true, true}));  // one per lane
  EXPECT_EQ(call_at(lite, client, low), low);
  EXPECT_EQ(call_at(lite, client, high), high);
  std::shared_ptr<const rtorb::orb::Target> hold;
  const auto& target = target_of(lite, hold);
  ASSERT_EQ(target.routes.size(), 2u);
  for (const auto& route : target.routes) {
    EXPECT_TRUE(route.cache_key.endpoint.giop_lite);
    EXPECT_EQ(framing_of(client, route.cache_key), rtorb::giop::HeaderMode::lite);
  }
  // A POA on the same pool without the policy names every endpoint, the lanes' first
  // (standard) ones first, and a client that asks for nothing takes those.
  auto plain = publish("plain", pool, std::nullopt);
  EXPECT_EQ(profile_framings(plain), (std::vector<bool>{false, true, false, true}));
  EXPECT_EQ(call_at(plain, client, high), high);
  EXPECT_FALSE(target_of(plain, hold).cache_key_for(high).endpoint.giop_lite);
  // Asking for standard GIOP names only the standard endpoints.
  auto standard = publish("standard", pool, RTCORBA::ProtocolList{iiop(false)});
  EXPECT_EQ(profile_framings(standard), (std::vector<bool>{false, false}));
}

TEST_F(SelectionFixture, TheServersOrderDecidesAndAClientProtocolPolicyChoosesAmongTheProfiles) {
  auto both = publish("both", two_lanes(), RTCORBA::ProtocolList{iiop(true), iiop(false)});
  // Per lane: its GIOPlite endpoint, then its standard one.
  EXPECT_EQ(profile_framings(both), (std::vector<bool>{true, false, true, false}));
  std::shared_ptr<const rtorb::orb::Target> hold;
  EXPECT_TRUE(target_of(both, hold).cache_key_for(high).endpoint.giop_lite);

  auto rt_client = rt_orb(client);
  auto standard = with_overrides(
      both, {rt_client->create_client_protocol_policy({iiop(false), iiop(true)})});
  EXPECT_EQ(call_at(standard, client, high), high);
  EXPECT_EQ(call_at(standard, client, low), low);
  const auto& chosen = target_of(standard, hold);
  ASSERT_EQ(chosen.routes.size(), 2u);
  for (const auto& route : chosen.routes) {
    EXPECT_FALSE(route.cache_key.endpoint.giop_lite);
    EXPECT_EQ(framing_of(client, route.cache_key), rtorb::giop::HeaderMode::standard);
  }
  // The original reference is unchanged: it still goes GIOPlite.
  EXPECT_EQ(call_at(both, client, high), high);
  EXPECT_EQ(framing_of(client, target_of(both, hold).cache_key_for(high)),
            rtorb::giop::HeaderMode::lite);
}

TEST_F(SelectionFixture, AClientProtocolPolicyNoProfileServesIsInvPolicy) {
  auto standard_only = publish("standard-only", two_lanes(), std::nullopt);
  auto rt_client = rt_orb(client);
  const auto refused = [&](RTCORBA::ProtocolList protocols) {
    try {
      with_overrides(standard_only, {rt_client->create_client_protocol_policy(protocols)});
      ADD_FAILURE() << "no INV_POLICY";
    } catch (const CORBA::INV_POLICY& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::inv_policy_no_protocol);
    }
  };
  refused({iiop(true)});                                           // GIOPlite only
  refused({RTCORBA::Protocol(0x52540099, nullptr, nullptr)});      // not IIOP at all
  // An entry that names no framing takes what there is.
  auto any = with_overrides(standard_only,
                            {rt_client->create_client_protocol_policy({iiop(true), iiop({})})});
  EXPECT_EQ(call_at(any, client, high), high);
}

TEST_F(SelectionFixture, WithoutAPoolTheOrbsOwnEndpointsOfTheFramingAreNamed) {
  auto both = make_orb({"-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBEndpoint",
                        "iiop://127.0.0.1:0/giop_lite", "-ORBServerThreads", "2"});
  auto both_root = root_poa(both);
  both_root->the_POAManager()->activate();
  const auto protocol_only = [&](const std::string& name, bool giop_lite) {
    auto poa = both_root->create_POA(
        name, both_root->the_POAManager(),
        {rt_orb(both)->create_server_protocol_policy({iiop(giop_lite)})});
    const auto id = poa->activate_object(CORBA::make_reference<ProbeServant>());
    return IDL::traits<PriorityProbe>::narrow(
        client->string_to_object(both->object_to_string(poa->id_to_reference(id))));
  };
  auto lite = protocol_only("lite", true);
  EXPECT_EQ(profile_framings(lite), std::vector<bool>{true});
  lite->upcall_scheduling();
  std::shared_ptr<const rtorb::orb::Target> hold;
  EXPECT_EQ(framing_of(client, target_of(lite, hold).cache_key), rtorb::giop::HeaderMode::lite);
  EXPECT_EQ(profile_framings(protocol_only("standard", false)), std::vector<bool>{false});
  both->destroy();

  // The default lane opens nothing on its own: an ORB without a GIOPlite endpoint refuses.
  try {
    root->create_POA("no-lite", root->the_POAManager(),
                     {rt->create_server_protocol_policy({iiop(true)})});
    ADD_FAILURE() << "a GIOPlite protocol policy without a GIOPlite endpoint was accepted";
  } catch (const PortableServer::POA::InvalidPolicy& e) {
    EXPECT_EQ(e.index(), 0);
  }
}

TEST(ProtocolSelection, GiopLiteUnderGiop10IsAnInvalidPolicy) {
  auto server = make_orb({"-ORBGIOPVersion", "1.0"});
  auto rt = rt_orb(server);
  auto root = root_poa(server);
  const auto pool = rt->create_threadpool(0, 1, 0, low, false, 0, 0);
  try {
    root->create_POA(
        "lite-1.0", root->the_POAManager(),
        {rt->create_priority_model_policy(RTCORBA::PriorityModel::SERVER_DECLARED, low),
         rt->create_threadpool_policy(pool), rt->create_server_protocol_policy({iiop(true)})});
    ADD_FAILURE() << "GIOPlite under GIOP 1.0 was accepted";
  } catch (const PortableServer::POA::InvalidPolicy& e) {
    EXPECT_EQ(e.index(), 2);
  }
  server->destroy();
}

namespace {

int option(int fd, int level, int name) {
  int value = -1;
  socklen_t length = sizeof value;
  EXPECT_EQ(::getsockopt(fd, level, name, &value, &length), 0) << "fd " << fd;
  return value;
}

}  // namespace

TEST_F(SelectionFixture, AReferencesClientProtocolPolicySetsUpItsOwnConnections) {
  auto plain = publish("sockets", two_lanes(), std::nullopt);
  auto rt_client = rt_orb(client);
  const auto tcp = [&](bool keep_alive) {
    return rt_client->create_tcp_protocol_properties(0, 96 * 1024, keep_alive, false, true,
                                                     false);
  };
  // keep_alive off: the ORB's default sockets have it on.
  auto tuned = with_overrides(plain, {rt_client->create_client_protocol_policy(
                                         {iiop({}, tcp(false))})});
  auto tuned_alike = with_overrides(plain, {rt_client->create_client_protocol_policy(
                                               {iiop({}, tcp(false))})});
  auto& connections = CORBA::rtorb_core(*client).client().connections();
  call_at(plain, client, high);
  EXPECT_EQ(connections.size(), 1u);
  call_at(tuned, client, high);
  EXPECT_EQ(connections.size(), 2u);  // other socket options: a connection of its own
  call_at(tuned_alike, client, high);
  EXPECT_EQ(connections.size(), 2u);  // the same options: shared with `tuned`

  std::shared_ptr<const rtorb::orb::Target> hold;
  {
    auto lease = connections.acquire(target_of(tuned, hold).cache_key_for(high));
    EXPECT_EQ(option(lease->fd(), SOL_SOCKET, SO_KEEPALIVE), 0);
    EXPECT_EQ(option(lease->fd(), SOL_SOCKET, SO_RCVBUF), 2 * 96 * 1024);  // Linux doubles it
  }
  auto lease = connections.acquire(target_of(plain, hold).cache_key_for(high));
  EXPECT_NE(option(lease->fd(), SOL_SOCKET, SO_KEEPALIVE), 0);
}

TEST_F(SelectionFixture, TheOrbsAndTheThreadsClientProtocolPoliciesChooseTheFramingOfACall) {
  auto both = publish("levels", two_lanes(), RTCORBA::ProtocolList{iiop(true), iiop(false)});
  std::shared_ptr<const rtorb::orb::Target> hold;
  EXPECT_TRUE(target_of(both, hold).cache_key_for(high).endpoint.giop_lite);
  auto rt_client = rt_orb(client);
  const auto standard_first = rt_client->create_client_protocol_policy({iiop(false), iiop(true)});
  const auto lite_first = rt_client->create_client_protocol_policy({iiop(true), iiop(false)});

  // The ORB's: every reference, including one made before the policy was set.
  auto manager = IDL::traits<CORBA::PolicyManager>::narrow(
      client->resolve_initial_references("ORBPolicyManager"));
  manager->set_policy_overrides({standard_first}, CORBA::SetOverrideType::ADD_OVERRIDE);
  EXPECT_EQ(call_at(both, client, high), high);
  EXPECT_FALSE(target_of(both, hold).cache_key_for(high).endpoint.giop_lite);
  EXPECT_EQ(framing_of(client, target_of(both, hold).cache_key_for(high)),
            rtorb::giop::HeaderMode::standard);

  // The thread's before the ORB's, for that thread's calls only.
  auto current = IDL::traits<CORBA::PolicyCurrent>::narrow(
      client->resolve_initial_references("PolicyCurrent"));
  bool thread_took_lite = false;
  RTCORBA::Priority served = -1;
  std::thread([&] {
    current->set_policy_overrides({lite_first}, CORBA::SetOverrideType::ADD_OVERRIDE);
    rt_current(client)->the_priority(high);
    served = both->upcall_scheduling().corba_priority();
    std::shared_ptr<const rtorb::orb::Target> own;
    thread_took_lite = target_of(both, own).cache_key_for(high).endpoint.giop_lite;
  }).join();
  EXPECT_EQ(served, high);
  EXPECT_TRUE(thread_took_lite);
  EXPECT_FALSE(target_of(both, hold).cache_key_for(high).endpoint.giop_lite);

  // The reference's own before both.
  auto own = with_overrides(both, {lite_first});
  EXPECT_TRUE(target_of(own, hold).cache_key_for(high).endpoint.giop_lite);

  // A thread's policy no profile serves fails that thread's calls with INV_POLICY.
  auto standard_only = publish("levels-standard", two_lanes(), std::nullopt);
  bool refused = false;
  std::thread([&] {
    current->set_policy_overrides({rt_client->create_client_protocol_policy({iiop(true)})},
                                  CORBA::SetOverrideType::ADD_OVERRIDE);
    try {
      standard_only->upcall_scheduling();
    } catch (const CORBA::INV_POLICY& e) {
      refused = e.minor() == rtorb::minor::inv_policy_no_protocol;
    }
  }).join();
  EXPECT_TRUE(refused);

  manager->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_TRUE(target_of(both, hold).cache_key_for(high).endpoint.giop_lite);
}
