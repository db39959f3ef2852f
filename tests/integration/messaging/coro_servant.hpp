// The coroutine servant of AmhTest::Relay (POA::AmhTest::CORO_Relay), served by
// amh-coro-server: each operation is a coroutine that awaits calls to another server's
// Deferred, and whose co_return (or exception) is its reply.
#pragma once

#include <rtorb/coro/task.hpp>

#include <atomic>
#include <coroutine>
#include <cstdint>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "amhC.h"
#include "amhS.h"

namespace amh_test {

class RelayServant final : public POA::AmhTest::CORO_Relay {
 public:
  using DeferredRef = IDL::traits<AmhTest::Deferred>::ref_type;
  template <class T>
  using task = rtorb::coro::task<T>;

  ~RelayServant() override;

  task<std::int32_t> relay(DeferredRef backend, std::int32_t v) override;
  task<std::int32_t> chain(DeferredRef backend, std::int32_t v, std::int32_t n) override;
  task<std::tuple<std::int32_t, std::int32_t, std::string>> divide(DeferredRef backend,
                                                                   std::int32_t a, std::int32_t b,
                                                                   std::string note) override;
  task<std::int32_t> refuse(DeferredRef backend, std::int32_t code) override;
  task<std::int32_t> fail(DeferredRef backend, std::int32_t minor) override;
  task<std::int32_t> backend_fails(DeferredRef backend, std::int32_t minor) override;
  task<std::int32_t> fail_at_once(std::int32_t minor) override;
  task<std::int32_t> undeclared(std::int32_t code) override;
  task<std::int32_t> park(std::int32_t v) override;
  task<std::int32_t> release(bool resume) override;
  task<void> note(DeferredRef backend, std::int32_t token) override;
  task<std::int32_t> last_note() override;
  task<std::int32_t> hold(DeferredRef backend, std::int32_t v) override;

  // hold() coroutines whose frames live, and those that ended (for tests in-process).
  std::atomic<int> holding{0};
  std::atomic<int> held_ended{0};

 private:
  // What park() awaits: the coroutine's handle is kept until release() resumes or
  // destroys it.
  struct Parking {
    RelayServant& servant;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> parked);
    void await_resume() const noexcept {}
  };

  std::mutex mutex_;
  std::vector<std::coroutine_handle<>> parked_;  // guarded by mutex_
  std::int32_t last_note_ = 0;                   // guarded by mutex_
};

}  // namespace amh_test
