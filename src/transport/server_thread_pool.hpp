// N threads waiting on one reactor together (docs/transport.md, "Thread pool").
#pragma once

#include <cstddef>
#include <thread>
#include <vector>

#include "transport/reactor.hpp"

namespace rtorb::transport {

class ServerThreadPool {
 public:
  // Starts `threads` (at least one) threads, each running reactor.run().
  ServerThreadPool(Reactor& reactor, std::size_t threads);
  ServerThreadPool(const ServerThreadPool&) = delete;
  ServerThreadPool& operator=(const ServerThreadPool&) = delete;
  ~ServerThreadPool() { stop(); }

  // Stops the reactor and joins; returns once every thread has left its upcall.
  void stop();
  std::size_t size() const noexcept { return threads_.size(); }

 private:
  Reactor& reactor_;
  std::vector<std::thread> threads_;
};

}  // namespace rtorb::transport
