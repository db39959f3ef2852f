// The timeout thread: the earliest timer first; interval timers re-armed by their period,
// deadline timers pushed back while their consumer keeps receiving events.
#include "timeouts.hpp"

#include "channel_core.hpp"

namespace rtorb::events::detail {

TimeoutService::~TimeoutService() { stop(); }

void TimeoutService::arm(const std::shared_ptr<ConsumerEntry>& consumer,
                         const std::vector<TimeoutRequest>& timeouts) {
  if (timeouts.empty()) return;
  std::lock_guard lock(mutex_);
  if (stopping_) return;
  for (const TimeoutRequest& request : timeouts) {
    const auto period = std::max<std::chrono::nanoseconds>(
        std::chrono::nanoseconds(request.period_100ns * 100), shortest_period);
    timers_.push(Timer{Clock::now() + period, consumer, request, period});
  }
  if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  changed_.notify_one();
}

void TimeoutService::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

// Delivers `timer`'s event unless its consumer is gone; the time it is due next, if any.
std::optional<TimeoutService::Clock::time_point> TimeoutService::fire(Timer& timer) {
  auto consumer = timer.consumer.lock();
  if (!consumer || consumer->failed.load()) return std::nullopt;
  const auto now = Clock::now();
  if (timer.request.type == event_type::deadline_timeout) {
    // A delivery since the timer was armed pushes the deadline back instead.
    const Clock::time_point last(Clock::duration(consumer->last_delivery.load()));
    if (last + timer.period > now) return last + timer.period;
  }
  if (!consumer->suspended.load()) {
    RtecEventComm::Event event;
    event.header().type(timer.request.type);
    event.header().creation_time(timer.request.period_100ns);
    deliver_(*consumer, event);
  }
  if (timer.request.type == event_type::timeout) return std::nullopt;
  return now + timer.period;
}

void TimeoutService::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (timers_.empty()) {
      changed_.wait(lock);
      continue;
    }
    const auto due = timers_.top().due;
    if (changed_.wait_until(lock, due) != std::cv_status::timeout && Clock::now() < due) continue;
    Timer timer = timers_.top();
    timers_.pop();
    lock.unlock();
    const auto next = fire(timer);
    lock.lock();
    if (next) {
      timer.due = *next;
      timers_.push(std::move(timer));
    }
  }
}

}  // namespace rtorb::events::detail
