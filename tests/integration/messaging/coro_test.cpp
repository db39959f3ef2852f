// Coroutine calls (co_await target->async().op(...)) against a real messaging-server
// process: results, out arguments, exceptions and timeouts at the co_await, many
// coroutines at once, a collocated target, a pool's threads resuming them, and what
// becomes of coroutines still waiting when the server dies or the ORB is destroyed.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/coro/future_reply.hpp>
#include <rtorb/coro/run.hpp>
#include <rtorb/coro/task.hpp>
#include <rtorb/poa/poa.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "messagingS.h"
#include "messaging_test_support.hpp"

namespace messaging_test {
namespace {

using rtorb::coro::task;

// What a coroutine's call ended with, for checks outside it.
struct Outcome {
  std::string name;  // "DivideByZero", "TIMEOUT", "" for none
  std::uint32_t minor = 0;
  CORBA::CompletionStatus completed = CORBA::CompletionStatus::COMPLETED_NO;
  std::int32_t value = 0;
};

Outcome outcome_of(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const MessagingTest::DivideByZero& x) {
    return {"DivideByZero", 0, CORBA::CompletionStatus::COMPLETED_YES, x.dividend()};
  } catch (const CORBA::SystemException& x) {
    return {x._name(), x.minor(), x.completed(), 0};
  } catch (...) {
    return {"something else", 0, CORBA::CompletionStatus::COMPLETED_NO, 0};
  }
}

// Runs `t` to its end with the client's event loop, or gives up after `bound`.
template <class T>
bool pump(CORBA::ORB& orb, const task<T>& t, std::chrono::seconds bound = 20s) {
  const auto end = std::chrono::steady_clock::now() + bound;
  while (!t.done()) {
    if (std::chrono::steady_clock::now() > end) return false;
    orb.perform_work();
  }
  return true;
}

class Coro : public ::testing::Test {
 protected:
  void SetUp() override { target_ = client_.target(server_.ior()); }

  Server server_;
  Client client_;
  TargetRef target_;
};

task<std::int32_t> chain(TargetRef target, int links) {
  std::int32_t v = 0;
  for (int i = 0; i < links; ++i) v = co_await target->async().echo(v + 1);
  co_return v;
}

TEST_F(Coro, AChainOfCoAwaitsEachGetsItsReply) {
  EXPECT_EQ(rtorb::coro::run_until_done(client_.orb(), chain(target_, 10)), 10);
}

task<std::int32_t> nested(TargetRef target) {
  // Tasks awaiting tasks: each link is a coroutine of its own.
  const std::int32_t a = co_await chain(target, 3);
  const std::int32_t b = co_await chain(target, 4);
  co_return a * 10 + b;
}

TEST_F(Coro, TasksAwaitTasks) {
  EXPECT_EQ(rtorb::coro::run_until_done(client_.orb(), nested(target_)), 34);
}

task<std::int32_t> divide(TargetRef target, std::int32_t a, std::int32_t b) {
  auto [quotient, remainder] = co_await target->async().divide(a, b);
  co_return quotient * 100 + remainder;
}

TEST_F(Coro, OutArgumentsComeAfterTheReturnValueInATuple) {
  EXPECT_EQ(rtorb::coro::run_until_done(client_.orb(), divide(target_, 7, 2)), 301);
}

task<std::int32_t> set_then_get(TargetRef target, std::int32_t v) {
  co_await target->async().set_value(v);
  co_return co_await target->async().get_value();
}

TEST_F(Coro, AttributesHaveGetAndSet) {
  EXPECT_EQ(rtorb::coro::run_until_done(client_.orb(), set_then_get(target_, 42)), 42);
}

task<Outcome> caught(TargetRef target, std::int32_t a, std::int32_t b) {
  try {
    co_await target->async().divide(a, b);
  } catch (...) {
    co_return outcome_of(std::current_exception());
  }
  co_return Outcome{};
}

TEST_F(Coro, AUserExceptionIsRaisedAtTheCoAwaitAsItsClass) {
  const Outcome o = rtorb::coro::run_until_done(client_.orb(), caught(target_, 5, 0));
  EXPECT_EQ(o.name, "DivideByZero");
  EXPECT_EQ(o.value, 5);
}

TEST_F(Coro, AnExceptionLeavingTheTaskIsRethrownByGet) {
  EXPECT_THROW(rtorb::coro::run_until_done(client_.orb(), divide(target_, 5, 0)),
               MessagingTest::DivideByZero);
}

task<Outcome> sleep_for(TargetRef target, std::uint32_t ms) {
  try {
    co_await target->async().sleep_ms(ms);
  } catch (...) {
    co_return outcome_of(std::current_exception());
  }
  co_return Outcome{};
}

TEST_F(Coro, ARoundtripTimeoutIsRaisedAtTheCoAwait) {
  auto timed = client_.with(target_, {client_.roundtrip_timeout(300ms)});
  const Outcome o = rtorb::coro::run_until_done(client_.orb(), sleep_for(timed, 1500));
  EXPECT_EQ(o.name, "TIMEOUT");
  EXPECT_EQ(o.minor, rtorb::minor::timeout_reply_wait);
  EXPECT_EQ(o.completed, CORBA::CompletionStatus::COMPLETED_MAYBE);
  // The connection still serves calls (the late reply is dropped).
  EXPECT_EQ(rtorb::coro::run_until_done(client_.orb(), chain(target_, 2)), 2);
}

task<std::int64_t> loop_echo(TargetRef target, std::int32_t id, int calls) {
  std::int64_t sum = 0;
  for (int i = 0; i < calls; ++i) sum += co_await target->async().echo(id * 1000 + i);
  co_return sum;
}

TEST_F(Coro, ManyCoroutinesWaitAtOnceOnOneThread) {
  constexpr int coroutines = 200;
  constexpr int calls = 25;
  std::vector<task<std::int64_t>> tasks;
  for (int id = 0; id < coroutines; ++id) tasks.push_back(loop_echo(target_, id, calls));
  for (auto& t : tasks) t.start();
  for (auto& t : tasks) ASSERT_TRUE(pump(client_.orb(), t, 60s));
  for (int id = 0; id < coroutines; ++id) {
    const std::int64_t expected = std::int64_t{id} * 1000 * calls + calls * (calls - 1) / 2;
    EXPECT_EQ(tasks[static_cast<std::size_t>(id)].get(), expected) << "coroutine " << id;
  }
}

TEST_F(Coro, AFutureDroppedBeforeItsReplyDropsTheReply) {
  {
    auto dropped = target_->async().sleep_ms(100);
    auto also = target_->async().echo(1);
  }
  // A task destroyed while it waits: its frame goes, its reply finds no one.
  {
    auto t = sleep_for(target_, 100);
    t.start();
    EXPECT_FALSE(t.done());
  }
  EXPECT_EQ(rtorb::coro::run_until_done(client_.orb(), chain(target_, 3)), 3);
}

task<std::int32_t> divide_local(IDL::traits<MessagingTest::Target>::ref_type target) {
  auto future = target->async().divide(9, 4);
  // A collocated target has answered before the operation returned.
  const bool ready = future.ready();
  auto [q, r] = co_await std::move(future);
  co_return ready ? q * 10 + r : -1;
}

TEST_F(Coro, ACollocatedCallResumesInline) {
  auto root = IDL::traits<PortableServer::POA>::narrow(
      client_.orb().resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  auto local = IDL::traits<MessagingTest::Target>::narrow(
      root->servant_to_reference(CORBA::make_reference<LocalTarget>()));
  auto t = divide_local(local);
  t.start();
  ASSERT_TRUE(t.done());  // no event loop ran
  EXPECT_EQ(t.get(), 21);
  auto failed = caught(local, 3, 0);
  failed.start();
  ASSERT_TRUE(failed.done());
  EXPECT_EQ(failed.get().name, "DivideByZero");
}

task<Outcome> echo_outcome(TargetRef target) {
  try {
    co_await target->async().echo(1);
  } catch (...) {
    co_return outcome_of(std::current_exception());
  }
  co_return Outcome{};
}

TEST_F(Coro, EveryWaitingCoroutineGetsAnExceptionWhenTheServerDies) {
  std::vector<task<Outcome>> waiting;
  for (int i = 0; i < 20; ++i) waiting.push_back(sleep_for(target_, 5000));
  for (auto& t : waiting) t.start();
  server_.kill();
  for (auto& t : waiting) {
    ASSERT_TRUE(pump(client_.orb(), t));
    const Outcome o = t.get();
    EXPECT_TRUE(o.name == "COMM_FAILURE" || o.name == "TRANSIENT") << o.name;
  }
  // A call that cannot even be sent fails at its co_await, not where it is made.
  {
    auto future = target_->async().echo(1);
    EXPECT_TRUE(future.ready());
  }
  auto next = echo_outcome(target_);
  EXPECT_EQ(rtorb::coro::run_until_done(client_.orb(), std::move(next)).name, "TRANSIENT");
}

// Counts the coroutine frames alive: a local of each coroutine.
struct FrameCount {
  explicit FrameCount(std::atomic<int>& n) : n_(n) { ++n_; }
  ~FrameCount() { --n_; }
  FrameCount(const FrameCount&) = delete;
  FrameCount& operator=(const FrameCount&) = delete;
  std::atomic<int>& n_;
};

task<void> wait_long(TargetRef target, std::atomic<int>& frames, std::vector<Outcome>& out) {
  FrameCount alive(frames);
  try {
    co_await target->async().sleep_ms(10000);
    out.push_back({});
  } catch (...) {
    out.push_back(outcome_of(std::current_exception()));
  }
}

TEST(CoroShutdown, DestroyingTheOrbResumesWaitingCoroutinesWithBadInvOrder) {
  Server server;
  std::atomic<int> frames{0};
  std::vector<Outcome> outcomes;
  std::vector<task<void>> owned;
  {
    std::optional<Client> client;
    client.emplace();
    auto target = client->target(server.ior());
    for (int i = 0; i < 10; ++i) owned.push_back(wait_long(target, frames, outcomes));
    for (auto& t : owned) t.start();
    // Detached ones free their own frames.
    for (int i = 0; i < 10; ++i) wait_long(target, frames, outcomes).detach();
    EXPECT_EQ(frames.load(), 20);
    client.reset();  // ORB::destroy with 20 calls outstanding
  }
  EXPECT_EQ(frames.load(), 0);
  ASSERT_EQ(outcomes.size(), 20u);
  for (const Outcome& o : outcomes) {
    EXPECT_EQ(o.name, "BAD_INV_ORDER");
    EXPECT_EQ(o.minor, rtorb::minor::bad_inv_order_orb_shutdown);
    EXPECT_EQ(o.completed, CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
  for (auto& t : owned) EXPECT_TRUE(t.done());
}

// A client with a server thread pool: its threads read the replies and resume the
// coroutines; the test's own thread never runs the event loop.
TEST(CoroWithAPool, ThePoolsThreadsResumeTheCoroutines) {
  Server server;
  Client client({"-ORBServerThreads", "2"});
  auto root = IDL::traits<PortableServer::POA>::narrow(
      client.orb().resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  // The pool's threads start with the client's endpoints, opened for its first reference.
  root->servant_to_reference(CORBA::make_reference<LocalTarget>());
  auto target = client.target(server.ior());
  std::vector<task<std::int64_t>> tasks;
  for (int id = 0; id < 50; ++id) tasks.push_back(loop_echo(target, id, 20));
  for (auto& t : tasks) t.start();
  EXPECT_TRUE(eventually([&] {
    for (auto& t : tasks) {
      if (!t.done()) return false;
    }
    return true;
  }));
  for (int id = 0; id < 50; ++id) {
    EXPECT_EQ(tasks[static_cast<std::size_t>(id)].get(), std::int64_t{id} * 1000 * 20 + 190);
  }
}

}  // namespace
}  // namespace messaging_test
