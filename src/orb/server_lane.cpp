#include "orb/server_lane.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/raise.hpp>

#include <limits.h>

#include <algorithm>

#include "transport/acceptor.hpp"

namespace rtorb::orb {
ServerLane::ServerLane(const LaneOptions& options, const std::string& default_host,
                       const transport::MessageHandler& handler,
                       const transport::ConnectionOptions& connection)
    : options_(options) {
  reactor_.set_observer(this);
  std::vector<transport::Endpoint> wanted = options.endpoints;
  if (wanted.empty()) wanted.push_back({default_host, 0});
  for (const auto& endpoint : wanted) {
    auto acceptor = std::make_unique<transport::Acceptor>(endpoint, connection);
    bound_.push_back(acceptor->endpoint());
    acceptors_.push_back(reactor_.add(std::make_unique<transport::AcceptHandler>(
        std::move(acceptor), handler, connection)));
  }
  std::lock_guard lock(threads_mutex_);
  for (std::size_t i = 0; i < std::max<std::size_t>(options.threads, 1); ++i) {
    if (!spawn(false)) {
      stopping_ = true;
      reactor_.stop();
      for (auto& t : threads_) pthread_join(t->handle, nullptr);
      raise<CORBA::NO_RESOURCES>(0, "cannot start a lane thread");
    }
  }
}

bool ServerLane::spawn(bool dynamic) {
  auto thread = std::make_unique<Thread>();
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  if (options_.stack_size != 0) {
    pthread_attr_setstacksize(&attributes,
                              std::max<std::size_t>(options_.stack_size, PTHREAD_STACK_MIN));
  }
  // Counted idle before it starts, so a request arriving meanwhile does not start another.
  idle_.fetch_add(1);
  if (dynamic) dynamic_alive_.fetch_add(1);
  struct Start {
    ServerLane* lane;
    Thread* thread;
    bool dynamic;
  };
  auto* start = new Start{this, thread.get(), dynamic};
  const int error = pthread_create(
      &thread->handle, &attributes,
      [](void* arg) -> void* {
        const Start s = *static_cast<Start*>(arg);
        delete static_cast<Start*>(arg);
        s.lane->serve(s.dynamic);
        s.thread->finished.store(true, std::memory_order_release);
        return nullptr;
      },
      start);
  pthread_attr_destroy(&attributes);
  if (error != 0) {
    delete start;
    idle_.fetch_sub(1);
    if (dynamic) dynamic_alive_.fetch_sub(1);
    return false;
  }
  threads_.push_back(std::move(thread));
  return true;
}

void ServerLane::serve(bool dynamic) noexcept {
  if (options_.on_thread_start) options_.on_thread_start();
  using Clock = std::chrono::steady_clock;
  auto last_work = Clock::now();
  while (!reactor_.stopped()) {
    bool ran = false;
    try {
      ran = reactor_.handle_events(dynamic ? options_.dynamic_idle_timeout
                                           : std::chrono::milliseconds(1000));
    } catch (...) {
      ran = true;  // the handler is gone; the thread serves on
    }
    if (!dynamic) continue;
    const auto now = Clock::now();
    if (ran) {
      last_work = now;
    } else if (now - last_work >= options_.dynamic_idle_timeout) {
      break;  // idle long enough: the lane gives the thread back
    }
  }
  idle_.fetch_sub(1);
  if (dynamic) dynamic_alive_.fetch_sub(1);
}

void ServerLane::handler_starts() noexcept {
  if (idle_.fetch_sub(1) != 1 || options_.dynamic_threads == 0) return;
  // The last idle thread took this request: another waits for the next, if the lane may
  // grow. (Only here, on a saturated lane, does the request path start a thread.)
  if (dynamic_alive_.load() >= options_.dynamic_threads) return;
  std::lock_guard lock(threads_mutex_);
  if (stopping_ || dynamic_alive_.load() >= options_.dynamic_threads) return;
  reap_finished();
  try {
    spawn(true);
  } catch (...) {
    // Out of memory: the lane goes on with the threads it has.
  }
}

void ServerLane::handler_ends() noexcept { idle_.fetch_add(1); }

void ServerLane::reap_finished() {
  std::erase_if(threads_, [](const std::unique_ptr<Thread>& t) {
    if (!t->finished.load(std::memory_order_acquire)) return false;
    pthread_join(t->handle, nullptr);
    return true;
  });
}

void ServerLane::stop_accepting() noexcept {
  std::lock_guard lock(threads_mutex_);
  for (const auto id : acceptors_) reactor_.remove(id);
  acceptors_.clear();
}

void ServerLane::stop() noexcept {
  stop_accepting();
  std::vector<std::unique_ptr<Thread>> threads;
  {
    std::lock_guard lock(threads_mutex_);
    stopping_ = true;
    threads.swap(threads_);
  }
  reactor_.stop();
  for (auto& t : threads) pthread_join(t->handle, nullptr);
}

}  // namespace rtorb::orb
