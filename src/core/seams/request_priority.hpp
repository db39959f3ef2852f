// The CORBA priority of the calling thread, as the invocation path sees it. The rt layer
// sets it (RTCORBA::Current::the_priority, a lane's threads); the orb layer reads it to pick
// the endpoint of the lane that serves it and to propagate it (docs/rt.md). Kept here, below
// the rt layer, so a request needs no call upward to learn it.
#pragma once

#include <cstdint>
#include <span>

namespace rtorb::orb {

// No priority has been set on this thread.
inline constexpr std::int32_t no_priority = -1;

namespace detail {
inline thread_local std::int32_t thread_corba_priority = no_priority;
}  // namespace detail

// A layer's say in the priority a request leaves with (the rt layer's PriorityTransform):
// the new priority, or `priority` unchanged. Must not throw.
class OutboundPriority {
 public:
  virtual std::int32_t outbound(std::int32_t priority,
                                std::span<const std::uint8_t> object_key) noexcept = 0;

 protected:
  ~OutboundPriority() = default;
};

// A layer's say in how a client connection marks the packets of a request at a priority
// (the rt layer's network priority mapping): the DSCP (0..63), or no_dscp to leave the
// connection's marking as it is. Asked for every request that has a priority, so it must
// be cheap; must not throw.
class NetworkPriority {
 public:
  static constexpr int no_dscp = -1;
  virtual int dscp_for(std::int32_t priority) noexcept = 0;

 protected:
  ~NetworkPriority() = default;
};

// RTCORBA::Priority (0..32767) or no_priority.
inline std::int32_t thread_priority() noexcept { return detail::thread_corba_priority; }
inline void set_thread_priority(std::int32_t priority) noexcept {
  detail::thread_corba_priority = priority;
}

}  // namespace rtorb::orb
