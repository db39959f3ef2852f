// The default server's pool (-ORBServerThreads n): n threads waiting on one reactor
// together, each serving after its turn the request it read and left for later
// (upcall_handoff.hpp), so that a connection is read on while its upcalls run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#include "server/upcall_handoff.hpp"
#include "transport/reactor.hpp"

namespace rtorb::orb {

class ServingThreads {
 public:
  // Starts `threads` (at least one) threads.
  ServingThreads(transport::Reactor& reactor, UpcallQueue& queue, std::size_t threads);
  ServingThreads(const ServingThreads&) = delete;
  ServingThreads& operator=(const ServingThreads&) = delete;
  ~ServingThreads() { stop(); }

  // Stops the reactor and joins; returns once every thread has served what it read.
  void stop();

 private:
  void serve(std::vector<std::uint8_t> storage) noexcept;
  transport::Reactor& reactor_;
  UpcallQueue& queue_;
  std::vector<std::thread> threads_;
};

}  // namespace rtorb::orb
