// A server lane: acceptors, an event loop and the threads that wait on it, sharing nothing
// with the other lanes of the ORB on the request path (docs/rt.md, "lanes"). The rt layer
// makes one per thread pool lane; the orb layer knows no priorities, only the start hook.
// Besides its static threads a lane may grow dynamic ones: when the last idle thread takes
// a request, another is started (up to the limit), and a dynamic thread that has waited
// the idle timeout without work ends.
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

#include "transport/connection.hpp"
#include "transport/endpoint.hpp"
#include "transport/reactor.hpp"
#include "transport/server_handlers.hpp"

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
};

class ServerLane final : private transport::DispatchObserver {
 public:
  // Listens and starts the static threads. Raises INITIALIZE initialize_listen_failed, or
  // NO_RESOURCES when a thread cannot be started.
  ServerLane(const LaneOptions& options, const std::string& default_host,
             const transport::MessageHandler& handler,
             const transport::ConnectionOptions& connection);
  ServerLane(const ServerLane&) = delete;
  ServerLane& operator=(const ServerLane&) = delete;
  ~ServerLane() { stop(); }

  // What the acceptors listen on (numeric addresses; the ORB publishes host names).
  const std::vector<transport::Endpoint>& bound() const noexcept { return bound_; }
  // Dynamic threads alive now.
  std::size_t dynamic_threads() const noexcept {
    return dynamic_alive_.load(std::memory_order_relaxed);
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
  void serve(bool dynamic) noexcept;
  void reap_finished();  // joins threads that have ended; needs threads_mutex_

  transport::Reactor reactor_;
  LaneOptions options_;
  std::vector<transport::Endpoint> bound_;
  std::vector<transport::Reactor::HandlerId> acceptors_;
  std::atomic<std::size_t> idle_{0};  // threads waiting for work (or about to)
  std::atomic<std::size_t> dynamic_alive_{0};
  std::mutex threads_mutex_;  // guards threads_, stopping_, acceptors_ after construction
  std::vector<std::unique_ptr<Thread>> threads_;
  bool stopping_ = false;
};

}  // namespace rtorb::orb
