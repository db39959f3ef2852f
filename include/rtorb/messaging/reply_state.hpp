// The reply slot of one asynchronous call: its outcome, shared by what waits for it (a
// coroutine's rtorb::coro::future_reply, a Messaging::Poller) and the handler the ORB holds
// until the reply comes. Below both coro/ and the poller, so neither includes the other;
// the names stay in rtorb::coro::detail, where generated code (deliver) and the runtime
// have always found them.
#pragma once

#include <rtorb/corba/object.hpp>
#include <rtorb/orb/async_reply.hpp>
#include <rtorb/orb/invocation.hpp>

#include <chrono>
#include <condition_variable>
#include <coroutine>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

namespace rtorb::coro::detail {

// The outcome of one call, shared by the future that waits for it and the reply slot the
// ORB holds until the reply comes.
class ReplyStateBase {
 public:
  ReplyStateBase() = default;
  ReplyStateBase(const ReplyStateBase&) = delete;
  ReplyStateBase& operator=(const ReplyStateBase&) = delete;

  // The awaiting coroutine: false if the outcome is already there (resume at once).
  bool wait(std::coroutine_handle<> waiter) noexcept;
  // The future is gone: an outcome that comes later resumes no one.
  void abandon() noexcept;
  bool ready() const noexcept;
  // Blocks the calling thread until the outcome is there or `deadline` has passed (a
  // poller's wait); true if it is there.
  bool wait_until(std::chrono::steady_clock::time_point deadline) const;
  // The call failed; ignored once an outcome is there.
  void fail(std::exception_ptr error) noexcept;

 protected:
  ~ReplyStateBase() = default;
  // Runs `store` (which records the outcome) unless an outcome is there, then resumes the
  // waiter, outside the lock.
  template <class Store>
  void complete(Store&& store) noexcept {
    std::coroutine_handle<> waiter;
    {
      std::lock_guard lock(mutex_);
      if (done_) return;
      store();
      done_ = true;
      waiter = std::exchange(waiter_, {});
    }
    changed_.notify_all();
    if (waiter) waiter.resume();
  }
  void rethrow_if_failed() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;  // done_ became true
  std::coroutine_handle<> waiter_;  // guarded by mutex_
  bool done_ = false;               // guarded by mutex_
  std::exception_ptr error_;        // written before done_, under mutex_
};

template <class T>
class ReplyState final : public ReplyStateBase {
 public:
  void succeed(T&& value) noexcept {
    complete([&] { value_.emplace(std::move(value)); });
  }
  T take() {
    rethrow_if_failed();
    return std::move(*value_);
  }

 private:
  std::optional<T> value_;
};

template <>
class ReplyState<void> final : public ReplyStateBase {
 public:
  void succeed() noexcept {
    complete([] {});
  }
  void take() const { rethrow_if_failed(); }
};

// Sends the request (an ordinary twoway, as a sendc_ call is) with a reply slot for
// `state` as its handler; what the request raises before it is sent fails `state`.
void start_call(CORBA::Object& target, std::string_view operation, orb::ArgumentWriter arguments,
                orb::ReplyDispatch dispatch, std::shared_ptr<ReplyStateBase> state) noexcept;
// The state a reply slot (the handler start_call registered) carries.
ReplyStateBase& state_of(CORBA::Object& slot);
// The exception an AsyncReply holds, as the operation declares its user exceptions.
std::exception_ptr exception_of(const orb::AsyncReply& reply,
                                std::span<const orb::UserExceptionEntry> exceptions) noexcept;

// The generated reply functions: the outcome of `reply` into the slot's state; `read`
// reads the results from the reply body. A body that cannot be read fails the call with
// the MARSHAL it raised.
template <class T, class Read>
void deliver(CORBA::Object& slot, orb::AsyncReply& reply,
             std::span<const orb::UserExceptionEntry> exceptions, Read read) noexcept {
  auto& state = static_cast<ReplyState<T>&>(state_of(slot));
  if (reply.kind() != orb::AsyncReply::Kind::result) {
    state.fail(exception_of(reply, exceptions));
    return;
  }
  try {
    if constexpr (std::is_void_v<T>) {
      read(reply.result());
      state.succeed();
    } else {
      state.succeed(read(reply.result()));
    }
  } catch (...) {
    state.fail(std::current_exception());
  }
}

}  // namespace rtorb::coro::detail
