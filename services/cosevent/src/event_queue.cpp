// EventQueue: a ring of reused Any slots under one mutex, two condition variables.
#include "event_queue.hpp"

#include <algorithm>
#include <utility>

namespace rtorb::cosevent {

EventQueue::EventQueue(std::size_t capacity, FullPolicy policy)
    : policy_(policy), ring_(capacity) {}

EventQueue::Pushed EventQueue::push(const CORBA::Any& event) {
  std::unique_lock lock(mutex_);
  if (closed_) return {Outcome::closed, size_};
  Outcome outcome = Outcome::queued;
  if (size_ == ring_.size()) {
    switch (policy_) {
      case FullPolicy::drop_newest:
        ++counters_.pushed;
        ++counters_.dropped;
        return {Outcome::dropped_newest, size_};
      case FullPolicy::drop_oldest:
        head_ = (head_ + 1) % ring_.size();
        --size_;
        ++counters_.dropped;
        outcome = Outcome::dropped_oldest;
        break;
      case FullPolicy::block_supplier:
        not_full_.wait(lock, [this] { return closed_ || size_ < ring_.size(); });
        if (closed_) return {Outcome::closed, size_};
        break;
    }
  }
  ring_[(head_ + size_) % ring_.size()] = event;
  ++size_;
  ++counters_.pushed;
  counters_.high_water = std::max(counters_.high_water, size_);
  const std::size_t depth = size_;
  lock.unlock();
  not_empty_.notify_one();
  return {outcome, depth};
}

std::optional<CORBA::Any> EventQueue::pop() {
  std::unique_lock lock(mutex_);
  not_empty_.wait(lock, [this] { return closed_ || size_ > 0; });
  if (closed_) return std::nullopt;
  CORBA::Any event = take_front_locked();
  lock.unlock();
  not_full_.notify_one();
  return event;
}

std::optional<CORBA::Any> EventQueue::try_pop() {
  std::unique_lock lock(mutex_);
  if (closed_ || size_ == 0) return std::nullopt;
  CORBA::Any event = take_front_locked();
  lock.unlock();
  not_full_.notify_one();
  return event;
}

CORBA::Any EventQueue::take_front_locked() {
  CORBA::Any event = std::move(ring_[head_]);
  ring_[head_] = CORBA::Any();
  head_ = (head_ + 1) % ring_.size();
  --size_;
  ++counters_.popped;
  return event;
}

void EventQueue::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    for (auto& slot : ring_) slot = CORBA::Any();
    size_ = 0;
  }
  not_empty_.notify_all();
  not_full_.notify_all();
}

bool EventQueue::closed() const {
  std::lock_guard lock(mutex_);
  return closed_;
}

EventQueue::Counters EventQueue::counters() const {
  std::lock_guard lock(mutex_);
  return counters_;
}

}  // namespace rtorb::cosevent
