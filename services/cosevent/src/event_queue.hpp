// EventQueue: one consumer's bounded queue of events, with the channel's FullPolicy. A
// supplier's thread pushes, the consumer's dispatcher (or its pull calls) pops.
#pragma once

#include <rtorb/cosevent/event_channel.hpp>

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <vector>

namespace rtorb::cosevent {

class EventQueue {
 public:
  enum class Outcome { queued, dropped_oldest, dropped_newest, closed };
  struct Pushed {
    Outcome outcome;
    std::size_t depth;  // events queued after this push
  };
  struct Counters {
    std::uint64_t pushed = 0;   // offered, closed queues excepted
    std::uint64_t popped = 0;
    std::uint64_t dropped = 0;
    std::size_t high_water = 0;
  };

  // capacity >= 1 (the caller checks it).
  EventQueue(std::size_t capacity, FullPolicy policy);
  EventQueue(const EventQueue&) = delete;
  EventQueue& operator=(const EventQueue&) = delete;

  // Queues a copy of `event` under the policy; block_supplier waits for room or close().
  Pushed push(const CORBA::Any& event);
  // The oldest event; waits for one. nullopt once the queue is closed (events left in it
  // are discarded: a disconnected consumer gets none).
  std::optional<CORBA::Any> pop();
  // The oldest event without waiting; nullopt when there is none or the queue is closed.
  std::optional<CORBA::Any> try_pop();
  // Wakes every waiter; later pushes are refused (Outcome::closed), pops return nullopt.
  void close();
  bool closed() const;
  Counters counters() const;

 private:
  CORBA::Any take_front_locked();  // requires mutex_ held and size_ > 0

  const FullPolicy policy_;
  mutable std::mutex mutex_;
  std::condition_variable not_empty_;
  std::condition_variable not_full_;
  std::vector<CORBA::Any> ring_;  // guarded by mutex_; its slots are reused, never resized
  std::size_t head_ = 0;          // guarded by mutex_
  std::size_t size_ = 0;          // guarded by mutex_
  bool closed_ = false;           // guarded by mutex_
  Counters counters_;             // guarded by mutex_
};

}  // namespace rtorb::cosevent
