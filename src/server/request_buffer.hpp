// The requests a saturated lane holds until one of its threads is free: RT-CORBA's request
// buffering (docs/rt.md, "request buffering"). Only a lane that asks for it has one; no
// other lane ever queues a request.
//
// How a lane that buffers stays able to read: the thread that read a request serves it at
// once when another thread of the lane is idle (waiting on the lane's event loop) and
// nothing is held, exactly as a lane without a buffer does. Otherwise it holds the request
// here (or refuses it, TRANSIENT, when the buffer is full) and goes back to reading. A
// thread that finishes an upcall serves the held requests, highest priority first, oldest
// first within a priority, before it goes back to waiting. A reader that finds no thread
// serving (so nobody would come for what it held) serves them itself.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "giop/service_context.hpp"
#include "server/server_connections.hpp"
#include "transport/connection.hpp"
#include "transport/pi_mutex.hpp"

namespace rtorb::orb {

struct RequestBuffering {
  bool enabled = false;
  std::size_t max_requests = 0;  // held at once; 0: no bound of its own
  std::size_t max_bytes = 0;     // of their messages together; 0: no bound of its own
  // The priority a request is served in order of, from its service contexts.
  std::function<std::int32_t(const giop::ServiceContextList&)> priority_of;
};

class RequestBuffer {
 public:
  struct Held {
    std::shared_ptr<transport::Connection> connection;  // kept open for the reply
    std::vector<std::uint8_t> message;
    ConnectionCodeSets code_sets;  // the connection's, when the request was read
    std::int32_t priority = 0;
    std::uint64_t order = 0;  // arrival, for first come first served within a priority
  };

  // `idle_threads`: the lane's count of threads waiting on its event loop, not counting
  // the one asking.
  RequestBuffer(RequestBuffering options, const std::atomic<std::size_t>& idle_threads)
      : options_(std::move(options)), idle_threads_(idle_threads) {}
  RequestBuffer(const RequestBuffer&) = delete;
  RequestBuffer& operator=(const RequestBuffer&) = delete;

  // On the thread that read a request: serve it now, without holding it.
  bool serve_at_once() const noexcept {
    return idle_threads_.load() > 0 && held_.load() == 0;
  }
  std::int32_t priority_of(const giop::ServiceContextList& contexts) const {
    return options_.priority_of(contexts);
  }
  // False when the buffer is full (the request is counted as refused).
  bool hold(Held request);
  // After hold: the reader serves the held requests itself, since no thread serving would
  // come for them (or another thread is idle and reads meanwhile).
  bool reader_serves() const noexcept {
    return serving_.load() == 0 || idle_threads_.load() > 0;
  }
  // The held request to serve next; nullopt if none.
  std::optional<Held> take();

  // Around every upcall of the lane, at once or held: who will come for held requests.
  void serving_starts() noexcept { serving_.fetch_add(1); }
  void serving_ends() noexcept { serving_.fetch_sub(1); }

  std::size_t held() const noexcept { return held_.load(std::memory_order_relaxed); }
  std::uint64_t refused() const noexcept { return refused_.load(std::memory_order_relaxed); }

 private:
  const RequestBuffering options_;
  const std::atomic<std::size_t>& idle_threads_;
  // held_ and serving_ are sequentially consistent: a reader holds (held_ up) then reads
  // serving_, a thread ending an upcall lowers serving_ then reads held_, so at least one
  // of them sees the other and no held request is left without a thread.
  std::atomic<std::size_t> held_{0};
  std::atomic<std::size_t> serving_{0};
  std::atomic<std::uint64_t> refused_{0};
  transport::PiMutex mutex_;  // guards the members below; threads of any priority meet here
  std::vector<Held> heap_;    // max-heap by (priority, earliest arrival)
  std::size_t bytes_ = 0;
  std::uint64_t next_order_ = 0;
};

}  // namespace rtorb::orb
