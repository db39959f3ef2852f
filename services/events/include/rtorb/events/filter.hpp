// A consumer's subscription as the channel evaluates it: the filter tree built once from
// the prefix list of a ConsumerQOS (TAO's designators), immutable afterwards, and the small
// mutable state a conjunction keeps per consumer (docs/events.md, "filters").
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "RtecEventChannelAdminC.h"

namespace rtorb::events {

// Event types with a meaning of their own (TAO's values). Types below `first_user_type`
// are reserved; in a ConsumerQOS the designators open groups.
namespace event_type {
inline constexpr std::int32_t any = 0;  // a wildcard, as source 0 is
inline constexpr std::int32_t shutdown = 1;
inline constexpr std::int32_t timeout = 4;           // one-shot timeout
inline constexpr std::int32_t interval_timeout = 5;  // periodic timeout
inline constexpr std::int32_t deadline_timeout = 6;  // re-armed whenever its group fires
inline constexpr std::int32_t global_designator = 7;
inline constexpr std::int32_t conjunction_designator = 8;
inline constexpr std::int32_t disjunction_designator = 9;
inline constexpr std::int32_t negation_designator = 10;
inline constexpr std::int32_t logical_and_designator = 11;
inline constexpr std::int32_t bitmask_designator = 12;
inline constexpr std::int32_t masked_type_designator = 13;
inline constexpr std::int32_t null_designator = 14;
inline constexpr std::int32_t first_user_type = 16;
}  // namespace event_type

// The limits a ConsumerQOS is checked against: a filter larger or deeper than these is
// malformed (BAD_PARAM bad_param_malformed_qos), not a reason to exhaust the channel.
inline constexpr std::size_t max_filter_nodes = 4096;
inline constexpr std::size_t max_filter_depth = 32;

// A timeout a filter asked for: the channel pushes an event of `type` (event_type::timeout,
// interval_timeout or deadline_timeout) to the consumer after each `period_100ns`.
struct TimeoutRequest {
  std::int32_t type = 0;
  std::uint64_t period_100ns = 0;
};

class Filter {
 public:
  enum class Kind : std::uint8_t {
    type, conjunction, disjunction, logical_and, negation, bitmask, masked_type, null, timeout
  };
  struct Node {
    Kind kind = Kind::null;
    std::int32_t type = 0;       // type (and timeout) nodes; masked_type: the value
    std::int32_t source = 0;     // type nodes; masked_type: the value
    std::uint32_t type_mask = 0;    // bitmask, masked_type
    std::uint32_t source_mask = 0;  // bitmask, masked_type
    std::uint32_t children = 0;     // groups: how many; negation and bitmask: 1
    std::uint32_t end = 0;          // the index after this node's subtree
    std::uint32_t conjunction_slot = 0;  // conjunction nodes: their place in the state
  };

  // Reads the prefix list: a designator entry opens a group whose child count is its
  // header's `source`, children follow it (nested groups inside); bitmask takes its masks
  // from the next entry (type mask in `type`, source mask in `source`) then one child;
  // masked_type takes masks then values from the next two entries; a timeout entry's
  // period is its `creation_time`. Several top-level trees are a disjunction of them.
  // Raises BAD_PARAM bad_param_malformed_qos (saying where and why) for an empty list, a
  // group of no children or more than the entries left, missing mask entries, a zero
  // period, or a tree past max_filter_nodes or max_filter_depth.
  static Filter build(const RtecEventChannelAdmin::ConsumerQOS& qos);

  // Whether the event passes, ignoring conjunction state (a conjunction counts as passing
  // when any child does): what the channel asks before queueing an event for a group.
  bool may_accept(const RtecEventComm::EventHeader& header) const noexcept;
  bool has_conjunction() const noexcept { return conjunctions_ > 0; }
  std::uint32_t conjunction_count() const noexcept { return conjunctions_; }
  const std::vector<Node>& nodes() const noexcept { return nodes_; }
  const std::vector<TimeoutRequest>& timeouts() const noexcept { return timeouts_; }

 private:
  friend class FilterBuilder;
  std::vector<Node> nodes_;  // prefix order; node 0 is the root
  std::vector<TimeoutRequest> timeouts_;
  std::uint32_t conjunctions_ = 0;
};

// Type and source matching with 0 a wildcard on either side.
bool header_matches(std::int32_t type, std::int32_t source,
                    const RtecEventComm::EventHeader& header) noexcept;

// What one consumer's filter decides about one event. Without a conjunction it holds
// nothing and takes no lock; a conjunction's progress (which children have accepted, the
// events collected) is kept here under a mutex of this consumer's alone.
class FilterState {
 public:
  enum class Verdict { reject, deliver_event, deliver_collected };

  explicit FilterState(const Filter& filter);
  // deliver_collected: a conjunction completed, `collected` holds its events (in arrival
  // order) and the conjunction starts over.
  Verdict offer(const Filter& filter, const RtecEventComm::Event& event,
                RtecEventComm::EventSet& collected);

 private:
  struct Conjunction {
    std::vector<bool> seen;
    RtecEventComm::EventSet events;
  };
  bool evaluate(const Filter& filter, std::uint32_t at, const RtecEventComm::Event& event,
                RtecEventComm::EventSet& collected, bool& fired);
  std::mutex mutex_;
  std::vector<Conjunction> conjunctions_;
};

}  // namespace rtorb::events
