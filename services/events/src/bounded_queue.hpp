// A dispatch queue: a ring of preallocated event slots with a declared full policy and the
// counters docs/events.md lists. Events are copied into slots whose buffers are kept, and
// swapped out to the dispatching thread, so steady state allocates nothing for payloads
// that fit the slots.
#pragma once

#include <rtorb/events/dispatching.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <vector>

#include "RtecEventCommC.h"
#include "pi_mutex.hpp"

namespace rtorb::events::detail {

struct QueuedEvent {
  RtecEventComm::Event event;
  std::chrono::steady_clock::time_point queued_at;
};

class BoundedQueue {
 public:
  // Raises BAD_PARAM bad_param_malformed_qos never; capacity 0 is made 1.
  BoundedQueue(std::size_t capacity, FullPolicy policy, std::size_t payload_reserve);
  BoundedQueue(const BoundedQueue&) = delete;
  BoundedQueue& operator=(const BoundedQueue&) = delete;

  // Queues a copy of `event` under the full policy. block waits for room (or close).
  // Returns false when the event was dropped (counted either way).
  bool push(const RtecEventComm::Event& event);
  // Waits for an event and swaps it into `out` (whose buffers the slot keeps); false once
  // the queue is closed and empty.
  bool pop(QueuedEvent& out);
  // Counts one popped event as dispatched, with how long it waited.
  void dispatched(std::chrono::nanoseconds waited) noexcept;
  // Wakes every waiter; later pushes are dropped (counted), pops drain what is left.
  void close();
  QueueStatistics statistics() const;

 private:
  void take_locked(QueuedEvent& out);

  mutable PiMutex mutex_;
  std::condition_variable_any not_empty_;
  std::condition_variable_any not_full_;
  std::vector<QueuedEvent> slots_;
  FullPolicy policy_;
  std::size_t head_ = 0;  // next to pop
  std::size_t size_ = 0;
  bool closed_ = false;
  QueueStatistics counters_;
};

}  // namespace rtorb::events::detail
