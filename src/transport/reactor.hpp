// An epoll event loop that any number of threads wait on at once (docs/transport.md,
// "Reactor"): the kernel wakes one waiter per event and that thread reads, runs the upcall
// and replies; no leader hand-off, no queue, no lock on the way.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "transport/socket.hpp"

namespace rtorb::transport {

class Reactor;

class EventHandler {
 public:
  virtual ~EventHandler() = default;
  virtual int fd() const noexcept = 0;
  // Called when fd() has input (or was closed), by one thread at a time for this handler.
  // Return false to be removed and destroyed. An exception also removes the handler.
  // An edge-triggered handler must read until the kernel has nothing left for it (a
  // short read), because only new input raises the next event.
  virtual bool handle_input(Reactor& reactor) = 0;
  // Edge-triggered (the default, connections): registered once, no epoll_ctl per event.
  // Otherwise one-shot, re-armed after each run (acceptors: a bounded batch per run).
  virtual bool edge_triggered() const noexcept { return true; }
};

// Told when a thread takes an event and when it is done with it (a server lane counts its
// idle threads this way). Called on the dispatching thread; must not block.
class DispatchObserver {
 public:
  virtual void handler_starts() noexcept = 0;
  virtual void handler_ends() noexcept = 0;

 protected:
  ~DispatchObserver() = default;
};

class Reactor {
 public:
  // Names a registration; stale ids (of removed handlers) are recognised and ignored.
  using HandlerId = std::uint64_t;

  // Raises NO_RESOURCES no_resources_reactor if epoll or eventfd cannot be created.
  Reactor();
  Reactor(const Reactor&) = delete;
  Reactor& operator=(const Reactor&) = delete;
  // Destroys the remaining handlers; no thread may be inside handle_events.
  ~Reactor();

  // Registers for input. Safe from any thread, including inside a handler. Raises
  // NO_RESOURCES no_resources_reactor if epoll refuses the descriptor.
  HandlerId add(std::unique_ptr<EventHandler> handler);
  // Destroys the handler now, or right after the run of it in progress returns.
  void remove(HandlerId id);
  // Destroys every handler still registered. Only once no thread waits in or runs the
  // loop any more (after stop() and the joins): an owner whose handlers point into parts
  // that die before the reactor does drops them while those parts still exist.
  void remove_all() noexcept;
  std::size_t handler_count() const noexcept {
    return count_.load(std::memory_order_relaxed);
  }

  // Waits up to `timeout` for one event and handles it on this thread. Any number of
  // threads may wait at once; each event goes to one of them, and a handler runs on one
  // thread at a time (input arriving meanwhile makes that thread run it again). Returns
  // true if a handler ran; false on timeout, signal or stop.
  bool handle_events(std::chrono::milliseconds timeout);
  // handle_events until stop().
  void run();
  // Set before any thread waits on this reactor; `observer` outlives them.
  void set_observer(DispatchObserver* observer) noexcept { observer_ = observer; }
  // Makes every thread in handle_events/run return, now and later. Thread-safe.
  void stop();
  bool stopped() const noexcept { return stopped_.load(std::memory_order_acquire); }

 private:
  // A registration. Slots live as long as the reactor (a late event may still name one)
  // and are reused with a new generation.
  struct Slot {
    // generation << 32 | flags. Every transition is a compare-exchange.
    std::atomic<std::uint64_t> state{0};
    std::unique_ptr<EventHandler> handler;  // owned by the thread holding `busy`
    int fd = -1;
    bool edge = true;
    std::uint32_t index = 0;  // its place in the table, for the ids
  };
  static constexpr std::size_t chunk_size = 256;
  static constexpr std::size_t max_chunks = 4096;  // a million registrations
  static constexpr HandlerId wake_id = ~HandlerId{0};

  Slot* slot(HandlerId id) const noexcept;
  // Runs the handler (busy held by this thread) until no input came meanwhile.
  void run_handler(Slot& s);
  // Deregisters and destroys the handler of a slot this thread holds busy; frees the slot.
  void retire(Slot& s) noexcept;
  bool dispatch_one(int timeout_ms);

  Socket epoll_;
  Socket wake_;  // eventfd; made readable for good by stop()
  std::atomic<bool> stopped_{false};
  std::atomic<std::size_t> count_{0};
  DispatchObserver* observer_ = nullptr;

  std::array<std::atomic<Slot*>, max_chunks> chunks_{};
  std::mutex mutex_;  // guards owned_chunks_, free_ (add and retire only)
  std::vector<std::unique_ptr<Slot[]>> owned_chunks_;
  std::vector<std::uint32_t> free_;
};

}  // namespace rtorb::transport
