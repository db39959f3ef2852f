// Protocol properties on real loopback sockets between two ORBs: TCPProtocolProperties of a
// POA's ServerProtocolPolicy on its lanes' accepted sockets, of a ClientProtocolPolicy in
// ORBPolicyManager on client sockets, -ORBSocketOptions, DSCP marking from priorities, and
// full calls over GIOPlite endpoints. Every check reads the real descriptor (getsockopt).
#include <rtorb/corba/minor_code.hpp>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <filesystem>
#include <string>
#include <thread>

#include "client/multiplexed_connection.hpp"
#include "client/object_core.hpp"
#include "giop/message_codec.hpp"
#include "ior/giop_lite_component.hpp"
#include "orb/orb_core.hpp"
#include "priority_probeC.h"
#include "rt_test_support.hpp"
#include "transport/connector.hpp"

using namespace rt_test;
namespace transport = rtorb::transport;

namespace {

constexpr RTCORBA::Priority low = 1000;
constexpr RTCORBA::Priority high = 20000;

// The default linear network mapping: 0..32767 onto DSCP 0..63, in the TOS byte's top bits.
int tos_of(RTCORBA::Priority priority) { return (priority * 63 / RTCORBA::maxPriority) << 2; }

int option(int fd, int level, int name) {
  int value = -1;
  socklen_t length = sizeof value;
  EXPECT_EQ(::getsockopt(fd, level, name, &value, &length), 0) << "fd " << fd;
  return value;
}

transport::Endpoint address_of(int fd, bool peer) {
  transport::SocketAddress a;
  a.length = sizeof a.storage;
  const int rc = peer ? ::getpeername(fd, a.get(), &a.length) : ::getsockname(fd, a.get(), &a.length);
  return rc == 0 ? a.endpoint() : transport::Endpoint{};
}

// The server ORB runs in this process too: its end of a client's connection is the socket
// whose addresses are the client's, crossed.
int accepted_end_of(int client_fd) {
  const auto local = address_of(client_fd, false);
  const auto peer = address_of(client_fd, true);
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    const int fd = std::stoi(entry.path().filename().string());
    if (fd == client_fd) continue;
    if (address_of(fd, false) == peer && address_of(fd, true) == local) return fd;
  }
  return -1;
}

// Runs `check` with the descriptor of the client connection `key` names (idle in the cache
// after a call: the lease takes that one).
template <class Check>
void with_client_fd(const IDL::traits<CORBA::ORB>::ref_type& orb,
                    const transport::CacheKey& key, Check check) {
  auto lease = CORBA::rtorb_core(*orb).client().connections().acquire(key);
  check(lease->fd());
}

const rtorb::orb::Target& target_of(const IDL::traits<PriorityProbe>::ref_type& probe,
                                    std::shared_ptr<const rtorb::orb::Target>& hold) {
  return rtorb::orb::core_of(*probe)->target(hold);
}

// Calls on a thread of its own at `priority`.
void call_at(const IDL::traits<PriorityProbe>::ref_type& probe,
             const IDL::traits<CORBA::ORB>::ref_type& orb, RTCORBA::Priority priority) {
  std::thread t([&] {
    rt_current(orb)->the_priority(priority);
    probe->upcall_scheduling();
  });
  t.join();
}

CORBA::object_reference<RTCORBA::TCPProtocolProperties> tcp_properties(
    const IDL::traits<RTCORBA::RTORB>::ref_type& rt, bool network_priority) {
  return rt->create_tcp_protocol_properties(64 * 1024, 96 * 1024, /*keep_alive*/ true,
                                            /*dont_route*/ false, /*no_delay*/ true,
                                            network_priority);
}

RTCORBA::ProtocolList iiop_with(CORBA::object_reference<RTCORBA::TCPProtocolProperties> tcp) {
  return {RTCORBA::Protocol(0, nullptr, std::move(tcp))};
}

// Linux doubles a buffer size it is given (socket(7)).
void expect_tcp_properties(int fd) {
  EXPECT_EQ(option(fd, SOL_SOCKET, SO_SNDBUF), 2 * 64 * 1024);
  EXPECT_EQ(option(fd, SOL_SOCKET, SO_RCVBUF), 2 * 96 * 1024);
  EXPECT_NE(option(fd, SOL_SOCKET, SO_KEEPALIVE), 0);
  EXPECT_NE(option(fd, IPPROTO_TCP, TCP_NODELAY), 0);
  EXPECT_EQ(option(fd, SOL_SOCKET, SO_DONTROUTE), 0);
}

struct ProtocolsFixture : ::testing::Test {
  IDL::traits<CORBA::ORB>::ref_type server = make_orb({"-ORBServerThreads", "2"});
  IDL::traits<RTCORBA::RTORB>::ref_type rt = rt_orb(server);
  IDL::traits<PortableServer::POA>::ref_type root = root_poa(server);
  ProtocolsFixture() { root->the_POAManager()->activate(); }
  ~ProtocolsFixture() override { server->destroy(); }

  RTCORBA::ThreadpoolId two_lanes() {
    return rt->create_threadpool_with_lanes(
        0, {RTCORBA::ThreadpoolLane(low, 1, 0), RTCORBA::ThreadpoolLane(high, 1, 0)}, false,
        false, 0, 0);
  }
  // A CLIENT_PROPAGATED object on `pool` (with `extra` policies), or on the default lane
  // with two bands.
  std::string publish(const std::string& name, std::optional<RTCORBA::ThreadpoolId> pool,
                      CORBA::PolicyList extra = {}) {
    CORBA::PolicyList policies{
        rt->create_priority_model_policy(RTCORBA::PriorityModel::CLIENT_PROPAGATED, low)};
    if (pool) {
      policies.push_back(rt->create_threadpool_policy(*pool));
    } else {
      policies.push_back(rt->create_priority_banded_connection_policy(
          {RTCORBA::PriorityBand(0, 9999), RTCORBA::PriorityBand(10000, 32767)}));
    }
    policies.insert(policies.end(), extra.begin(), extra.end());
    auto poa = root->create_POA(name, root->the_POAManager(), policies);
    const auto id = poa->activate_object(CORBA::make_reference<ProbeServant>());
    return server->object_to_string(poa->id_to_reference(id));
  }
};

}  // namespace

TEST_F(ProtocolsFixture, ServerProtocolPropertiesSetUpTheAcceptedSocketsOfThePoolsLanes) {
  const std::string ior = publish(
      "tcp", two_lanes(), {rt->create_server_protocol_policy(iiop_with(tcp_properties(rt, true)))});
  auto client = make_orb();
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  call_at(probe, client, low);
  call_at(probe, client, high);
  std::shared_ptr<const rtorb::orb::Target> hold;
  const auto& target = target_of(probe, hold);
  ASSERT_EQ(target.routes.size(), 2u);
  for (const auto& route : target.routes) {
    // Each lane marks what it sends with its own priority's codepoint.
    const int lane_tos = tos_of(route.low == 0 ? low : route.low);
    with_client_fd(client, route.cache_key, [&](int fd) {
      const int accepted = accepted_end_of(fd);
      ASSERT_GE(accepted, 0);
      expect_tcp_properties(accepted);
      EXPECT_EQ(option(accepted, IPPROTO_IP, IP_TOS), lane_tos) << "lane from " << route.low;
      EXPECT_EQ(option(fd, IPPROTO_IP, IP_TOS), 0);  // the client marks nothing by itself
    });
  }
  EXPECT_NE(tos_of(low), tos_of(high));
  client->destroy();
}

TEST_F(ProtocolsFixture, ClientProtocolPolicyInTheOrbPolicyManagerSetsUpClientSocketsAndMarksBands) {
  const std::string ior = publish("bands", std::nullopt);
  auto client = make_orb();
  auto manager = IDL::traits<CORBA::PolicyManager>::narrow(
      client->resolve_initial_references("ORBPolicyManager"));
  manager->set_policy_overrides(
      {rt_orb(client)->create_client_protocol_policy(iiop_with(tcp_properties(rt_orb(client), true)))},
      CORBA::SetOverrideType::SET_OVERRIDE);
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  call_at(probe, client, low);
  call_at(probe, client, 25000);
  std::shared_ptr<const rtorb::orb::Target> hold;
  const auto& target = target_of(probe, hold);
  ASSERT_EQ(target.routes.size(), 2u);
  const int expected[] = {tos_of(low), tos_of(25000)};
  EXPECT_NE(expected[0], expected[1]);
  for (std::size_t band = 0; band < 2; ++band) {
    with_client_fd(client, target.routes[band].cache_key, [&](int fd) {
      expect_tcp_properties(fd);
      EXPECT_EQ(option(fd, IPPROTO_IP, IP_TOS), expected[band]) << "band " << band;
    });
  }
  client->destroy();
}

TEST_F(ProtocolsFixture, RemovingTheClientProtocolPolicyGoesBackToTheOrbsSocketOptions) {
  const std::string ior = publish("bands", std::nullopt);
  auto client = make_orb({"-ORBSocketOptions", "keep_alive=no"});
  auto manager = IDL::traits<CORBA::PolicyManager>::narrow(
      client->resolve_initial_references("ORBPolicyManager"));
  manager->set_policy_overrides(
      {rt_orb(client)->create_client_protocol_policy(iiop_with(tcp_properties(rt_orb(client), true)))},
      CORBA::SetOverrideType::SET_OVERRIDE);
  manager->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  call_at(probe, client, 25000);
  std::shared_ptr<const rtorb::orb::Target> hold;
  with_client_fd(client, target_of(probe, hold).routes.at(1).cache_key, [&](int fd) {
    EXPECT_EQ(option(fd, SOL_SOCKET, SO_KEEPALIVE), 0);
    EXPECT_EQ(option(fd, IPPROTO_IP, IP_TOS), 0);
  });
  client->destroy();
}

TEST_F(ProtocolsFixture, NetworkPriorityOptionMarksLanesAndRequestsAndAnInstalledMappingDecides) {
  auto marked_server = make_orb({"-ORBNetworkPriority", "yes"});
  auto marked_rt = rt_orb(marked_server);
  auto marked_root = root_poa(marked_server);
  marked_root->the_POAManager()->activate();
  const auto pool = marked_rt->create_threadpool_with_lanes(
      0, {RTCORBA::ThreadpoolLane(low, 1, 0), RTCORBA::ThreadpoolLane(high, 1, 0)}, false, false,
      0, 0);
  auto poa = make_rt_poa(marked_server, "marked", RTCORBA::PriorityModel::CLIENT_PROPAGATED, low, pool);
  const auto id = poa->activate_object(CORBA::make_reference<ProbeServant>());
  const std::string ior = marked_server->object_to_string(poa->id_to_reference(id));

  auto client = make_orb({"-ORBNetworkPriority=yes"});
  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  call_at(probe, client, 30000);
  std::shared_ptr<const rtorb::orb::Target> hold;
  const auto high_lane = target_of(probe, hold).cache_key_for(30000);
  with_client_fd(client, high_lane, [&](int fd) {
    EXPECT_EQ(option(fd, IPPROTO_IP, IP_TOS), tos_of(30000));  // the request's priority
    EXPECT_EQ(option(accepted_end_of(fd), IPPROTO_IP, IP_TOS), tos_of(high));  // the lane's
  });

  struct Expedited final : rtorb::rt::NetworkPriorityMapping {
    bool to_network(RTCORBA::Priority, std::int32_t& dscp) override {
      dscp = 46;
      return true;
    }
    bool to_CORBA(std::int32_t, RTCORBA::Priority& priority) override {
      priority = RTCORBA::maxPriority;
      return true;
    }
  };
  rtorb::rt::install_network_priority_mapping(*client, std::make_shared<Expedited>());
  call_at(probe, client, 30000);
  with_client_fd(client, high_lane,
                 [&](int fd) { EXPECT_EQ(option(fd, IPPROTO_IP, IP_TOS), 46 << 2); });
  client->destroy();
  marked_server->destroy();
}

TEST_F(ProtocolsFixture, TwoPoasMayNotGiveOnePoolDifferentProtocolProperties) {
  const auto pool = two_lanes();
  publish("first", pool, {rt->create_server_protocol_policy(iiop_with(tcp_properties(rt, false)))});
  // The same properties again are fine; other ones are refused at the policy's index.
  publish("same", pool, {rt->create_server_protocol_policy(iiop_with(tcp_properties(rt, false)))});
  try {
    publish("other", pool, {rt->create_server_protocol_policy(iiop_with(tcp_properties(rt, true)))});
    ADD_FAILURE() << "a second set of properties for the pool was accepted";
  } catch (const PortableServer::POA::InvalidPolicy& e) {
    EXPECT_EQ(e.index(), 2);
  }
  try {
    publish("no-iiop", pool, {rt->create_server_protocol_policy(
                                 {RTCORBA::Protocol(0x52540099, nullptr, nullptr)})});
    ADD_FAILURE() << "a server protocol policy without IIOP was accepted";
  } catch (const PortableServer::POA::InvalidPolicy& e) {
    EXPECT_EQ(e.index(), 2);
  }
}

namespace {

// A probe on the RootPOA of `server`, as `client` sees it.
IDL::traits<PriorityProbe>::ref_type probe_on_root(const IDL::traits<CORBA::ORB>::ref_type& server,
                                                   const IDL::traits<CORBA::ORB>::ref_type& client) {
  auto root = root_poa(server);
  root->the_POAManager()->activate();
  const auto id = root->activate_object(CORBA::make_reference<ProbeServant>());
  return IDL::traits<PriorityProbe>::narrow(
      client->string_to_object(server->object_to_string(root->id_to_reference(id))));
}

}  // namespace

TEST(OrbSocketOptions, SetUpTheDefaultAcceptorsAndClientSockets) {
  auto server = make_orb({"-ORBServerThreads", "2", "-ORBSocketOptions",
                          "keep_alive=yes,send_buffer=65536"});
  auto client = make_orb({"-ORBSocketOptions=recv_buffer=98304,dscp=10,no_delay=no"});
  auto probe = probe_on_root(server, client);
  probe->upcall_scheduling();
  std::shared_ptr<const rtorb::orb::Target> hold;
  with_client_fd(client, target_of(probe, hold).cache_key, [&](int fd) {
    EXPECT_EQ(option(fd, SOL_SOCKET, SO_RCVBUF), 2 * 98304);
    EXPECT_EQ(option(fd, IPPROTO_IP, IP_TOS), 10 << 2);
    EXPECT_EQ(option(fd, IPPROTO_TCP, TCP_NODELAY), 0);
    const int accepted = accepted_end_of(fd);
    ASSERT_GE(accepted, 0);
    EXPECT_NE(option(accepted, SOL_SOCKET, SO_KEEPALIVE), 0);
    EXPECT_EQ(option(accepted, SOL_SOCKET, SO_SNDBUF), 2 * 65536);
    EXPECT_NE(option(accepted, IPPROTO_TCP, TCP_NODELAY), 0);
  });
  client->destroy();
  server->destroy();
}

// How the server serves (a pool, a thread per connection) and how the client waits
// (its own connection, or one shared by every thread).
struct LiteSetup {
  const char* server_threads;
  const char* client_strategy;
};

class GiopLiteCalls : public ::testing::TestWithParam<LiteSetup> {};

TEST_P(GiopLiteCalls, AFullCallBetweenTwoRtorbOrbsOverAGiopLiteEndpoint) {
  auto server = make_orb({"-ORBServerThreads", GetParam().server_threads, "-ORBEndpoint",
                          "iiop://127.0.0.1:0/giop_lite"});
  auto client = make_orb({"-ORBClientStrategy", GetParam().client_strategy});
  auto probe = probe_on_root(server, client);
  std::shared_ptr<const rtorb::orb::Target> hold;
  const auto& target = target_of(probe, hold);
  EXPECT_TRUE(rtorb::ior::speaks_giop_lite(target.profile.components));
  EXPECT_TRUE(target.cache_key.endpoint.giop_lite);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(probe->hold(0), 1);
  probe->upcall_scheduling();
  auto& core = CORBA::rtorb_core(*client);
  if (std::string(GetParam().client_strategy) == "multiplexed") {
    EXPECT_EQ(core.client().multiplexed_connection(target.endpoint)->connection().mode(),
              rtorb::giop::HeaderMode::lite);
  } else {
    // The one connection the calls used, idle now, frames GIOPlite.
    auto lease = core.client().connections().acquire(target.cache_key);
    EXPECT_EQ(lease->mode(), rtorb::giop::HeaderMode::lite);
    EXPECT_EQ(core.client().connections().size(), 1u);
  }
  client->destroy();
  server->destroy();
}

INSTANTIATE_TEST_SUITE_P(ServingAndWaiting, GiopLiteCalls,
                         ::testing::Values(LiteSetup{"2", "exclusive"},
                                           LiteSetup{"per_connection", "exclusive"},
                                           LiteSetup{"2", "multiplexed"}));

TEST(GiopLite, ALaneEndpointMaySpeakGiopLite) {
  auto server = make_orb({"-ORBLaneEndpoint", "1000=iiop://127.0.0.1:0/giop_lite"});
  auto client = make_orb();
  auto rt = rt_orb(server);
  auto root = root_poa(server);
  root->the_POAManager()->activate();
  const auto pool = rt->create_threadpool(0, 1, 0, 1000, false, 0, 0);
  auto poa = make_rt_poa(server, "lite-lane", RTCORBA::PriorityModel::SERVER_DECLARED, 1000, pool);
  const auto id = poa->activate_object(CORBA::make_reference<ProbeServant>());
  auto probe = IDL::traits<PriorityProbe>::narrow(
      client->string_to_object(server->object_to_string(poa->id_to_reference(id))));
  EXPECT_EQ(probe->upcall_scheduling().corba_priority(), 1000);
  std::shared_ptr<const rtorb::orb::Target> hold;
  EXPECT_TRUE(target_of(probe, hold).cache_key.endpoint.giop_lite);
  client->destroy();
  server->destroy();
}

TEST(GiopLite, AStandardGiopPeerOnAGiopLiteEndpointIsRefusedAndTheServerServesOn) {
  auto server = make_orb({"-ORBServerThreads", "2", "-ORBEndpoint", "iiop://127.0.0.1:0/giop_lite"});
  auto client = make_orb();
  auto probe = probe_on_root(server, client);
  std::shared_ptr<const rtorb::orb::Target> hold;
  auto endpoint = target_of(probe, hold).endpoint;
  endpoint.giop_lite = false;  // what a foreign ORB, which ignores the component, does
  auto foreign = transport::connect(endpoint);
  rtorb::giop::RequestHeader header;
  header.request_id = 1;
  header.response_flags = rtorb::giop::response_flags_from_expected(true);
  header.target = rtorb::giop::KeyAddr{target_of(probe, hold).profile.object_key};
  header.operation = "upcall_scheduling";
  rtorb::cdr::OutputStream os;
  rtorb::giop::end_message(os, rtorb::giop::encode_request(os, rtorb::giop::giop_1_2, header));
  foreign->send(os);
  // "GIOP" read as a lite size is far over the limit: the server answers a standard
  // MessageError, which any GIOP peer understands, and closes the connection.
  const auto answer = foreign->receive_message(std::chrono::seconds(10));
  EXPECT_EQ(rtorb::giop::decode_header(answer).type, rtorb::giop::MsgType::message_error);
  EXPECT_THROW(foreign->receive_message(std::chrono::seconds(10)), CORBA::COMM_FAILURE);
  probe->upcall_scheduling();
  client->destroy();
  server->destroy();
}

TEST(ProtocolOptions, BadValuesAreRefusedWithTheirMinorCodes) {
  const auto refused = [](std::vector<std::string> options, std::uint32_t minor,
                          const std::string& words) {
    try {
      make_orb(std::move(options));
      ADD_FAILURE() << "accepted";
    } catch (const CORBA::BAD_PARAM& e) {
      EXPECT_EQ(e.minor(), minor) << e.detail();
      EXPECT_NE(e.detail().find(words), std::string::npos) << e.detail();
    }
  };
  refused({"-ORBEndpoint", "iiop://127.0.0.1:0/giop_light"}, rtorb::minor::bad_param_bad_orb_option,
          "unknown option 'giop_light'");
  refused({"-ORBLaneEndpoint", "1000=iiop://127.0.0.1:0/lite"},
          rtorb::minor::bad_param_bad_endpoint_option, "unknown option 'lite'");
  refused({"-ORBEndpoint", "iiop://127.0.0.1:0/giop_lite", "-ORBGIOPVersion", "1.0"},
          rtorb::minor::bad_param_bad_orb_option, "needs -ORBGIOPVersion 1.1 or 1.2");
  refused({"-ORBSocketOptions", "dscp=64"}, rtorb::minor::bad_param_bad_orb_option, "[0, 63]");
  refused({"-ORBSocketOptions", "colour=red"}, rtorb::minor::bad_param_bad_orb_option,
          "unknown key 'colour'");
  refused({"-ORBSocketOptions", "keep_alive=maybe"}, rtorb::minor::bad_param_bad_orb_option,
          "keep_alive");
  refused({"-ORBNetworkPriority", "maybe"}, rtorb::minor::bad_param_bad_rt_option,
          "-ORBNetworkPriority");
}
