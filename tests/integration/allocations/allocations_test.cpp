// Zero heap allocations per steady-state call (issue 5; DESIGN.md, "the critical path"):
// a server ORB and a client ORB in one process talk over loopback TCP, and every operator
// new in the process (client, server threads, upcall) is counted over a batch of calls.
#include <gtest/gtest.h>
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/buffering_constraint.hpp>
#include <rtorb/messaging/messaging.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "cubitC.h"
#include "test_support/allocation_counter.hpp"
#include "cubitS.h"

namespace {

using rtorb::test::start_counting_allocations;
using rtorb::test::stop_counting_allocations;

constexpr int warm_up_calls = 100;
constexpr int counted_calls = 1000;

class CubitServant final : public CORBA::servant_traits<Cubit>::base_type {
 public:
  void cube_void() override {}
  std::uint8_t cube_octet(std::uint8_t o) override {
    return static_cast<std::uint8_t>(o * o * o);
  }
  std::int32_t cube_long(std::int32_t l) override { return cube(l); }
  Cubit::Many cube_struct(const Cubit::Many& m) override {
    return Cubit::Many(static_cast<std::uint8_t>(m.o() * m.o() * m.o()), cube(m.l()),
                       static_cast<std::int16_t>(m.s() * m.s() * m.s()));
  }
  Cubit::LongSeq cube_long_sequence(const Cubit::LongSeq& s) override {
    Cubit::LongSeq result(s.size());  // the mapping returns a new std::vector: one allocation
    for (std::size_t i = 0; i < s.size(); ++i) result[i] = cube(s[i]);
    return result;
  }
  void ping_oneway() override {}
  void cube_oneway(std::int32_t l) override { last_.store(cube(l), std::memory_order_relaxed); }
  void sequence_oneway(const Cubit::LongSeq&) override {}
  void shutdown() override {}

 private:
  static std::int32_t cube(std::int32_t l) {
    const auto u = static_cast<std::uint32_t>(l);
    return static_cast<std::int32_t>(u * u * u);
  }
  std::atomic<std::int32_t> last_{0};
};

IDL::traits<CORBA::ORB>::ref_type init_orb(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data());
}

// Server ORB (a pool of `threads`, or reactive mode run by one thread when 0) and a client
// ORB with another id, so that the client's calls go over loopback TCP.
class Allocations : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    const std::string suffix = std::to_string(GetParam()) + "-" +
                               ::testing::UnitTest::GetInstance()->current_test_info()->name();
    server_orb_ = init_orb({"server", "-ORBId", "alloc-server-" + suffix, "-ORBEndpoint",
                            "iiop://127.0.0.1:0", "-ORBServerThreads",
                            GetParam() < 0 ? "per_connection" : std::to_string(GetParam())});
    auto poa = IDL::traits<PortableServer::POA>::narrow(
        server_orb_->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    const auto id = poa->activate_object(CORBA::make_reference<CubitServant>());
    local_ = IDL::traits<Cubit>::narrow(poa->id_to_reference(id));
    if (GetParam() == 0) reactor_ = std::thread([orb = server_orb_] { orb->run(); });
    client_orb_ = init_orb({"client", "-ORBId", "alloc-client-" + suffix});
    remote_ = IDL::traits<Cubit>::narrow(
        client_orb_->string_to_object(server_orb_->object_to_string(local_)));
    ASSERT_TRUE(remote_ != nullptr);
  }

  void TearDown() override {
    remote_ = nullptr;
    local_ = nullptr;
    client_orb_->destroy();
    server_orb_->shutdown(true);
    if (reactor_.joinable()) reactor_.join();
    server_orb_->destroy();
  }

  // Allocations made by `counted_calls` calls of `call`, after `warm_up_calls` of them.
  template <typename Call>
  std::size_t allocations_of(Call call) {
    for (int i = 0; i < warm_up_calls; ++i) call(i);
    start_counting_allocations();
    for (int i = 0; i < counted_calls; ++i) call(i);
    return stop_counting_allocations();
  }

  IDL::traits<CORBA::ORB>::ref_type server_orb_;
  IDL::traits<CORBA::ORB>::ref_type client_orb_;
  IDL::traits<Cubit>::ref_type local_;
  IDL::traits<Cubit>::ref_type remote_;
  std::thread reactor_;
};

TEST_P(Allocations, TwowayCubeLongAllocatesNothingOnEitherSide) {
  const auto n = allocations_of([&](int i) { EXPECT_EQ(remote_->cube_long(i), i * i * i); });
  EXPECT_EQ(n, 0u);
}

TEST_P(Allocations, TwowayCubeStructAllocatesNothingOnEitherSide) {
  const auto n = allocations_of([&](int i) {
    const Cubit::Many r = remote_->cube_struct(Cubit::Many(2, i, 3));
    EXPECT_EQ(r.l(), i * i * i);
  });
  EXPECT_EQ(n, 0u);
}

// The IDL to C++11 mapping makes a sequence a std::vector, so two allocations per call
// belong to the mapping and the servant, not to the ORB: the servant's result and the
// client's return value. The server's `in` argument is read into a vector its upcall
// thread keeps (rtorb::idl::InSequence), which allocates once per server thread: at most
// once more per thread in the counted calls, if a pool thread served none of the warm-up.
void expect_mapping_vectors_only(std::size_t allocations) {
  EXPECT_GE(allocations, 2u * counted_calls);
  EXPECT_LE(allocations, 2u * counted_calls + 2u);
}

TEST_P(Allocations, TwowayLongSequenceAllocatesOnlyTheMappingsVectors) {
  Cubit::LongSeq input(16, 3);
  const auto n = allocations_of([&](int) {
    const Cubit::LongSeq r = remote_->cube_long_sequence(input);
    EXPECT_EQ(r.size(), 16u);
  });
  expect_mapping_vectors_only(n);
}

// 65536 longs go from the caller's vector and from the servant's (kept) result straight to
// the socket: the borrowed segments and the blocks after them come from the threads'
// pools, so the count is the mapping's vectors, as for a short sequence. The
// thread-per-connection server receives the request's longs straight into its `in` vector
// and the client the reply's into its result (docs/transport.md), which the results check
// as well.
TEST_P(Allocations, TwowayLargeLongSequenceAllocatesOnlyTheMappingsVectorsToo) {
  Cubit::LongSeq input(65536), expected(65536);
  for (std::size_t i = 0; i < input.size(); ++i) {
    input[i] = static_cast<std::int32_t>(i % 1000);
    expected[i] = input[i] * input[i] * input[i];
  }
  const auto n = allocations_of([&](int) {
    const Cubit::LongSeq r = remote_->cube_long_sequence(input);
    EXPECT_EQ(r, expected);
  });
  expect_mapping_vectors_only(n);
}

// The closing twoway comes after the oneways on the same connection, so the server has
// served them all before counting stops.
TEST_P(Allocations, OnewayAllocatesNothingOnEitherSide) {
  const auto n = allocations_of([&](int i) {
    remote_->cube_oneway(i);
    if (i % 100 == 99) remote_->cube_void();
  });
  EXPECT_EQ(n, 0u);
}

// Messaging policies on the reference (docs/messaging.md): the roundtrip deadline bounds
// connect, send and reply wait, and WITH_SERVER oneways wait for the server's early
// reply, without a heap allocation either.
TEST_P(Allocations, CallsWithMessagingOverridesAllocateNothing) {
  CORBA::Any limit;
  limit.insert(TimeBase::TimeT{10'000'000 * 10});  // 10 s
  CORBA::Any scope;
  scope.insert(Messaging::SYNC_WITH_SERVER);
  auto timed = IDL::traits<Cubit>::narrow(remote_->_set_policy_overrides(
      {client_orb_->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, limit),
       client_orb_->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, scope)},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  const auto n = allocations_of([&](int i) {
    EXPECT_EQ(timed->cube_long(i), i * i * i);
    timed->cube_oneway(i);
  });
  EXPECT_EQ(n, 0u);
}

// Buffered SYNC_NONE oneways (rtorb's BufferingConstraint): the connection's batch keeps its
// storage from one batch to the next, so a steady stream of batches allocates nothing; the
// twoway every 100 calls flushes the partial batch first.
TEST_P(Allocations, BufferedOnewaysAllocateNothing) {
  CORBA::Any scope;
  scope.insert(Messaging::SYNC_NONE);
  CORBA::Any every_16;
  every_16.insert(rtorb::messaging::BufferingConstraint{rtorb::messaging::BUFFER_MESSAGE_COUNT, 0, 16, 0});
  auto batched = IDL::traits<Cubit>::narrow(remote_->_set_policy_overrides(
      {client_orb_->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, scope),
       client_orb_->create_policy(rtorb::messaging::BUFFERING_CONSTRAINT_POLICY_TYPE, every_16)},
      CORBA::SetOverrideType::ADD_OVERRIDE));
  const auto n = allocations_of([&](int i) {
    batched->cube_oneway(i);
    if (i % 100 == 99) batched->cube_void();
  });
  EXPECT_EQ(n, 0u);
}

TEST_P(Allocations, CollocatedThroughThePoaAllocatesNothing) {
  const auto n = allocations_of([&](int i) { EXPECT_EQ(local_->cube_long(i), i * i * i); });
  EXPECT_EQ(n, 0u);
}

// -1: -ORBServerThreads per_connection.
INSTANTIATE_TEST_SUITE_P(PoolOfTwoAndReactive, Allocations, ::testing::Values(2, 0, -1),
                         [](const auto& info) {
                           return info.param == 0   ? std::string("Reactive")
                                  : info.param < 0 ? std::string("ThreadPerConnection")
                                                   : std::string("PoolOfTwo");
                         });

}  // namespace

// Real-time CORBA on the critical path: a CLIENT_PROPAGATED object on a thread pool lane,
// called by a thread with an RTCurrent priority, so every request carries the
// RTCorbaPriority context, the reply echoes it, and the lane thread changes its native
// priority for the upcall and back. The thread's PolicyCurrent asks for a private
// connection, so every call also finds its target shaped by the thread's policies.
TEST(RtAllocations, ClientPropagatedCallsOnALaneAllocateNothing) {
  auto server = init_orb({"server", "-ORBId", "alloc-rt-server"});
  auto client = init_orb({"client", "-ORBId", "alloc-rt-client"});
  auto rt = IDL::traits<RTCORBA::RTORB>::narrow(server->resolve_initial_references("RTORB"));
  auto root = IDL::traits<PortableServer::POA>::narrow(server->resolve_initial_references("RootPOA"));
  const auto pool = rt->create_threadpool(0, 1, 0, 1000, false, 0, 0);
  auto poa = root->create_POA(
      "propagated", root->the_POAManager(),
      {rt->create_priority_model_policy(RTCORBA::PriorityModel::CLIENT_PROPAGATED, 1000),
       rt->create_threadpool_policy(pool)});
  root->the_POAManager()->activate();
  const auto id = poa->activate_object(CORBA::make_reference<CubitServant>());
  auto remote = IDL::traits<Cubit>::narrow(
      client->string_to_object(server->object_to_string(poa->id_to_reference(id))));
  std::size_t allocations = 0;
  std::thread caller([&] {
    IDL::traits<RTCORBA::Current>::narrow(client->resolve_initial_references("RTCurrent"))
        ->the_priority(2000);
    // A connection policy of the thread's own: the target it shapes is made once.
    auto rt_client = IDL::traits<RTCORBA::RTORB>::narrow(client->resolve_initial_references("RTORB"));
    IDL::traits<CORBA::PolicyCurrent>::narrow(client->resolve_initial_references("PolicyCurrent"))
        ->set_policy_overrides({rt_client->create_private_connection_policy()},
                               CORBA::SetOverrideType::ADD_OVERRIDE);
    for (int i = 0; i < warm_up_calls; ++i) remote->cube_long(i);
    start_counting_allocations();
    for (int i = 0; i < counted_calls; ++i) remote->cube_long(i);
    allocations = stop_counting_allocations();
  });
  caller.join();
  EXPECT_EQ(allocations, 0u);
  remote = nullptr;
  client->destroy();
  server->destroy();
}
