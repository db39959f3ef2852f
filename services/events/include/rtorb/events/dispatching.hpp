// How the channel hands events to consumers (docs/events.md, "dispatching"): on the
// supplier's thread (reactive), through one queue served by a pool of threads, or through
// one queue and thread per priority, at that priority. Queues are bounded; what happens
// when one is full is declared, and every event dropped is counted.
#pragma once

#include <rtorb/rt/rtcorba.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb::events {

enum class DispatchingMode { reactive, pool, priority };

// What a full queue does with the next event: make the supplier's push wait for room,
// drop the oldest queued event, or drop the one arriving. Drops are counted.
enum class FullPolicy { block, drop_oldest, drop_newest };

struct DispatchingOptions {
  DispatchingMode mode = DispatchingMode::reactive;
  std::uint32_t pool_threads = 1;     // pool: the threads serving the one queue
  std::size_t queue_capacity = 1024;  // events per queue
  FullPolicy full_policy = FullPolicy::drop_oldest;
  // Payload octets each queue slot keeps room for: events up to this size are queued and
  // dispatched without allocating once the slots have been used.
  std::size_t preallocated_payload = 256;
};

// "reactive", "pool:N" (N in 1..256) or "priority"; nullopt for anything else.
std::optional<DispatchingOptions> parse_dispatching(std::string_view text);
std::optional<FullPolicy> parse_full_policy(std::string_view text);  // block, drop-oldest, drop-newest
std::string to_string(DispatchingMode mode);
std::string to_string(FullPolicy policy);

// One queue's counters. Always in == dispatched + dropped + queued + in_progress: no event
// leaves a queue uncounted.
struct QueueStatistics {
  std::optional<RTCORBA::Priority> priority;  // priority mode: the queue's rate group
  std::uint64_t in = 0;          // events offered to the queue
  std::uint64_t dispatched = 0;  // taken off it and delivered to the group's consumers
  std::uint64_t dropped = 0;     // discarded by the full policy (or at close)
  std::uint64_t queued = 0;      // waiting now
  std::uint64_t in_progress = 0; // taken off, being delivered now
  std::uint64_t high_water = 0;  // most events ever waiting at once
  std::chrono::nanoseconds worst_latency{0};  // longest wait between queueing and dispatch
  // What the queue's threads run at, as the OS reports it from inside the thread: the
  // scheduling policy (SCHED_OTHER, SCHED_FIFO...) and its priority. -1 before they ran.
  int os_policy = -1;
  int os_priority = -1;
};

struct ChannelStatistics {
  std::vector<QueueStatistics> queues;  // none in reactive mode
  std::uint64_t consumers = 0;          // connected now
  std::uint64_t suppliers = 0;          // connected now
  std::uint64_t pushes = 0;             // push calls made to consumers
  std::uint64_t failed_consumers = 0;   // disconnected because a push to them failed
  std::uint64_t unconnected_pushes = 0; // events pushed to a proxy with no supplier connected
};

}  // namespace rtorb::events
