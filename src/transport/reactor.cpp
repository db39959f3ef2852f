#include "transport/reactor.hpp"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

namespace rtorb::transport {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::uint32_t input_events = EPOLLIN | EPOLLRDHUP | EPOLLONESHOT;

int remaining_ms(Clock::time_point deadline) {
  const auto left =
      std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(left, 0, 1'000'000));
}

}  // namespace

Reactor::Reactor()
    : epoll_(::epoll_create1(EPOLL_CLOEXEC)), wake_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
  if (!epoll_ || !wake_) {
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor, errno_text("epoll/eventfd", errno));
  }
  // Level-triggered and never drained: once stop() writes, every leader sees it.
  ::epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.u64 = wake_id;
  if (::epoll_ctl(epoll_.fd(), EPOLL_CTL_ADD, wake_.fd(), &ev) != 0) {
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor, errno_text("epoll_ctl", errno));
  }
}

Reactor::~Reactor() = default;

Reactor::HandlerId Reactor::add(std::unique_ptr<EventHandler> handler) {
  assert(handler != nullptr);
  std::lock_guard lock(mutex_);
  const HandlerId id = next_id_++;
  ::epoll_event ev{};
  ev.events = input_events;
  ev.data.u64 = id;
  if (::epoll_ctl(epoll_.fd(), EPOLL_CTL_ADD, handler->fd(), &ev) != 0) {
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor, errno_text("epoll_ctl ADD", errno));
  }
  handlers_.emplace(id, Entry{std::move(handler)});
  return id;
}

std::unique_ptr<EventHandler> Reactor::erase(
    std::unordered_map<HandlerId, Entry>::iterator it) {
  ::epoll_ctl(epoll_.fd(), EPOLL_CTL_DEL, it->second.handler->fd(), nullptr);
  auto handler = std::move(it->second.handler);
  handlers_.erase(it);
  return handler;
}

void Reactor::remove(HandlerId id) {
  std::unique_ptr<EventHandler> dead;  // destroyed after the lock is released
  std::lock_guard lock(mutex_);
  const auto it = handlers_.find(id);
  if (it == handlers_.end()) return;
  if (it->second.busy) {
    it->second.removed = true;
  } else {
    dead = erase(it);
  }
}

std::size_t Reactor::handler_count() const {
  std::lock_guard lock(mutex_);
  return handlers_.size();
}

void Reactor::rearm(HandlerId id, int fd) {
  ::epoll_event ev{};
  ev.events = input_events;
  ev.data.u64 = id;
  ::epoll_ctl(epoll_.fd(), EPOLL_CTL_MOD, fd, &ev);
}

void Reactor::dispatch(HandlerId id) {
  EventHandler* handler = nullptr;
  {
    std::lock_guard lock(mutex_);
    const auto it = handlers_.find(id);
    if (it == handlers_.end() || it->second.removed) return;
    it->second.busy = true;
    handler = it->second.handler.get();
  }
  bool keep = false;
  try {
    keep = handler->handle_input(*this);
  } catch (const std::exception&) {
    keep = false;  // the event loop is the boundary: a failing handler is dropped alone
  }
  std::unique_ptr<EventHandler> dead;
  std::lock_guard lock(mutex_);
  const auto it = handlers_.find(id);
  assert(it != handlers_.end());  // busy entries are only marked, never erased
  it->second.busy = false;
  if (!keep || it->second.removed) {
    dead = erase(it);
  } else {
    rearm(id, handler->fd());
  }
}

bool Reactor::handle_events(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  {
    std::unique_lock lock(lf_mutex_);
    if (!followers_.wait_until(lock, deadline, [&] { return !leader_ || stopped_; }))
      return false;
    if (stopped_) return false;
    leader_ = true;
  }
  ::epoll_event ev{};
  int n = 0;
  do {
    n = ::epoll_wait(epoll_.fd(), &ev, 1, remaining_ms(deadline));
  } while (n < 0 && errno == EINTR);
  {
    // The handle that fired is out of the set (one-shot): promote a follower first,
    // then run the handler on this thread.
    std::lock_guard lock(lf_mutex_);
    leader_ = false;
  }
  followers_.notify_one();
  if (n <= 0 || ev.data.u64 == wake_id) return false;
  dispatch(ev.data.u64);
  return true;
}

void Reactor::run() {
  while (!stopped()) handle_events(std::chrono::seconds(1));
}

void Reactor::stop() {
  {
    std::lock_guard lock(lf_mutex_);
    stopped_ = true;
  }
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(wake_.fd(), &one, sizeof one);
  followers_.notify_all();
}

bool Reactor::stopped() const {
  std::lock_guard lock(lf_mutex_);
  return stopped_;
}

}  // namespace rtorb::transport
