#include "coro_servant.hpp"

#include <rtorb/corba/exception.hpp>

namespace amh_test {

RelayServant::~RelayServant() {
  // Coroutines still parked at shutdown: destroying them drops their requests' handlers.
  for (std::coroutine_handle<> h : parked_) h.destroy();
}

RelayServant::task<std::int32_t> RelayServant::relay(DeferredRef backend, std::int32_t v) {
  co_return co_await backend->async().later(v) + 1;
}

namespace {

// A task awaited by another: one step of chain().
rtorb::coro::task<std::int32_t> step(const RelayServant::DeferredRef& backend, std::int32_t v) {
  co_return co_await backend->async().later(v) + 1;
}

}  // namespace

RelayServant::task<std::int32_t> RelayServant::chain(DeferredRef backend, std::int32_t v,
                                                     std::int32_t n) {
  for (std::int32_t i = 0; i < n; ++i) v = co_await step(backend, v);
  co_return v;
}

RelayServant::task<std::tuple<std::int32_t, std::int32_t, std::string>> RelayServant::divide(
    DeferredRef backend, std::int32_t a, std::int32_t b, std::string note) {
  // The same operation's async() gives the same tuple: return value, then inout and out.
  co_return co_await backend->async().divide(a, b, note);
}

RelayServant::task<std::int32_t> RelayServant::refuse(DeferredRef backend, std::int32_t code) {
  const std::int32_t got = co_await backend->async().later(code);
  throw AmhTest::Refused(got);
}

RelayServant::task<std::int32_t> RelayServant::fail(DeferredRef backend, std::int32_t minor) {
  const std::int32_t got = co_await backend->async().later(minor);
  throw CORBA::NO_PERMISSION(static_cast<std::uint32_t>(got), CORBA::CompletionStatus::COMPLETED_YES);
}

RelayServant::task<std::int32_t> RelayServant::backend_fails(DeferredRef backend,
                                                             std::int32_t minor) {
  co_return co_await backend->async().system_error(minor);
}

RelayServant::task<std::int32_t> RelayServant::fail_at_once(std::int32_t minor) {
  throw CORBA::NO_PERMISSION(static_cast<std::uint32_t>(minor), CORBA::CompletionStatus::COMPLETED_NO);
  co_return 0;
}

RelayServant::task<std::int32_t> RelayServant::undeclared(std::int32_t code) {
  throw AmhTest::Refused(code);
  co_return 0;
}

void RelayServant::Parking::await_suspend(std::coroutine_handle<> parked) {
  std::lock_guard lock(servant.mutex_);
  servant.parked_.push_back(parked);
}

RelayServant::task<std::int32_t> RelayServant::park(std::int32_t v) {
  co_await Parking{*this};
  co_return v;
}

RelayServant::task<std::int32_t> RelayServant::release(bool resume) {
  std::vector<std::coroutine_handle<>> parked;
  {
    std::lock_guard lock(mutex_);
    parked.swap(parked_);
  }
  // Each parked coroutine is the whole frame of its request (park awaits Parking itself),
  // so destroying it is destroying the request's coroutine.
  for (std::coroutine_handle<> h : parked) {
    if (resume) h.resume();
    else h.destroy();
  }
  co_return static_cast<std::int32_t>(parked.size());
}

RelayServant::task<void> RelayServant::note(DeferredRef backend, std::int32_t token) {
  const std::int32_t got = co_await backend->async().later(token);
  std::lock_guard lock(mutex_);
  last_note_ = got;
}

RelayServant::task<std::int32_t> RelayServant::last_note() {
  std::lock_guard lock(mutex_);
  co_return last_note_;
}

namespace {

// Counts a frame while it lives.
struct Counted {
  explicit Counted(std::atomic<int>& n) : n_(n) { ++n_; }
  ~Counted() { --n_; }
  Counted(const Counted&) = delete;
  Counted& operator=(const Counted&) = delete;
  std::atomic<int>& n_;
};

}  // namespace

RelayServant::task<std::int32_t> RelayServant::hold(DeferredRef backend, std::int32_t v) {
  const Counted alive(holding);
  try {
    co_return co_await backend->async().gather(v, 1000000);
  } catch (...) {
    ++held_ended;
    throw;
  }
}

}  // namespace amh_test
