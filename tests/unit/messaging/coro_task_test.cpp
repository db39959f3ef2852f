// rtorb::coro::task on its own, with no ORB: laziness, values and exceptions through
// co_await, deep chains (symmetric transfer), detach, misuse, and future_reply's states
// driven by hand.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/coro/future_reply.hpp>
#include <rtorb/coro/task.hpp>

#include <gtest/gtest.h>

#include <coroutine>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

using rtorb::coro::task;

// An event a test sets by hand: the coroutines that co_await it resume when it is set.
class Gate {
 public:
  bool await_ready() const noexcept { return open_; }
  void await_suspend(std::coroutine_handle<> h) noexcept { waiter_ = h; }
  void await_resume() const noexcept {}
  void open() {
    open_ = true;
    if (auto h = std::exchange(waiter_, {})) h.resume();
  }
  bool waiting() const noexcept { return static_cast<bool>(waiter_); }

 private:
  bool open_ = false;
  std::coroutine_handle<> waiter_;
};

task<int> answer(int& runs) {
  ++runs;
  co_return 42;
}

TEST(CoroTask, IsLazyUntilStarted) {
  int runs = 0;
  auto t = answer(runs);
  EXPECT_EQ(runs, 0);
  EXPECT_FALSE(t.done());
  t.start();
  EXPECT_EQ(runs, 1);
  ASSERT_TRUE(t.done());
  EXPECT_EQ(t.get(), 42);
}

task<int> after(Gate& gate, int v) {
  co_await gate;
  co_return v;
}

task<std::string> outer(Gate& gate) {
  const int a = co_await after(gate, 1);
  const int b = co_await after(gate, 2);
  co_return std::to_string(a) + std::to_string(b);
}

TEST(CoroTask, AnAwaitedTaskResumesItsAwaiterWithItsValue) {
  Gate gate;
  auto t = outer(gate);
  t.start();
  EXPECT_TRUE(gate.waiting());
  EXPECT_FALSE(t.done());
  gate.open();  // both inner tasks pass the open gate
  ASSERT_TRUE(t.done());
  EXPECT_EQ(t.get(), "12");
}

task<void> throws_after(Gate& gate) {
  co_await gate;
  throw std::runtime_error("late");
}

task<std::string> catches(Gate& gate) {
  try {
    co_await throws_after(gate);
  } catch (const std::runtime_error& e) {
    co_return e.what();
  }
  co_return "nothing";
}

TEST(CoroTask, AnExceptionReachesTheAwaiterAndGet) {
  Gate gate;
  auto t = catches(gate);
  t.start();
  gate.open();
  EXPECT_EQ(t.get(), "late");
  Gate other;
  auto direct = throws_after(other);
  direct.start();
  other.open();
  EXPECT_THROW(direct.get(), std::runtime_error);
}

task<int> depth(int n) {
  if (n == 0) co_return 0;
  co_return 1 + co_await depth(n - 1);
}

TEST(CoroTask, AChainOfAwaitsResumesEveryLevel) {
  // Each level starts the next by symmetric transfer and is resumed the same way; that is a
  // tail call only when the compiler makes it one (not at -O0 nor under ASan), so the depth
  // stays one that any build's stack holds.
  auto t = depth(2000);
  t.start();
  EXPECT_EQ(t.get(), 2000);
}

TEST(CoroTask, GetBeforeTheEndIsBadInvOrder) {
  Gate gate;
  auto t = after(gate, 1);
  try {
    t.get();
    FAIL() << "get() returned before the task ended";
  } catch (const CORBA::BAD_INV_ORDER& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_inv_order_task_not_done);
  }
  t.start();
  EXPECT_THROW(t.get(), CORBA::BAD_INV_ORDER);
  gate.open();
  EXPECT_EQ(t.get(), 1);
}

TEST(CoroTask, StartingTwiceIsBadInvOrder) {
  Gate gate;
  auto t = after(gate, 1);
  t.start();
  try {
    t.start();
    FAIL() << "a second start() was accepted";
  } catch (const CORBA::BAD_INV_ORDER& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_inv_order_task_started);
  }
  EXPECT_THROW(std::move(t).detach(), CORBA::BAD_INV_ORDER);
  gate.open();
}

struct Alive {
  explicit Alive(int& n) : n_(n) { ++n_; }
  ~Alive() { --n_; }
  Alive(const Alive&) = delete;
  Alive& operator=(const Alive&) = delete;
  int& n_;
};

task<void> holds(Gate& gate, int& alive) {
  Alive a(alive);
  co_await gate;
}

TEST(CoroTask, ADetachedTaskFreesItsFrameWhenItEnds) {
  int alive = 0;
  Gate gate;
  holds(gate, alive).detach();
  EXPECT_EQ(alive, 1);
  gate.open();
  EXPECT_EQ(alive, 0);
}

TEST(CoroTask, DestroyingASuspendedTaskDestroysItsFrame) {
  int alive = 0;
  Gate gate;
  {
    auto t = holds(gate, alive);
    t.start();
    EXPECT_EQ(alive, 1);
  }
  EXPECT_EQ(alive, 0);
}

// future_reply's state driven by hand, as the ORB's reply functions drive it.
using State = rtorb::coro::detail::ReplyState<int>;

task<int> await_future(rtorb::coro::future_reply<int> f) { co_return co_await std::move(f); }

TEST(CoroFutureReply, AnOutcomeAlreadyThereDoesNotSuspend) {
  auto state = std::make_shared<State>();
  state->succeed(7);
  auto t = await_future(rtorb::coro::future_reply<int>(state));
  t.start();
  ASSERT_TRUE(t.done());
  EXPECT_EQ(t.get(), 7);
}

TEST(CoroFutureReply, TheOutcomeResumesTheWaiterAndOnlyTheFirstCounts) {
  auto state = std::make_shared<State>();
  auto t = await_future(rtorb::coro::future_reply<int>(state));
  t.start();
  EXPECT_FALSE(t.done());
  state->fail(std::make_exception_ptr(CORBA::TIMEOUT(rtorb::minor::timeout_reply_wait,
                                                     CORBA::CompletionStatus::COMPLETED_MAYBE)));
  state->succeed(8);  // too late: ignored
  ASSERT_TRUE(t.done());
  EXPECT_THROW(t.get(), CORBA::TIMEOUT);
}

// A coroutine that only records that it was resumed: a stand-in for the frame that awaited
// a future, kept alive here so that resuming it would show rather than crash.
struct Marker {
  struct promise_type {
    Marker get_return_object() {
      return Marker{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { std::terminate(); }
  };
  explicit Marker(std::coroutine_handle<promise_type> h) : handle(h) {}
  Marker(const Marker&) = delete;
  Marker& operator=(const Marker&) = delete;
  ~Marker() { handle.destroy(); }
  std::coroutine_handle<promise_type> handle;
};

Marker mark(bool& resumed) {
  resumed = true;
  co_return;
}

TEST(CoroFutureReply, AnOutcomeAfterTheFutureIsGoneResumesNoOne) {
  bool kept_resumed = false, dropped_resumed = false;
  Marker kept_waiter = mark(kept_resumed), dropped_waiter = mark(dropped_resumed);
  auto kept_state = std::make_shared<State>(), dropped_state = std::make_shared<State>();
  rtorb::coro::future_reply<int> kept(kept_state);
  ASSERT_TRUE(kept.await_suspend(kept_waiter.handle));  // no outcome yet: it waits
  {
    rtorb::coro::future_reply<int> dropped(dropped_state);
    ASSERT_TRUE(dropped.await_suspend(dropped_waiter.handle));
  }  // dropped while its waiter is registered
  kept_state->succeed(9);
  dropped_state->succeed(9);
  EXPECT_TRUE(kept_resumed);  // the same outcome does resume a waiter whose future lives
  EXPECT_FALSE(dropped_resumed);
  EXPECT_TRUE(dropped_state->ready());  // the outcome was taken, and dropped
}

}  // namespace
