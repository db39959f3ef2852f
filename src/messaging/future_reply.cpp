// The runtime half of rtorb::coro::future_reply: the reply slot an asynchronous call leaves
// with the ORB, and the outcome it shares with the awaiting coroutine.
#include <rtorb/coro/future_reply.hpp>

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/messaging/reply_handler.hpp>

namespace rtorb::coro::detail {
namespace {

// The "reply handler" the ORB keeps in its pending table until the reply comes: a local
// object, so it never leaves the process. Destroyed without an outcome (the ORB dropped
// the request, as ORB::destroy does with every request still outstanding), it fails the
// call, so that the awaiting coroutine is resumed with an exception and can unwind
// instead of staying suspended, its frame leaked.
class ReplySlot final : public CORBA::LocalObject {
 public:
  explicit ReplySlot(std::shared_ptr<ReplyStateBase> state) noexcept : state_(std::move(state)) {}
  ReplySlot(const ReplySlot&) = delete;
  ReplySlot& operator=(const ReplySlot&) = delete;
  ~ReplySlot() override {
    if (!armed_) return;
    state_->fail(std::make_exception_ptr(CORBA::BAD_INV_ORDER(
        minor::bad_inv_order_orb_shutdown, CORBA::CompletionStatus::COMPLETED_MAYBE,
        "the ORB was destroyed while the call was outstanding")));
  }
  ReplyStateBase& state() const noexcept { return *state_; }
  void disarm() noexcept { armed_ = false; }

 private:
  std::shared_ptr<ReplyStateBase> state_;
  bool armed_ = true;
};

}  // namespace

bool ReplyStateBase::wait(std::coroutine_handle<> waiter) noexcept {
  std::lock_guard lock(mutex_);
  if (done_) return false;
  waiter_ = waiter;
  return true;
}

void ReplyStateBase::abandon() noexcept {
  std::lock_guard lock(mutex_);
  waiter_ = {};
}

bool ReplyStateBase::ready() const noexcept {
  std::lock_guard lock(mutex_);
  return done_;
}

bool ReplyStateBase::wait_until(std::chrono::steady_clock::time_point deadline) const {
  std::unique_lock lock(mutex_);
  return changed_.wait_until(lock, deadline, [&] { return done_; });
}

void ReplyStateBase::fail(std::exception_ptr error) noexcept {
  complete([&] { error_ = std::move(error); });
}

void start_call(CORBA::Object& target, std::string_view operation, orb::ArgumentWriter arguments,
                orb::ReplyDispatch dispatch, std::shared_ptr<ReplyStateBase> state) noexcept {
  CORBA::object_reference<ReplySlot> slot;
  try {
    orb::Invocation call(target, operation);
    slot = CORBA::make_reference<ReplySlot>(state);
    call.invoke_async(arguments, slot, dispatch);
  } catch (...) {
    // The ORB has let go of the slot: the call failed here, not at shutdown. Delivered at
    // the co_await, like every other outcome of the call.
    if (slot) slot->disarm();
    state->fail(std::current_exception());
  }
}

ReplyStateBase& state_of(CORBA::Object& slot) { return dynamic_cast<ReplySlot&>(slot).state(); }

std::exception_ptr exception_of(const orb::AsyncReply& reply,
                                std::span<const orb::UserExceptionEntry> exceptions) noexcept {
  try {
    Messaging::ExceptionHolder::rtorb_from_reply(reply, exceptions)->raise_exception();
  } catch (...) {
    return std::current_exception();
  }
}

}  // namespace rtorb::coro::detail
