// A rate group's dispatching: one bounded queue and the threads that empty it, at the
// group's CORBA priority (and so its OS priority and its lane connections) in priority
// mode, at the ORB's default in pool mode.
#pragma once

#include <rtorb/events/dispatching.hpp>

#include <atomic>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

#include "bounded_queue.hpp"

namespace rtorb::events::detail {

class DispatchGroup {
 public:
  // Delivers one event to the group's consumers; runs on the group's threads.
  using Deliver = std::function<void(const RtecEventComm::Event&)>;

  DispatchGroup(std::size_t index, std::optional<RTCORBA::Priority> priority,
                const DispatchingOptions& options, IDL::traits<RTCORBA::Current>::ref_type current,
                Deliver deliver, std::function<void(const std::string&)> log);
  DispatchGroup(const DispatchGroup&) = delete;
  DispatchGroup& operator=(const DispatchGroup&) = delete;
  ~DispatchGroup();  // stop()

  void start(std::uint32_t threads);
  void stop();  // closes the queue, lets the threads drain it, joins them
  std::size_t index() const noexcept { return index_; }
  std::optional<RTCORBA::Priority> priority() const noexcept { return priority_; }
  BoundedQueue& queue() noexcept { return queue_; }
  QueueStatistics statistics() const;

 private:
  void run() noexcept;
  void take_priority() noexcept;

  std::size_t index_;
  std::optional<RTCORBA::Priority> priority_;
  IDL::traits<RTCORBA::Current>::ref_type current_;
  Deliver deliver_;
  std::function<void(const std::string&)> log_;
  BoundedQueue queue_;
  std::size_t payload_reserve_;
  std::vector<std::thread> threads_;
  std::atomic<int> os_policy_{-1};
  std::atomic<int> os_priority_{-1};
};

}  // namespace rtorb::events::detail
