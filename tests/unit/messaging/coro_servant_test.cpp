// What a coroutine servant's generated skeleton relies on (rtorb/coro/servant.hpp), with
// no ORB: the reply goes exactly once when the coroutine ends, with its value or what it
// raised, and a coroutine destroyed before its end answers NO_RESPONSE.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/coro/servant.hpp>

#include <gtest/gtest.h>

#include <coroutine>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rtorb::coro {
namespace {

// The replies a DeferredReply was asked to send: "reply", "user", "system NAME minor".
using Sent = std::vector<std::string>;

class RecordedReply final : public orb::DeferredReply {
 public:
  explicit RecordedReply(std::shared_ptr<Sent> sent) : sent_(std::move(sent)) {}
  bool response_expected() const noexcept override { return true; }
  cdr::OutputStream& reply() override { return start("reply"); }
  cdr::OutputStream& user_exception() override { return start("user"); }
  void system_exception(const CORBA::SystemException& e) override {
    start(std::string("system ") + e._name() + " " + std::to_string(e.minor()));
  }
  void send() noexcept override { sent_->push_back(std::exchange(pending_, {})); }

 private:
  cdr::OutputStream& start(std::string what) {
    pending_ = std::move(what);
    stream_.reset();
    return stream_;
  }
  std::shared_ptr<Sent> sent_;
  std::string pending_;
  cdr::OutputStream stream_;
};

// A handler with one reply operation, as generated ones use the base.
class Handler final : public messaging::ResponseHandler {
 public:
  explicit Handler(std::shared_ptr<Sent> sent)
      : ResponseHandler(std::make_unique<RecordedReply>(std::move(sent))) {}
  void answer(std::int32_t v) {
    rtorb_reply().write_long(v);
    rtorb_send();
    last_value = v;
  }
  void answer_excep(const CORBA::Exception& e) { rtorb_other_exception(e); }
  std::int32_t last_value = 0;
};

// An event set by hand; its waiter can also be destroyed instead of resumed.
class Gate {
 public:
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) noexcept { waiter_ = h; }
  void await_resume() const noexcept {}
  void open() { std::exchange(waiter_, {}).resume(); }
  void destroy_waiter() { std::exchange(waiter_, {}).destroy(); }

 private:
  std::coroutine_handle<> waiter_;
};

task<std::int32_t> after(Gate& gate, std::int32_t v) {
  co_await gate;
  co_return v;
}

task<std::int32_t> raises_after(Gate& gate, std::exception_ptr e) {
  co_await gate;
  std::rethrow_exception(e);
}

// Serves one request with `make_task`, as a generated skeleton does; returns the handler
// (weakly: the coroutine's frame holds it).
template <class MakeTask>
std::weak_ptr<Handler> serve(const std::shared_ptr<Sent>& sent, MakeTask make_task) {
  auto handler = std::make_shared<Handler>(sent);
  std::weak_ptr<Handler> kept = handler;
  detail::reply_when_done(
      std::move(make_task), std::move(handler),
      [](Handler& h, std::int32_t v) { h.answer(v); },
      [](Handler& h, const CORBA::Exception& e) { h.answer_excep(e); });
  return kept;
}

TEST(CoroServantReply, RepliesOnceWhenTheCoroutineEndsAndThenLetsTheHandlerGo) {
  auto sent = std::make_shared<Sent>();
  Gate gate;
  const auto handler = serve(sent, [&] { return after(gate, 7); });
  EXPECT_TRUE(sent->empty());  // suspended: no reply yet, the frame holds the handler
  EXPECT_FALSE(handler.expired());
  gate.open();
  EXPECT_EQ(*sent, Sent{"reply"});
  EXPECT_TRUE(handler.expired());
}

TEST(CoroServantReply, ACoroutineEndingWithoutSuspendingRepliesInsideTheUpcall) {
  auto sent = std::make_shared<Sent>();
  serve(sent, []() -> task<std::int32_t> { co_return 3; });
  EXPECT_EQ(*sent, Sent{"reply"});
}

TEST(CoroServantReply, WhatTheCoroutineRaisesIsTheReply) {
  auto sent = std::make_shared<Sent>();
  Gate a, b, c;
  serve(sent, [&] {
    return raises_after(a, std::make_exception_ptr(
                               CORBA::NO_PERMISSION(8, CORBA::CompletionStatus::COMPLETED_YES)));
  });
  serve(sent, [&] { return raises_after(b, std::make_exception_ptr(std::runtime_error("x"))); });
  serve(sent, [&] { return raises_after(c, std::make_exception_ptr(42)); });
  a.open();
  b.open();
  c.open();
  EXPECT_EQ(*sent, (Sent{"system NO_PERMISSION 8",
                         "system UNKNOWN " + std::to_string(minor::unknown_cxx_exception),
                         "system UNKNOWN " + std::to_string(minor::unknown_cxx_exception)}));
}

TEST(CoroServantReply, AServantThatThrowsInsteadOfReturningATaskRepliesWithIt) {
  auto sent = std::make_shared<Sent>();
  serve(sent, []() -> task<std::int32_t> {
    throw CORBA::BAD_PARAM(5, CORBA::CompletionStatus::COMPLETED_NO);
  });
  EXPECT_EQ(*sent, Sent{"system BAD_PARAM 5"});
}

TEST(CoroServantReply, AStartedTaskIsRefusedWithBadInvOrder) {
  auto sent = std::make_shared<Sent>();
  Gate gate;
  task<std::int32_t> started = after(gate, 1);
  started.start();
  // The refused task is destroyed with its frame (the gate is never opened).
  serve(sent, [&] { return std::move(started); });
  EXPECT_EQ(*sent, Sent{"system BAD_INV_ORDER " + std::to_string(minor::bad_inv_order_task_started)});
}

TEST(CoroServantReply, ACoroutineDestroyedBeforeItsEndAnswersNoResponse) {
  auto sent = std::make_shared<Sent>();
  Gate gate;
  const auto handler = serve(sent, [&] { return after(gate, 7); });
  gate.destroy_waiter();
  EXPECT_TRUE(handler.expired());
  EXPECT_EQ(*sent, Sent{"system NO_RESPONSE " + std::to_string(minor::no_response_amh_dropped)});
}

}  // namespace
}  // namespace rtorb::coro
