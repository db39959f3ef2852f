// The timeouts consumers ask for in their filters (one-shot, interval, deadline): one
// thread keeps them in time order and delivers each timeout event to its consumer alone,
// through that consumer's filter, at the consumer's priority (docs/events.md, "timeouts").
// Its mutex is taken by connect and by its own thread, never by the event path.
#pragma once

#include <rtorb/events/filter.hpp>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <queue>
#include <thread>
#include <vector>

namespace rtorb::events::detail {

struct ConsumerEntry;

class TimeoutService {
 public:
  using Clock = std::chrono::steady_clock;
  // Delivers one timeout event to one consumer; runs on the service's thread.
  using Deliver = std::function<void(ConsumerEntry&, const RtecEventComm::Event&)>;
  // Periods below this are raised to it, so a tiny period cannot spin the thread.
  static constexpr std::chrono::nanoseconds shortest_period = std::chrono::milliseconds(1);

  explicit TimeoutService(Deliver deliver) : deliver_(std::move(deliver)) {}
  TimeoutService(const TimeoutService&) = delete;
  TimeoutService& operator=(const TimeoutService&) = delete;
  ~TimeoutService();  // stop()

  // Arms every timeout of the consumer's filter (the thread starts with the first).
  void arm(const std::shared_ptr<ConsumerEntry>& consumer, const std::vector<TimeoutRequest>& timeouts);
  void stop();

 private:
  struct Timer {
    Clock::time_point due;
    std::weak_ptr<ConsumerEntry> consumer;
    TimeoutRequest request;
    std::chrono::nanoseconds period;
    bool operator>(const Timer& other) const { return due > other.due; }
  };
  void run();
  std::optional<Clock::time_point> fire(Timer& timer);

  Deliver deliver_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::priority_queue<Timer, std::vector<Timer>, std::greater<>> timers_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace rtorb::events::detail
