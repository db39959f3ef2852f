// The server side of an ORB: the event loop (reactor) that ORB::run, perform_work and the
// server threads drive (it reads AMI replies too), the acceptors of -ORBEndpoint and what
// they publish, the pool or per-connection threads, the server connections, the lanes the
// rt layer adds, and the count of upcalls in progress that shutdown(true) waits for
// (docs/orb.md, "Parts of the core").
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

#include "core/seams/server_qos.hpp"
#include "giop/message_header.hpp"
#include "server/server_lanes.hpp"
#include "server/serving_threads.hpp"
#include "server/upcall_handoff.hpp"
#include "transport/connection_threads.hpp"
#include "transport/endpoint.hpp"
#include "transport/reactor.hpp"

namespace rtorb::orb {

class OrbContext;
class ServerConnections;

// Lock rules: mutex_ guards acceptors_, pool_ and connection_threads_, and published_
// until endpoints_active_ is set (then published_ is final and read without a lock);
// state_changed_ (with mutex_) wakes shutdown(true) waiting for upcalls_ and a pooled
// run() waiting for shutdown. Counting upcalls takes no lock: only the last upcall, while
// a shutdown(true) waits, takes mutex_ to wake it. The lanes lock themselves. No lock is
// held while threads are joined.
class ServerSide {
 public:
  // Reads `orb`'s options and logger, which must be constructed already.
  explicit ServerSide(OrbContext& orb);
  ServerSide(const ServerSide&) = delete;
  ServerSide& operator=(const ServerSide&) = delete;
  ~ServerSide();

  // The event loop ORB::run, perform_work and the server threads drive.
  transport::Reactor& reactor() noexcept { return *reactor_; }
  ServerConnections& connections() noexcept { return *connections_; }
  ServerLanes& lanes() noexcept { return lanes_; }

  // Opens every -ORBEndpoint (or the default iiop://127.0.0.1:0) and starts serving them
  // with the configured concurrency model. Idempotent. Raises INITIALIZE on failure,
  // BAD_INV_ORDER after shutdown.
  void activate_endpoints();
  // What the default lane listens on, as published in IORs (empty before activation).
  std::vector<transport::Endpoint> published_endpoints() const;
  // Whether this ORB listens on host:port (any lane). Lock-free.
  bool is_own_endpoint(std::string_view host, std::uint16_t port) const;
  // What a lane publishes in IORs; default_lane: published_endpoints().
  std::vector<transport::Endpoint> lane_endpoints(LaneId lane);
  // Makes `lane` listen on an endpoint that frames messages as `mode` says, opening one
  // beside its first when it has none (ReferenceLayout::header_modes). False when it cannot:
  // an unknown lane, GIOPlite under GIOP 1.0, or the default lane without such an endpoint
  // among -ORBEndpoint's. Raises INITIALIZE when the endpoint cannot be opened.
  bool ensure_lane_framing(LaneId lane, giop::HeaderMode mode);

  // Around every upcall (server_request.cpp), so shutdown(true) can wait for them.
  void upcall_started() noexcept;
  void upcall_finished() noexcept;
  void wait_for_upcalls();

  // ORB::run: serves (reactive mode) or waits (pool mode) until shutdown or `deadline`.
  void serve_until(std::chrono::steady_clock::time_point deadline);
  // Whether server threads run the reactor (else ORB::run and perform_work do).
  bool pooled() const;

  // shutdown's first step, once: stops accepting, says CloseConnection, stops the loops.
  void stop_serving();
  // shutdown's last step (not from an upcall): joins the pool, the lanes and the
  // per-connection threads.
  void join();

 private:
  OrbContext& orb_;
  mutable std::mutex mutex_;
  std::condition_variable state_changed_;
  std::atomic<bool> endpoints_active_{false};  // set (release) once published_ is final
  std::vector<transport::Endpoint> published_;
  std::vector<transport::Reactor::HandlerId> acceptors_;  // removed at shutdown
  std::atomic<std::size_t> upcalls_{0};
  std::atomic<std::size_t> upcall_waiters_{0};  // shutdown(true) calls waiting on upcalls_
  std::unique_ptr<ServerConnections> connections_;
  UpcallQueue upcall_queue_;  // the pool's requests no reading thread kept for itself
  std::unique_ptr<transport::Reactor> reactor_;
  std::unique_ptr<ServingThreads> pool_;
  // -ORBServerThreads per_connection; after what its threads use, so they are joined first.
  std::unique_ptr<transport::ConnectionThreads> connection_threads_;
  // After everything their threads use: destroyed (joined) first.
  ServerLanes lanes_;
};

}  // namespace rtorb::orb
