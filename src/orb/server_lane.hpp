// A server lane: acceptors, an event loop and the threads that wait on it, sharing nothing
// with the other lanes of the ORB on the request path (docs/rt.md, "lanes"). The rt layer
// makes one per thread pool lane; the orb layer knows no priorities, only the start hook.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "transport/connection.hpp"
#include "transport/endpoint.hpp"
#include "transport/reactor.hpp"
#include "transport/server_handlers.hpp"
#include "transport/server_thread_pool.hpp"

namespace rtorb::orb {

struct LaneOptions {
  // Where the lane listens; empty: `default_host`, a port the kernel picks.
  std::vector<transport::Endpoint> endpoints;
  std::size_t threads = 1;
  // Runs first on each of the lane's threads.
  std::function<void()> on_thread_start;
};

class ServerLane {
 public:
  // Listens and starts the threads. Raises INITIALIZE initialize_listen_failed.
  ServerLane(const LaneOptions& options, const std::string& default_host,
             const transport::MessageHandler& handler,
             const transport::ConnectionOptions& connection);
  ServerLane(const ServerLane&) = delete;
  ServerLane& operator=(const ServerLane&) = delete;
  ~ServerLane() { stop(); }

  // What the acceptors listen on (numeric addresses; the ORB publishes host names).
  const std::vector<transport::Endpoint>& bound() const noexcept { return bound_; }
  // Stops accepting: connections already open keep being served.
  void stop_accepting() noexcept;
  // Makes the threads leave the loop (they end once their upcall returns).
  void stop_loop() noexcept { reactor_.stop(); }
  // Stops the loop and joins the threads (not from one of them).
  void stop() noexcept;

 private:
  transport::Reactor reactor_;
  std::vector<transport::Endpoint> bound_;
  std::vector<transport::Reactor::HandlerId> acceptors_;
  std::unique_ptr<transport::ServerThreadPool> pool_;
};

}  // namespace rtorb::orb
