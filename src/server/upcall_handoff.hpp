// Concurrent requests on one connection (docs/orb.md, "Concurrent requests on one
// connection"): a pool or lane thread that reads a two-way request copies it and lets the
// connection go before the upcall runs, so another thread of the same event loop reads the
// next request meanwhile. The copy waits in the reading thread's own slot and is served
// right after the thread's turn at the event loop ends (no lock, no allocation once the
// slot has grown); a second request read in the same turn goes to the loop's queue, whose
// eventfd wakes another of the loop's threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <vector>

#include "server/server_connections.hpp"
#include "transport/connection.hpp"
#include "transport/pi_mutex.hpp"
#include "transport/reactor.hpp"
#include "transport/socket.hpp"

namespace rtorb::orb {

// A request read, whose upcall has not run yet. Its connection is counted busy from the
// read to the end of the upcall (ServerConnections::started/finished).
struct DeferredUpcall {
  std::shared_ptr<transport::Connection> connection;  // kept open for the reply
  std::shared_ptr<ServerConnections::Use> use;
  ServerConnections* owner = nullptr;
  ConnectionCodeSets code_sets;
  std::vector<std::uint8_t> message;  // its capacity stays with the slot
};

// The requests of one event loop (the default server's, or a lane's) that no reading
// thread kept for itself.
class UpcallQueue {
 public:
  // Raises NO_RESOURCES when the eventfd cannot be made.
  UpcallQueue();
  UpcallQueue(const UpcallQueue&) = delete;
  UpcallQueue& operator=(const UpcallQueue&) = delete;

  // The handler to register in the loop's reactor: it only takes the wake-up; the woken
  // thread pops once its turn is over.
  std::unique_ptr<transport::EventHandler> make_handler();
  // Leaves `request` as it was when it raises (out of memory).
  void push(DeferredUpcall& request);
  // False when nothing is queued (one load). Wakes another thread if more is left.
  bool pop(DeferredUpcall& into);
  bool empty() const noexcept { return size_.load(std::memory_order_acquire) == 0; }

 private:
  void wake() noexcept;
  transport::Socket signal_;  // eventfd
  std::atomic<std::size_t> size_{0};
  transport::PiMutex mutex_;  // guards queue_; threads of the loop's priority meet here
  std::deque<DeferredUpcall> queue_;
};

// A thread that serves deferred upcalls: made on the stack of a pool or lane thread's loop.
// While it lives, the request handler may leave requests to it (`slot`).
class UpcallThread {
 public:
  // `storage`: the slot's buffer (see slot_storage), made before the thread started so that
  // a thread starting late allocates nothing on the request path.
  UpcallThread(UpcallQueue& queue, std::vector<std::uint8_t> storage) noexcept;
  UpcallThread(const UpcallThread&) = delete;
  UpcallThread& operator=(const UpcallThread&) = delete;
  // Serves what is left: a request read is always answered (its connection is busy).
  ~UpcallThread();

  // After each turn at the event loop of `queue` (this thread's, or a borrower's): the
  // request left in the slot, then what the queue holds.
  void serve(UpcallQueue& queue) noexcept;
  // Serves the request in the slot, else one from `queue`; false when there was neither.
  bool serve_one(UpcallQueue& queue) noexcept;
  // The serving thread of the caller, or null (a thread that serves inline: reactive,
  // per-connection, collocated).
  static UpcallThread* current() noexcept;
  // Whether the slot holds a request (the thread is busy after its turn).
  bool holding() const noexcept { return holding_; }
  DeferredUpcall& slot() noexcept { return slot_; }
  void hold() noexcept { holding_ = true; }

 private:
  UpcallQueue& queue_;
  UpcallThread* previous_;
  DeferredUpcall slot_;
  bool holding_ = false;
};

// The buffer a thread's slot starts with, big enough for a request of a usual size; empty
// when memory is short (it grows when needed instead).
std::vector<std::uint8_t> slot_storage() noexcept;

// Serves one deferred request on the calling thread and releases its connection.
void serve_deferred(DeferredUpcall& request) noexcept;

// True for a request that may run beside others of its connection: a whole GIOP 1.2
// Request whose client waits for the target's reply (two-way).
bool runs_beside_others(std::span<const std::uint8_t> message) noexcept;

}  // namespace rtorb::orb
