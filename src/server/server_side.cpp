// The server side: activating the endpoints, serving, counting upcalls and stopping.
#include "server/server_side.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>

#include "core/orb_context.hpp"
#include "server/server_connections.hpp"
#include "transport/acceptor.hpp"
#include "transport/server_handlers.hpp"

namespace rtorb::orb {

ServerSide::ServerSide(OrbContext& orb)
    : orb_(orb),
      connections_(std::make_unique<ServerConnections>(orb)),
      reactor_(std::make_unique<transport::Reactor>()),
      lanes_(orb, *connections_) {}

ServerSide::~ServerSide() {
  lanes_.stop_all();  // before what their threads use goes
  if (reactor_) reactor_->stop();
  pool_.reset();
  reactor_.reset();
}

void ServerSide::activate_endpoints() {
  orb_.check_alive();
  std::lock_guard lock(mutex_);
  if (endpoints_active_) return;
  if (orb_.shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown, "the ORB has shut down");
  }
  const OrbOptions& options = orb_.options();
  std::vector<transport::Endpoint> wanted = options.endpoints;
  if (wanted.empty()) wanted.push_back({"127.0.0.1", 0});
  const transport::ConnectionOptions connection = orb_.connection_options(
      std::make_shared<transport::SocketOptionsCell>(options.socket_options));
  if (options.thread_per_connection) {
    connection_threads_ = std::make_unique<transport::ConnectionThreads>();
  }
  // A pool of one thread has nobody to serve a request beside another: it reads and serves
  // in turn, as the reactive mode does.
  const bool pool = options.server_threads > 1 && !options.thread_per_connection;
  if (pool) reactor_->add(upcall_queue_.make_handler());
  for (const auto& endpoint : wanted) {
    // As transport::listen, keeping the handler id so shutdown can stop accepting.
    auto acceptor = std::make_unique<transport::Acceptor>(endpoint, connection);
    const transport::Endpoint bound = acceptor->endpoint();
    acceptors_.push_back(reactor_->add(std::make_unique<transport::AcceptHandler>(
        std::move(acceptor), connections_->handler(nullptr, pool ? &upcall_queue_ : nullptr),
        connection, connection_threads_.get())));
    published_.push_back(published_endpoint(bound));
    orb_.debug(1, "listening on " + transport::format_endpoint(bound));
  }
  if (options.server_threads > 0) {
    pool_ = std::make_unique<ServingThreads>(*reactor_, upcall_queue_, options.server_threads);
  }
  endpoints_active_.store(true, std::memory_order_release);  // published_ is final now
}

std::vector<transport::Endpoint> ServerSide::published_endpoints() const {
  std::lock_guard lock(mutex_);
  return published_;
}

bool ServerSide::is_own_endpoint(std::string_view host, std::uint16_t port) const {
  // No lock (every collocation check asks): published_ is written before
  // endpoints_active_ is set and never after.
  if (!endpoints_active_.load(std::memory_order_acquire)) return false;
  for (const auto& e : published_) {
    if (e.port == port && e.host == host) return true;
  }
  return lanes_.publishes(host, port);
}

std::vector<transport::Endpoint> ServerSide::lane_endpoints(LaneId lane) {
  if (lane == default_lane) return published_endpoints();
  return lanes_.endpoints(lane);
}

bool ServerSide::ensure_lane_framing(LaneId lane, giop::HeaderMode mode) {
  const bool lite = mode == giop::HeaderMode::lite;
  if (lane == default_lane) {
    activate_endpoints();
    const std::vector<transport::Endpoint> endpoints = published_endpoints();
    return std::any_of(endpoints.begin(), endpoints.end(),
                       [lite](const transport::Endpoint& e) { return e.giop_lite == lite; });
  }
  if (lite && orb_.options().giop_version.minor == 0) return false;
  return lanes_.ensure_framing(lane, lite);
}

// No lock per upcall: the counter is atomic, and only a shutdown(true) waiting for it to
// reach zero (upcall_waiters_) makes the last upcall take the mutex to wake it.
void ServerSide::upcall_started() noexcept { upcalls_.fetch_add(1, std::memory_order_seq_cst); }

void ServerSide::upcall_finished() noexcept {
  if (upcalls_.fetch_sub(1, std::memory_order_seq_cst) == 1 &&
      upcall_waiters_.load(std::memory_order_seq_cst) > 0) {
    std::lock_guard lock(mutex_);
    state_changed_.notify_all();
  }
}

void ServerSide::wait_for_upcalls() {
  upcall_waiters_.fetch_add(1, std::memory_order_seq_cst);
  {
    std::unique_lock lock(mutex_);
    state_changed_.wait(lock, [&] { return upcalls_.load(std::memory_order_seq_cst) == 0; });
  }
  upcall_waiters_.fetch_sub(1, std::memory_order_seq_cst);
}

void ServerSide::serve_until(std::chrono::steady_clock::time_point deadline) {
  using namespace std::chrono;
  if (pooled()) {  // the pool serves; run() only waits for shutdown
    std::unique_lock lock(mutex_);
    while (!orb_.shut_down() && steady_clock::now() < deadline) {
      const auto left = deadline - steady_clock::now();
      state_changed_.wait_for(lock, std::min<steady_clock::duration>(left, seconds(1)));
    }
    return;
  }
  while (!orb_.shut_down()) {
    if (deadline == steady_clock::time_point::max()) {  // run(): no clock reading per event
      reactor_->handle_events(seconds(1));
      continue;
    }
    const auto now = steady_clock::now();
    if (now >= deadline) return;
    const auto left = ceil<milliseconds>(deadline - now);
    reactor_->handle_events(std::min<milliseconds>(left, seconds(1)));
  }
}

bool ServerSide::pooled() const {
  std::lock_guard lock(mutex_);
  return pool_ != nullptr;
}

void ServerSide::stop_serving() {
  std::vector<transport::Reactor::HandlerId> acceptors;
  {
    std::lock_guard lock(mutex_);
    acceptors.swap(acceptors_);
  }
  for (const auto id : acceptors) reactor_->remove(id);  // new clients are refused now
  lanes_.stop_accepting();
  connections_->close_all();
  reactor_->stop();
  lanes_.stop_loops();
  std::lock_guard lock(mutex_);
  state_changed_.notify_all();
}

void ServerSide::join() {
  std::unique_ptr<ServingThreads> pool;
  {
    std::lock_guard lock(mutex_);
    pool = std::move(pool_);
  }
  pool.reset();  // joins the pool's threads
  lanes_.stop_all();
  // Not under mutex_: an upcall ending on one of these threads may want it. Set once in
  // activate_endpoints (under mutex_, before shutdown can be reached) and never reset
  // before the destructor.
  if (connection_threads_) connection_threads_->stop();
}

}  // namespace rtorb::orb
