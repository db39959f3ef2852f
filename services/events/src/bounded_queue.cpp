// The dispatch queue's ring, full policies and counters.
#include "bounded_queue.hpp"

#include "time_stamp.hpp"

#include <algorithm>
#include <mutex>

namespace rtorb::events::detail {

BoundedQueue::BoundedQueue(std::size_t capacity, FullPolicy policy, std::size_t payload_reserve)
    : slots_(std::max<std::size_t>(capacity, 1)), policy_(policy) {
  for (QueuedEvent& slot : slots_) slot.event.data().payload().reserve(payload_reserve);
}

bool BoundedQueue::push(const RtecEventComm::Event& event) {
  std::unique_lock lock(mutex_);
  ++counters_.in;
  if (size_ == slots_.size() && !closed_) {
    if (policy_ == FullPolicy::block) {
      not_full_.wait(lock, [this] { return size_ < slots_.size() || closed_; });
    } else if (policy_ == FullPolicy::drop_newest) {
      ++counters_.dropped;
      return false;
    } else {  // drop_oldest: the head slot is overwritten below
      head_ = (head_ + 1) % slots_.size();
      --size_;
      ++counters_.dropped;
    }
  }
  if (closed_) {
    ++counters_.dropped;
    return false;
  }
  QueuedEvent& slot = slots_[(head_ + size_) % slots_.size()];
  slot.event = event;  // copy-assignment reuses the slot's payload buffer
  slot.event.header().ec_recv_time(time_base_now());
  slot.queued_at = std::chrono::steady_clock::now();
  ++size_;
  counters_.high_water = std::max<std::uint64_t>(counters_.high_water, size_);
  lock.unlock();
  not_empty_.notify_one();
  return true;
}

void BoundedQueue::take_locked(QueuedEvent& out) {
  QueuedEvent& slot = slots_[head_];
  using std::swap;
  swap(slot.event, out.event);
  out.queued_at = slot.queued_at;
  head_ = (head_ + 1) % slots_.size();
  --size_;
  ++counters_.in_progress;
}

bool BoundedQueue::pop(QueuedEvent& out) {
  std::unique_lock lock(mutex_);
  not_empty_.wait(lock, [this] { return size_ > 0 || closed_; });
  if (size_ == 0) return false;
  take_locked(out);
  lock.unlock();
  not_full_.notify_one();
  return true;
}

void BoundedQueue::dispatched(std::chrono::nanoseconds waited) noexcept {
  std::lock_guard lock(mutex_);
  ++counters_.dispatched;
  --counters_.in_progress;
  counters_.worst_latency = std::max(counters_.worst_latency, waited);
}

void BoundedQueue::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  not_empty_.notify_all();
  not_full_.notify_all();
}

QueueStatistics BoundedQueue::statistics() const {
  std::lock_guard lock(mutex_);
  QueueStatistics copy = counters_;
  copy.queued = size_;
  return copy;
}

}  // namespace rtorb::events::detail
