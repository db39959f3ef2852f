#include "transport/reactor.hpp"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "transport/system_calls.hpp"

namespace rtorb::transport {
namespace {

// Slot state: generation in the high half, flags in the low bits.
constexpr std::uint64_t live = 1;     // registered
constexpr std::uint64_t busy = 2;     // a thread runs (or retires) the handler
constexpr std::uint64_t pending = 4;  // an event came while busy: run again
constexpr std::uint64_t removed = 8;  // remove() came while busy

constexpr std::uint32_t generation_of(std::uint64_t v) noexcept {
  return static_cast<std::uint32_t>(v >> 32);
}
constexpr std::uint32_t index_of(Reactor::HandlerId id) noexcept {
  return static_cast<std::uint32_t>(id & 0xffffffffu);
}

std::uint32_t events_for(bool edge) noexcept {
  return EPOLLIN | EPOLLRDHUP | (edge ? EPOLLET : EPOLLONESHOT);
}

// True if `state` still describes the registration `id` names.
bool current(std::uint64_t state, Reactor::HandlerId id) noexcept {
  return (state & live) != 0 && generation_of(state) == generation_of(id);
}

}  // namespace

Reactor::Reactor()
    : epoll_(::epoll_create1(EPOLL_CLOEXEC)), wake_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
  if (!epoll_ || !wake_) {
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor, errno_text("epoll/eventfd", errno));
  }
  // Level-triggered and never drained: once stop() writes, every waiter sees it (epoll
  // passes a level-triggered readiness on to the next waiter).
  ::epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.u64 = wake_id;
  if (::epoll_ctl(epoll_.fd(), EPOLL_CTL_ADD, wake_.fd(), &ev) != 0) {
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor, errno_text("epoll_ctl", errno));
  }
}

Reactor::~Reactor() {
  for (auto& chunk : owned_chunks_) {
    for (std::size_t i = 0; i < chunk_size; ++i) chunk[i].handler.reset();
  }
}

Reactor::Slot* Reactor::slot(HandlerId id) const noexcept {
  const std::uint32_t index = index_of(id);
  if (index / chunk_size >= max_chunks) return nullptr;
  Slot* chunk = chunks_[index / chunk_size].load(std::memory_order_acquire);
  return chunk == nullptr ? nullptr : &chunk[index % chunk_size];
}

Reactor::HandlerId Reactor::add(std::unique_ptr<EventHandler> handler) {
  assert(handler != nullptr);
  std::uint32_t index = 0;
  {
    std::lock_guard lock(mutex_);
    if (free_.empty()) {
      const std::size_t c = owned_chunks_.size();
      if (c == max_chunks) {
        raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor, "too many registrations");
      }
      owned_chunks_.push_back(std::make_unique<Slot[]>(chunk_size));
      for (std::size_t i = 0; i < chunk_size; ++i)
        owned_chunks_.back()[i].index = static_cast<std::uint32_t>(c * chunk_size + i);
      chunks_[c].store(owned_chunks_.back().get(), std::memory_order_release);
      for (std::size_t i = chunk_size; i-- > 0;)
        free_.push_back(static_cast<std::uint32_t>(c * chunk_size + i));
    }
    index = free_.back();
    free_.pop_back();
  }
  Slot& s = *slot(index);
  const std::uint64_t generation = s.state.load(std::memory_order_relaxed) >> 32;
  s.fd = handler->fd();
  s.edge = handler->edge_triggered();
  s.handler = std::move(handler);
  s.state.store(generation << 32 | live, std::memory_order_release);
  const HandlerId id = generation << 32 | index;
  ::epoll_event ev{};
  ev.events = events_for(s.edge);
  ev.data.u64 = id;
  count_.fetch_add(1, std::memory_order_relaxed);
  if (::epoll_ctl(epoll_.fd(), EPOLL_CTL_ADD, s.fd, &ev) != 0) {
    const int err = errno;
    s.state.fetch_or(busy, std::memory_order_acq_rel);
    retire(s);
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor, errno_text("epoll_ctl ADD", err));
  }
  return id;
}

void Reactor::retire(Slot& s) noexcept {
  ::epoll_ctl(epoll_.fd(), EPOLL_CTL_DEL, s.fd, nullptr);  // before the handler closes fd
  s.handler.reset();
  s.fd = -1;
  const std::uint64_t generation = (s.state.load(std::memory_order_relaxed) >> 32) + 1;
  s.state.store((generation & 0xffffffffu) << 32, std::memory_order_release);
  count_.fetch_sub(1, std::memory_order_relaxed);
  std::lock_guard lock(mutex_);
  free_.push_back(s.index);
}

void Reactor::remove(HandlerId id) {
  Slot* s = slot(id);
  if (s == nullptr) return;
  std::uint64_t state = s->state.load(std::memory_order_acquire);
  for (;;) {
    if (!current(state, id) || (state & removed) != 0) return;
    if ((state & busy) != 0) {
      // The running thread retires it when its run returns.
      if (s->state.compare_exchange_weak(state, state | removed, std::memory_order_acq_rel))
        return;
    } else if (s->state.compare_exchange_weak(state, state | busy | removed,
                                              std::memory_order_acq_rel)) {
      retire(*s);
      return;
    }
  }
}

void Reactor::remove_all() noexcept {
  std::vector<Slot*> chunks;
  {
    std::lock_guard lock(mutex_);
    for (const auto& chunk : owned_chunks_) chunks.push_back(chunk.get());
  }
  for (Slot* chunk : chunks) {
    for (std::size_t i = 0; i < chunk_size; ++i) {
      Slot& s = chunk[i];
      std::uint64_t state = s.state.load(std::memory_order_acquire);
      if ((state & live) != 0 && (state & busy) == 0 &&
          s.state.compare_exchange_strong(state, state | busy | removed,
                                          std::memory_order_acq_rel)) {
        retire(s);
      }
    }
  }
}

void Reactor::run_handler(Slot& s) {
  for (;;) {
    bool keep = false;
    try {
      keep = s.handler->handle_input(*this);
    } catch (const std::exception&) {
      keep = false;  // the event loop is the boundary: a failing handler is dropped alone
    }
    if (!keep) {
      retire(s);
      return;
    }
    if (!s.edge) {
      // Re-armed while still busy: an event from now on finds busy and sets pending.
      ::epoll_event ev{};
      ev.events = events_for(false);
      ev.data.u64 = (s.state.load(std::memory_order_relaxed) >> 32) << 32 | s.index;
      ::epoll_ctl(epoll_.fd(), EPOLL_CTL_MOD, s.fd, &ev);
    }
    std::uint64_t state = s.state.load(std::memory_order_acquire);
    for (;;) {
      if ((state & removed) != 0) {
        retire(s);
        return;
      }
      if ((state & pending) != 0) {
        if (s.state.compare_exchange_weak(state, state & ~pending, std::memory_order_acq_rel))
          break;  // input came meanwhile: run again
      } else if (s.state.compare_exchange_weak(state, state & ~busy,
                                               std::memory_order_acq_rel)) {
        return;
      }
    }
  }
}

bool Reactor::dispatch_one(int timeout_ms) {
  ::epoll_event ev{};
  const int n = sys::epoll_wait(epoll_.fd(), &ev, 1, timeout_ms);
  if (n <= 0 || ev.data.u64 == wake_id) return false;
  const HandlerId id = ev.data.u64;
  Slot* s = slot(id);
  if (s == nullptr) return false;
  std::uint64_t state = s->state.load(std::memory_order_acquire);
  for (;;) {
    if (!current(state, id) || (state & removed) != 0) return false;  // a late event
    if ((state & busy) != 0) {
      // Another thread is in this handler: it runs it again when it is done.
      if (s->state.compare_exchange_weak(state, state | pending, std::memory_order_acq_rel))
        return false;
    } else if (s->state.compare_exchange_weak(state, state | busy,
                                              std::memory_order_acq_rel)) {
      break;
    }
  }
  if (observer_ == nullptr) {
    run_handler(*s);
    return true;
  }
  observer_->handler_starts();
  try {
    run_handler(*s);
  } catch (...) {
    observer_->handler_ends();
    throw;
  }
  observer_->handler_ends();
  return true;
}

bool Reactor::handle_events(std::chrono::milliseconds timeout) {
  if (stopped()) return false;
  return dispatch_one(static_cast<int>(std::clamp<long long>(timeout.count(), 0, 1'000'000)));
}

void Reactor::run() {
  // The timeout only bounds how late a thread notices stop() if a wake-up were missed.
  while (!stopped()) dispatch_one(1000);
}

void Reactor::stop() {
  stopped_.store(true, std::memory_order_release);
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(wake_.fd(), &one, sizeof one);
}

}  // namespace rtorb::transport
