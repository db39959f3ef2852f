// A server lane: acceptors, an event loop and the threads that wait on it, sharing nothing
// with the other lanes of the ORB on the request path (docs/rt.md, "lanes"). The rt layer
// makes one per thread pool lane; the orb layer knows no priorities, only the start hook.
// Besides its static threads a lane may grow dynamic ones: when the last idle thread takes
// a request, another is started (up to the limit), and a dynamic thread that has waited
// the idle timeout without work ends. A lane that cannot grow may borrow instead: an idle
// thread of a lender (a lower lane of its pool) becomes one of its threads (its start hook
// runs again, so it takes the borrower's priority) until the borrower has no work for it,
// then goes back, its own start hook restoring it.
#pragma once

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/request_buffer.hpp"
#include "server/upcall_handoff.hpp"
#include "transport/connection.hpp"
#include "transport/endpoint.hpp"
#include "transport/reactor.hpp"
#include "transport/server_handlers.hpp"
#include "transport/socket.hpp"

namespace rtorb::orb {

struct LaneOptions {
  // Where the lane listens; empty: `default_host`, a port the kernel picks.
  std::vector<transport::Endpoint> endpoints;
  std::size_t threads = 1;  // static: started at once, live as long as the lane
  std::size_t dynamic_threads = 0;
  std::chrono::milliseconds dynamic_idle_timeout{10'000};
  std::size_t stack_size = 0;  // bytes; 0: the system's default
  // Runs first on each of the lane's threads, static or dynamic.
  std::function<void()> on_thread_start;
  // Requests the lane holds when no thread is free for them (RequestBuffer); off: none.
  RequestBuffering buffering;
  // What the lane's accepted sockets are set up with, read at each accept (so it may change
  // while the lane runs); null: the ORB's -ORBSocketOptions.
  std::shared_ptr<transport::SocketOptionsCell> socket_options;
};

class ServerLane final : public std::enable_shared_from_this<ServerLane>,
                         private transport::DispatchObserver {
 public:
  // Listens and starts the static threads. Raises INITIALIZE initialize_listen_failed, or
  // NO_RESOURCES when a thread cannot be started.
  ServerLane(const LaneOptions& options, const std::string& default_host,
             ServerConnections& connections, const transport::ConnectionOptions& connection);
  ServerLane(const ServerLane&) = delete;
  ServerLane& operator=(const ServerLane&) = delete;
  ~ServerLane() { stop(); }

  // What the acceptors listen on (numeric addresses; the ORB publishes host names).
  std::vector<transport::Endpoint> bound() const;
  // Opens one more acceptor (a POA asking for a framing none of the lane's endpoints has)
  // and returns what it listens on. Raises INITIALIZE initialize_listen_failed, or
  // BAD_INV_ORDER once the lane stops.
  transport::Endpoint add_endpoint(const transport::Endpoint& endpoint);
  // Dynamic threads alive now.
  std::size_t dynamic_threads() const noexcept {
    return dynamic_alive_.load(std::memory_order_relaxed);
  }
  // Threads of other lanes serving this one now.
  std::size_t borrowed_threads() const noexcept {
    return borrowed_.load(std::memory_order_relaxed);
  }
  // Requests held now, and refused (TRANSIENT) since the start, by the lane's buffer.
  std::size_t buffered_requests() const noexcept { return buffer_ ? buffer_->held() : 0; }
  std::uint64_t refused_requests() const noexcept { return buffer_ ? buffer_->refused() : 0; }
  // Lanes this one may borrow from when it is saturated, asked in this order. Set once, after
  // the lane's threads have started: published by lenders_set_ for them to see.
  void set_lenders(std::vector<std::weak_ptr<ServerLane>> lenders) {
    lenders_ = std::move(lenders);
    lenders_set_.store(true, std::memory_order_release);
  }
  // Stops accepting: connections already open keep being served.
  void stop_accepting() noexcept;
  // Makes the threads leave the loop (they end once their upcall returns).
  void stop_loop() noexcept { reactor_.stop(); }
  // Stops the loop and joins the threads (not from one of them).
  void stop() noexcept;

 private:
  struct Thread {
    pthread_t handle{};
    std::atomic<bool> finished{false};
  };

  void handler_starts() noexcept override;
  void handler_ends() noexcept override;
  // Starts a thread running serve(); needs threads_mutex_. False if it could not.
  bool spawn(bool dynamic);
  void serve(bool dynamic, std::vector<std::uint8_t> storage) noexcept;
  void reap_finished();  // joins threads that have ended; needs threads_mutex_
  // After a turn at this lane's loop, on a thread serving it (its own or a borrowed one):
  // the requests left for later (upcall_handoff.hpp), the thread counted busy meanwhile.
  void serve_left_upcalls(UpcallThread& thread) noexcept;
  // Asks an idle thread of this lane to serve `borrower` for a while; false if none is idle
  // or another request to lend is pending.
  bool lend(const std::shared_ptr<ServerLane>& borrower) noexcept;
  // On a thread of this lane woken to lend itself: serves the pending borrower.
  void serve_borrower() noexcept;
  class LendHandler;

  // Registers an acceptor for `endpoint`; needs threads_mutex_ after construction.
  void listen(const transport::Endpoint& endpoint);

  UpcallQueue upcall_queue_;  // before reactor_, whose wake handler reads its eventfd
  transport::Reactor reactor_;
  LaneOptions options_;
  transport::MessageHandler handler_;     // what accepted connections hand requests to
  transport::ConnectionOptions connection_;
  std::vector<transport::Endpoint> bound_;
  std::vector<transport::Reactor::HandlerId> acceptors_;
  std::atomic<std::size_t> idle_{0};  // threads waiting for work (or about to)
  std::unique_ptr<RequestBuffer> buffer_;  // with options_.buffering only
  std::atomic<std::size_t> dynamic_alive_{0};
  std::atomic<std::size_t> borrowed_{0};
  std::vector<std::weak_ptr<ServerLane>> lenders_;
  std::atomic<bool> lenders_set_{false};
  transport::Socket lend_signal_;                   // eventfd: "a borrower is waiting"
  std::mutex lend_mutex_;                           // guards pending_borrower_
  std::shared_ptr<ServerLane> pending_borrower_;
  // Guards threads_, stopping_, accepting_, acceptors_ and bound_ after construction.
  mutable std::mutex threads_mutex_;
  std::vector<std::unique_ptr<Thread>> threads_;
  bool stopping_ = false;
  bool accepting_ = true;
};

}  // namespace rtorb::orb
