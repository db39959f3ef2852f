// A rate group's threads: take the group's priority, then empty its queue.
#include "dispatch_group.hpp"

#include <pthread.h>
#include <sched.h>

#include <exception>
#include <string>

namespace rtorb::events::detail {

DispatchGroup::DispatchGroup(std::size_t index, std::optional<RTCORBA::Priority> priority,
                             const DispatchingOptions& options,
                             IDL::traits<RTCORBA::Current>::ref_type current, Deliver deliver,
                             std::function<void(const std::string&)> log)
    : index_(index),
      priority_(priority),
      current_(std::move(current)),
      deliver_(std::move(deliver)),
      log_(std::move(log)),
      queue_(options.queue_capacity, options.full_policy, options.preallocated_payload),
      payload_reserve_(options.preallocated_payload) {}

DispatchGroup::~DispatchGroup() { stop(); }

void DispatchGroup::start(std::uint32_t threads) {
  for (std::uint32_t i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

void DispatchGroup::stop() {
  queue_.close();
  for (std::thread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
  threads_.clear();
}

// Through RTCurrent: the thread's native priority comes from the ORB's mapping, and every
// push it makes carries the CORBA priority, which picks the consumer's lane connection.
void DispatchGroup::take_priority() noexcept {
  if (priority_ && current_) {
    try {
      current_->the_priority(*priority_);
    } catch (const std::exception& e) {
      log_("dispatch thread for priority " + std::to_string(*priority_) +
           " could not take it: " + e.what());
    }
  }
  int policy = 0;
  sched_param param{};
  if (pthread_getschedparam(pthread_self(), &policy, &param) == 0) {
    os_policy_.store(policy);
    os_priority_.store(param.sched_priority);
  }
}

void DispatchGroup::run() noexcept {
  take_priority();
  QueuedEvent item;
  item.event.data().payload().reserve(payload_reserve_);
  while (queue_.pop(item)) {
    try {
      deliver_(item.event);
    } catch (const std::exception& e) {
      log_(std::string("dispatch failed: ") + e.what());
    }
    queue_.dispatched(std::chrono::steady_clock::now() - item.queued_at);
  }
}

QueueStatistics DispatchGroup::statistics() const {
  QueueStatistics stats = queue_.statistics();
  stats.priority = priority_;
  stats.os_policy = os_policy_.load();
  stats.os_priority = os_priority_.load();
  return stats;
}

}  // namespace rtorb::events::detail
