// Coroutine servants (POA::M::CORO_<I>) against real processes: an amh-coro-server whose
// Relay coroutines co_await calls to a second process (an amh-server's Deferred) and reply
// with what they got; clients are ordinary synchronous, AMI and coroutine clients.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/coro/future_reply.hpp>
#include <rtorb/coro/run.hpp>
#include <rtorb/coro/task.hpp>
#include <rtorb/poa/poa.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "amhC.h"
#include "coro_servant.hpp"
#include "messaging_test_support.hpp"

namespace messaging_test {
namespace {

using DeferredRef = IDL::traits<AmhTest::Deferred>::ref_type;
using RelayRef = IDL::traits<AmhTest::Relay>::ref_type;
using rtorb::coro::task;

template <class I>
typename IDL::traits<I>::ref_type narrow_to(Client& client, const std::string& ior) {
  return IDL::traits<I>::narrow(client.orb().string_to_object(ior));
}

class CoroServant : public ::testing::Test {
 protected:
  // One server thread each: neither may block it while its coroutines wait.
  Server backend_server_{{"-ORBServerThreads", "1"}, "amh-server"};
  Server relay_server_{{"-ORBServerThreads", "1"}, "amh-coro-server"};
  Client client_;
  DeferredRef backend_ = narrow_to<AmhTest::Deferred>(client_, backend_server_.ior());
  RelayRef relay_ = narrow_to<AmhTest::Relay>(client_, relay_server_.ior());
};

TEST_F(CoroServant, AwaitsASecondServerAndRepliesWithItsResult) {
  EXPECT_EQ(bounded([&] {
              EXPECT_EQ(relay_->relay(backend_, 7), 8);
              EXPECT_EQ(relay_->chain(backend_, 1, 50), 51);  // 50 suspensions, sub-tasks
              EXPECT_EQ(relay_->chain(backend_, 4, 0), 4);    // ends without suspending
            }),
            nullptr);
}

TEST_F(CoroServant, OutAndInoutValuesComeFromTheReturnedTuple) {
  std::int32_t remainder = 0;
  std::string note = "x";
  EXPECT_EQ(relay_->divide(backend_, 17, 5, remainder, note), 3);
  EXPECT_EQ(remainder, 2);
  EXPECT_EQ(note, "x!");
}

TEST_F(CoroServant, UserExceptionsReachTheClient) {
  try {
    relay_->refuse(backend_, 4);
    ADD_FAILURE() << "refuse raised nothing";
  } catch (const AmhTest::Refused& e) {
    EXPECT_EQ(e.code(), 4);
  }
  // The backend's Refused, raised at the coroutine's co_await and let through.
  std::int32_t remainder = 0;
  std::string note;
  try {
    relay_->divide(backend_, 9, 0, remainder, note);
    ADD_FAILURE() << "divide by 0 raised nothing";
  } catch (const AmhTest::Refused& e) {
    EXPECT_EQ(e.code(), 9);
  }
  // A user exception the operation does not declare is UNKNOWN, as for any servant.
  try {
    relay_->undeclared(3);
    ADD_FAILURE() << "undeclared raised nothing";
  } catch (const CORBA::UNKNOWN& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::unknown_undeclared_user_exception);
  }
}

TEST_F(CoroServant, SystemExceptionsReachTheClient) {
  try {
    relay_->fail(backend_, 8);
    ADD_FAILURE() << "fail raised nothing";
  } catch (const CORBA::NO_PERMISSION& e) {
    EXPECT_EQ(e.minor(), 8u);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_YES);
  }
  try {
    relay_->fail_at_once(6);
    ADD_FAILURE() << "fail_at_once raised nothing";
  } catch (const CORBA::NO_PERMISSION& e) {
    EXPECT_EQ(e.minor(), 6u);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
  // The backend's BAD_PARAM, raised at the co_await and let through.
  try {
    relay_->backend_fails(backend_, 42);
    ADD_FAILURE() << "backend_fails raised nothing";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), 42u);
  }
  EXPECT_EQ(relay_->relay(backend_, 1), 2);  // and the connections still serve
}

// A caller of park() on a thread of its own, with what its call ended with.
struct ParkedCall {
  std::atomic<bool> done{false};
  std::int32_t value = 0;
  std::exception_ptr raised;
  std::thread thread;
  ParkedCall(const RelayRef& relay, std::int32_t v)
      : thread([this, relay, v] {
          raised = bounded([&] { value = relay->park(v); }, 20s, "park");
          done = true;
        }) {}
  ~ParkedCall() { thread.join(); }
};

TEST_F(CoroServant, ParkedCoroutinesBlockNoThreadAndReplyWhenResumed) {
  ParkedCall first(relay_, 11);
  ParkedCall second(relay_, 12);
  std::int32_t released = 0;
  EXPECT_TRUE(eventually([&] {
    EXPECT_EQ(relay_->relay(backend_, 0), 1);  // the server's one thread still serves
    released += relay_->release(true);
    return released == 2;
  }));
  EXPECT_TRUE(eventually([&] { return first.done && second.done; }));
  EXPECT_EQ(first.raised, nullptr);
  EXPECT_EQ(second.raised, nullptr);
  EXPECT_EQ(first.value, 11);
  EXPECT_EQ(second.value, 12);
}

TEST_F(CoroServant, ACoroutineDestroyedBeforeItEndsAnswersNoResponse) {
  ParkedCall parked(relay_, 5);
  EXPECT_TRUE(eventually([&] { return relay_->release(false) == 1; }));
  ASSERT_TRUE(eventually([&] { return parked.done.load(); }));
  try {
    std::rethrow_exception(parked.raised);
  } catch (const CORBA::NO_RESPONSE& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::no_response_amh_dropped);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_MAYBE);
  } catch (...) {
    ADD_FAILURE() << "park did not end in NO_RESPONSE";
  }
  EXPECT_EQ(relay_->relay(backend_, 2), 3);
}

TEST_F(CoroServant, AOnewayCoroutineRunsToItsEnd) {
  relay_->note(backend_, 17);
  EXPECT_TRUE(eventually([&] { return relay_->last_note() == 17; }));
}

TEST_F(CoroServant, AWithTargetOnewayReturnsWhenTheCoroutineEnds) {
  auto with_target = IDL::traits<AmhTest::Relay>::narrow(relay_->_set_policy_overrides(
      {client_.sync_scope(Messaging::SYNC_WITH_TARGET)}, CORBA::SetOverrideType::ADD_OVERRIDE));
  with_target->note(backend_, 21);
  // The coroutine noted the token after its co_await and before its end, which replied.
  EXPECT_EQ(relay_->last_note(), 21);
}

task<std::int64_t> relay_many(RelayRef relay, DeferredRef backend, std::int32_t id, int calls) {
  std::int64_t sum = 0;
  for (int i = 0; i < calls; ++i) sum += co_await relay->async().relay(backend, id * 100 + i);
  co_return sum;
}

// Coroutine clients on one thread: their requests share one connection to the relay, and
// every one of them is a coroutine there awaiting the backend at the same time.
TEST_F(CoroServant, ManyConcurrentRequestsOnOneConnectionEachAwait) {
  constexpr int clients = 100;
  constexpr int calls = 10;
  std::vector<task<std::int64_t>> tasks;
  for (int id = 0; id < clients; ++id) tasks.push_back(relay_many(relay_, backend_, id, calls));
  for (auto& t : tasks) t.start();
  const auto end = std::chrono::steady_clock::now() + 60s;
  for (auto& t : tasks) {
    while (!t.done() && std::chrono::steady_clock::now() < end) client_.orb().perform_work();
    ASSERT_TRUE(t.done());
  }
  for (int id = 0; id < clients; ++id) {
    const std::int64_t expected = std::int64_t{id} * 100 * calls + calls * (calls - 1) / 2 + calls;
    EXPECT_EQ(tasks[static_cast<std::size_t>(id)].get(), expected) << "client " << id;
  }
}

// Synchronous callers on one multiplexed connection, from several threads.
TEST_F(CoroServant, SynchronousCallersShareOneConnection) {
  Client multiplexed({"-ORBClientStrategy", "multiplexed"});
  RelayRef relay = narrow_to<AmhTest::Relay>(multiplexed, relay_server_.ior());
  DeferredRef backend = narrow_to<AmhTest::Deferred>(multiplexed, backend_server_.ior());
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      const auto raised = bounded([&] {
        for (int i = 0; i < 25; ++i) {
          if (relay->relay(backend, t * 100 + i) != t * 100 + i + 1) ++wrong;
        }
      });
      if (raised) ++wrong;
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

// ORB::destroy of the server while its coroutines wait on calls that will never be
// answered: each is resumed with BAD_INV_ORDER, ends (its reply goes nowhere) and its
// frame is freed; the client's calls end in a system exception, not a hang.
TEST(CoroServantShutdown, DestroyingTheOrbEndsTheWaitingCoroutinesAndFreesThem) {
  Server backend_server{{"-ORBServerThreads", "1"}, "amh-server"};
  auto host = std::make_unique<Client>(
      std::vector<std::string>{"-ORBServerThreads", "2", "-ORBEndpoint", "iiop://127.0.0.1:0"});
  auto servant = CORBA::make_reference<amh_test::RelayServant>();
  std::string ior;
  {
    auto root = IDL::traits<PortableServer::POA>::narrow(
        host->orb().resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    ior = host->orb().object_to_string(root->servant_to_reference(servant));
  }
  Client caller;
  RelayRef relay = narrow_to<AmhTest::Relay>(caller, ior);
  DeferredRef backend = narrow_to<AmhTest::Deferred>(caller, backend_server.ior());
  std::vector<rtorb::coro::future_reply<std::int32_t>> calls;
  for (std::int32_t i = 0; i < 5; ++i) calls.push_back(relay->async().hold(backend, i));
  ASSERT_TRUE(eventually([&] {
    caller.orb().perform_work();
    return servant->holding == 5;
  }));
  host.reset();  // ORB::destroy
  EXPECT_EQ(servant->holding, 0);
  EXPECT_EQ(servant->held_ended, 5);
  int failed = 0;
  for (auto& call : calls) {
    auto wait = [](rtorb::coro::future_reply<std::int32_t> f) -> task<std::int32_t> {
      co_return co_await std::move(f);
    };
    try {
      rtorb::coro::run_until_done(caller.orb(), wait(std::move(call)));
    } catch (const CORBA::SystemException&) {
      ++failed;
    }
  }
  EXPECT_EQ(failed, 5);
}

// Collocated: the caller waits for the reply while the client's pool reads the backend's
// replies and resumes the coroutine (with no thread running the ORB's loop, nothing would).
class CoroServantCollocated : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    auto root = IDL::traits<PortableServer::POA>::narrow(
        client_.orb().resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    servant_ = CORBA::make_reference<amh_test::RelayServant>();
    relay_ = IDL::traits<AmhTest::Relay>::narrow(root->servant_to_reference(servant_));
  }

  Server backend_server_{{"-ORBServerThreads", "1"}, "amh-server"};
  Client client_{{"-ORBServerThreads", "2", "-ORBCollocation", GetParam()}};
  DeferredRef backend_ = narrow_to<AmhTest::Deferred>(client_, backend_server_.ior());
  CORBA::servant_reference<amh_test::RelayServant> servant_;
  RelayRef relay_;
};

TEST_P(CoroServantCollocated, RepliesAndExceptionsAsRemote) {
  EXPECT_EQ(bounded([&] {
              EXPECT_EQ(relay_->relay(backend_, 7), 8);
              EXPECT_EQ(relay_->chain(backend_, 1, 5), 6);
              EXPECT_THROW(relay_->refuse(backend_, 2), AmhTest::Refused);
              EXPECT_THROW(relay_->fail_at_once(1), CORBA::NO_PERMISSION);
            }),
            nullptr);
}

INSTANTIATE_TEST_SUITE_P(Strategies, CoroServantCollocated,
                         ::testing::Values("thru_poa", "direct"));

}  // namespace
}  // namespace messaging_test
