// rtorb::coro::task<T>: the coroutine type a user writes to co_await asynchronous calls,
// with nothing but the standard library (docs/messaging.md, "Coroutines"):
//
//   rtorb::coro::task<std::int32_t> twice(CubitRef cubit) {
//     const std::int32_t a = co_await cubit->async().cube_long(2);  // 8
//     co_return co_await cubit->async().cube_long(a);                // 512
//   }
//   auto t = twice(cubit);
//   t.start();                              // runs up to the first reply it waits for
//   while (!t.done()) orb->perform_work();  // replies resume it here
//   std::int32_t r = t.get();               // or rethrows what the coroutine raised
//
// A task is lazy: it runs when it is co_awaited (by another task), started, or detached.
// Whoever resumes a suspended task runs it: the thread that delivers the reply it waits
// for (the one running the ORB's event loop), or the caller of start().
#pragma once

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <atomic>
#include <coroutine>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace rtorb::minor {

// BAD_INV_ORDER minor codes of tasks (with the type that raises them, so that the many files
// that include minor_code.hpp need not know coroutines; the guide lists them all the same).
inline constexpr std::uint32_t bad_inv_order_task_not_done = rtorb_vmcid | 0x731;  // task::get() too early
inline constexpr std::uint32_t bad_inv_order_task_started = rtorb_vmcid | 0x732;   // a task started twice

}  // namespace rtorb::minor

namespace rtorb::coro {

template <class T = void>
class task;

namespace detail {

class TaskPromiseBase;

// What a task started by task::rtorb_detach does when it ends, and when it is destroyed
// before it ends (its destructor then runs with the frame). A coroutine servant's reply
// (include/rtorb/coro/servant.hpp) is one.
class TaskEnd {
 public:
  TaskEnd() = default;
  TaskEnd(const TaskEnd&) = delete;
  TaskEnd& operator=(const TaskEnd&) = delete;
  virtual ~TaskEnd() = default;
  // The coroutine ended, returning or raising; `promise` is its TaskPromise<T>, whose
  // value or exception take() gives once. Runs on the thread that ran the coroutine's
  // last step, before its frame is freed.
  virtual void finished(TaskPromiseBase& promise) noexcept = 0;
};

// What every task's promise keeps, whatever it returns.
class TaskPromiseBase {
 public:
  std::suspend_always initial_suspend() noexcept { return {}; }

  // At the end: resume whoever co_awaited the task (symmetric transfer, no stack growth
  // along a chain), or free a detached task's frame.
  struct FinalAwaiter {
    bool await_ready() noexcept { return false; }
    template <class Promise>
    std::coroutine_handle<> await_suspend(std::coroutine_handle<Promise> self) noexcept {
      TaskPromiseBase& p = self.promise();
      const std::coroutine_handle<> next = p.continuation_;
      if (p.end_) {
        std::unique_ptr<TaskEnd> end = std::move(p.end_);
        end->finished(p);
        end.reset();  // before the frame, so that what it holds goes after what it did
        self.destroy();
        return std::noop_coroutine();
      }
      if (p.detached_) {
        // Nobody is left to rethrow it to: as for an exception leaving a std::thread.
        if (p.error_) std::terminate();
        self.destroy();
        return std::noop_coroutine();
      }
      // Last: once finished_ is seen, the owner may destroy this frame.
      p.finished_.store(true, std::memory_order_release);
      return next ? next : std::noop_coroutine();
    }
    void await_resume() noexcept {}
  };
  FinalAwaiter final_suspend() noexcept { return {}; }
  void unhandled_exception() noexcept { error_ = std::current_exception(); }

  void rethrow_if_failed() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  template <class>
  friend class coro::task;
  std::coroutine_handle<> continuation_;
  std::unique_ptr<TaskEnd> end_;  // set by rtorb_detach; destroyed with an unfinished frame
  std::exception_ptr error_;
  std::atomic<bool> finished_{false};
  bool detached_ = false;
  bool started_ = false;
};

template <class T>
class TaskPromise : public TaskPromiseBase {
 public:
  task<T> get_return_object() noexcept;
  template <class U = T, class = std::enable_if_t<std::is_convertible_v<U&&, T>>>
  void return_value(U&& value) {
    value_.emplace(std::forward<U>(value));
  }
  T take() {
    rethrow_if_failed();
    return std::move(*value_);
  }

 private:
  std::optional<T> value_;
};

template <>
class TaskPromise<void> : public TaskPromiseBase {
 public:
  task<void> get_return_object() noexcept;
  void return_void() noexcept {}
  void take() const { rethrow_if_failed(); }
};

}  // namespace detail

// Move-only; owns its coroutine frame (destroying a task that has not finished destroys
// the frame and whatever it was waiting for: a call's reply is then dropped, see
// future_reply). Destroy a suspended task only where nothing can resume it meanwhile: on
// the thread that runs the ORB's event loop, or while no thread runs it.
template <class T>
class [[nodiscard]] task {
 public:
  using promise_type = detail::TaskPromise<T>;
  using value_type = T;

  task(task&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  task& operator=(task&& other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, {});
    }
    return *this;
  }
  task(const task&) = delete;
  task& operator=(const task&) = delete;
  ~task() { reset(); }

  // Runs the coroutine on this thread until it first suspends (or ends). Raises
  // BAD_INV_ORDER bad_inv_order_task_started if it was started, co_awaited or detached.
  void start() {
    claim();
    handle_.resume();
  }
  // True once the coroutine has ended (returned or raised); safe from any thread.
  bool done() const noexcept {
    return handle_ && handle_.promise().finished_.load(std::memory_order_acquire);
  }
  // The value the coroutine returned, or what it raised, rethrown; once. Raises
  // BAD_INV_ORDER bad_inv_order_task_not_done before done().
  T get() {
    if (!done()) {
      raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_task_not_done,
                                  "task::get() before the coroutine ended");
    }
    return handle_.promise().take();
  }
  // Fire and forget: starts the task and gives its frame to itself; the frame is freed
  // when the coroutine ends. An exception leaving a detached task calls std::terminate,
  // as one leaving a std::thread does: catch inside. Raises what start() raises.
  void detach() && {
    claim();
    const auto h = std::exchange(handle_, {});
    h.promise().detached_ = true;
    h.resume();
  }
  // For generated code (coroutine servants): detach() with `end` told when the coroutine
  // ends, instead of std::terminate for an exception; if the frame is destroyed before the
  // coroutine ends, so is `end`. Raises what start() raises (and then `end` is destroyed).
  void rtorb_detach(std::unique_ptr<detail::TaskEnd> end) && {
    claim();
    const auto h = std::exchange(handle_, {});
    h.promise().end_ = std::move(end);
    h.resume();
  }

  // co_await task: starts it and resumes the awaiting coroutine when it ends, with its
  // value or its exception. Raises what start() raises.
  auto operator co_await() && noexcept {
    struct Awaiter {
      std::coroutine_handle<promise_type> handle;
      bool await_ready() const noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<> awaiting) {
        auto& p = handle.promise();
        if (p.started_) {
          raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_task_started,
                                      "co_await on a task that was already started");
        }
        p.started_ = true;
        p.continuation_ = awaiting;
        return handle;
      }
      T await_resume() { return handle.promise().take(); }
    };
    return Awaiter{handle_};
  }

 private:
  friend class detail::TaskPromise<T>;
  explicit task(std::coroutine_handle<promise_type> h) noexcept : handle_(h) {}
  void claim() {
    if (!handle_ || handle_.promise().started_) {
      raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_task_started,
                                  "the task was already started, co_awaited or detached");
    }
    handle_.promise().started_ = true;
  }
  void reset() noexcept {
    if (handle_) handle_.destroy();
    handle_ = {};
  }

  std::coroutine_handle<promise_type> handle_;
};

namespace detail {

template <class T>
task<T> TaskPromise<T>::get_return_object() noexcept {
  return task<T>(std::coroutine_handle<TaskPromise<T>>::from_promise(*this));
}

inline task<void> TaskPromise<void>::get_return_object() noexcept {
  return task<void>(std::coroutine_handle<TaskPromise<void>>::from_promise(*this));
}

}  // namespace detail
}  // namespace rtorb::coro
