#include "server/server_lane.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>

#include "transport/acceptor.hpp"

namespace rtorb::orb {
namespace {

// ThreadSanitizer's runtime guards its tables with spin locks that wait by sched_yield, and
// every exiting thread takes one. When a lane stops, its threads exit together at their
// SCHED_FIFO priorities; a higher one spinning never lets a lower holder run (sched_yield
// yields only to equal priorities), and with both CPUs taken the process livelocks (seen
// in ORB::destroy: one exiting lane thread held the lock, two spun on it). So under tsan a
// thread gives up its real-time class before it exits. Other builds exit as they ran.
void leave_real_time_under_tsan() noexcept {
#if defined(__SANITIZE_THREAD__)
  const sched_param ordinary{};
  pthread_setschedparam(pthread_self(), SCHED_OTHER, &ordinary);
#endif
}

}  // namespace

// The lane's eventfd in its own reactor: the one idle thread the kernel wakes for it lends
// itself.
class ServerLane::LendHandler final : public transport::EventHandler {
 public:
  explicit LendHandler(ServerLane& lane) noexcept : lane_(lane) {}
  int fd() const noexcept override { return lane_.lend_signal_.fd(); }
  bool handle_input(transport::Reactor&) override {
    std::uint64_t count = 0;
    while (::read(fd(), &count, sizeof count) == sizeof count) {
      lane_.serve_borrower();
    }
    return true;
  }

 private:
  ServerLane& lane_;
};
ServerLane::ServerLane(const LaneOptions& options, const std::string& default_host,
                       ServerConnections& connections,
                       const transport::ConnectionOptions& connection)
    : options_(options),
      connection_(connection),
      lend_signal_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
  if (options.buffering.enabled) {
    buffer_ = std::make_unique<RequestBuffer>(options.buffering, idle_);
  }
  // A lane of one thread (that cannot grow) reads and serves in turn.
  const bool side_by_side = options.threads + options.dynamic_threads > 1;
  handler_ = connections.handler(buffer_.get(), side_by_side ? &upcall_queue_ : nullptr);
  if (!lend_signal_) {
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor, "cannot make a lane's eventfd");
  }
  reactor_.set_observer(this);
  reactor_.add(std::make_unique<LendHandler>(*this));
  reactor_.add(upcall_queue_.make_handler());
  std::vector<transport::Endpoint> wanted = options.endpoints;
  if (wanted.empty()) wanted.push_back({default_host, 0});
  for (const auto& endpoint : wanted) listen(endpoint);
  std::lock_guard lock(threads_mutex_);
  for (std::size_t i = 0; i < std::max<std::size_t>(options.threads, 1); ++i) {
    if (!spawn(false)) {
      stopping_ = true;
      reactor_.stop();
      for (auto& t : threads_) pthread_join(t->handle, nullptr);
      raise<CORBA::NO_RESOURCES>(minor::no_resources_lane_thread, "cannot start a lane thread");
    }
  }
}

void ServerLane::listen(const transport::Endpoint& endpoint) {
  auto acceptor = std::make_unique<transport::Acceptor>(endpoint, connection_);
  const transport::Endpoint bound = acceptor->endpoint();
  acceptors_.push_back(reactor_.add(
      std::make_unique<transport::AcceptHandler>(std::move(acceptor), handler_, connection_)));
  bound_.push_back(bound);
}

std::vector<transport::Endpoint> ServerLane::bound() const {
  std::lock_guard lock(threads_mutex_);
  return bound_;
}

transport::Endpoint ServerLane::add_endpoint(const transport::Endpoint& endpoint) {
  std::lock_guard lock(threads_mutex_);
  if (!accepting_) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_lane_stopped,
                                "the lane has stopped accepting");
  }
  listen(endpoint);
  return bound_.back();
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
    std::vector<std::uint8_t> storage;  // the thread's upcall slot, made here
  };
  auto* start = new Start{this, thread.get(), dynamic, slot_storage()};
  const int error = pthread_create(
      &thread->handle, &attributes,
      [](void* arg) -> void* {
        Start s = std::move(*static_cast<Start*>(arg));
        delete static_cast<Start*>(arg);
        s.lane->serve(s.dynamic, std::move(s.storage));
        leave_real_time_under_tsan();
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

void ServerLane::serve(bool dynamic, std::vector<std::uint8_t> storage) noexcept {
  if (options_.on_thread_start) options_.on_thread_start();
  UpcallThread upcalls(upcall_queue_, std::move(storage));
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
    serve_left_upcalls(upcalls);
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
  if (idle_.fetch_sub(1) != 1) return;
  // The last idle thread took this event: another waits for the next, if the lane may
  // grow (only here, on a saturated lane, does the request path start a thread), or else
  // borrow.
  if (dynamic_alive_.load() < options_.dynamic_threads) {
    std::lock_guard lock(threads_mutex_);
    if (stopping_ || dynamic_alive_.load() >= options_.dynamic_threads) return;
    reap_finished();
    try {
      if (spawn(true)) return;
    } catch (...) {
      // Out of memory: borrow, or go on with the threads the lane has.
    }
  }
  if (!lenders_set_.load(std::memory_order_acquire) || lenders_.empty()) return;
  std::shared_ptr<ServerLane> self = weak_from_this().lock();
  if (!self) return;
  for (const auto& weak : lenders_) {
    if (auto lender = weak.lock(); lender && lender->lend(self)) return;
  }
}

bool ServerLane::lend(const std::shared_ptr<ServerLane>& borrower) noexcept {
  if (idle_.load() == 0 || reactor_.stopped()) return false;
  {
    std::lock_guard lock(lend_mutex_);
    if (pending_borrower_) return false;
    pending_borrower_ = borrower;
  }
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(lend_signal_.fd(), &one, sizeof one);
  return true;
}

void ServerLane::serve_borrower() noexcept {
  std::shared_ptr<ServerLane> borrower;
  {
    std::lock_guard lock(lend_mutex_);
    borrower.swap(pending_borrower_);
  }
  if (!borrower) return;
  // This thread is the borrower's now: its priority, its counters, its idle count.
  if (borrower->options_.on_thread_start) borrower->options_.on_thread_start();
  borrower->borrowed_.fetch_add(1);
  borrower->idle_.fetch_add(1);
  // It stays while the borrower has work for it and none of the borrower's own threads is
  // idle again.
  constexpr std::chrono::milliseconds linger{20};
  while (!borrower->reactor_.stopped() && !reactor_.stopped()) {
    bool ran = false;
    try {
      ran = borrower->reactor_.handle_events(linger);
    } catch (...) {
      ran = true;
    }
    if (UpcallThread* upcalls = UpcallThread::current()) borrower->serve_left_upcalls(*upcalls);
    if (!ran || borrower->idle_.load() > 1) break;
  }
  borrower->idle_.fetch_sub(1);
  borrower->borrowed_.fetch_sub(1);
  if (options_.on_thread_start) options_.on_thread_start();  // back to this lane
}

void ServerLane::handler_ends() noexcept {
  // A thread that left itself an upcall stays busy until serve_left_upcalls has run it.
  if (UpcallThread* upcalls = UpcallThread::current(); upcalls && upcalls->holding()) return;
  idle_.fetch_add(1);
}

void ServerLane::serve_left_upcalls(UpcallThread& thread) noexcept {
  const bool holding = thread.holding();
  if (!holding && upcall_queue_.empty()) return;
  if (!holding) idle_.fetch_sub(1);
  thread.serve(upcall_queue_);
  idle_.fetch_add(1);
}

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
  accepting_ = false;
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
  // The lane may outlive the ORB's server part (the rt layer holds it too), and its
  // connections' handlers report to that part when they die: they die now.
  reactor_.remove_all();
}

}  // namespace rtorb::orb
