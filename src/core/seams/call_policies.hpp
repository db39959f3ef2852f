// What the client-side policies in effect ask of one invocation, in the terms the core can
// act on: how a oneway waits, time limits, whether a reference may rebind. The core
// interprets no policy itself: a layer above (messaging) registers a CallPolicyReader
// that turns a level's PolicyList into these fields (docs/messaging.md, "Flow").
//
// A level (a reference's overrides, the thread's PolicyCurrent, the ORB's PolicyManager)
// is read once when it changes, never per call; a call with no overrides at any level
// reads three flags and nothing else (effective_call_policies).
#pragma once

#include <rtorb/corba/policy.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace rtorb::orb {

// What a oneway waits for before its caller goes on (Messaging's SyncScope):
// none: not even for the kernel to take the request (a full socket buffer fails the call
// at once instead of blocking); transport: until the request is written (the default);
// server: until the server has found the target (GIOP 1.2 response_flags 0x01);
// target: until the upcall has run (0x03).
enum class OnewayWait : std::uint8_t { none, transport, server, target };

// What may happen when a reference's target changes (Messaging's RebindPolicy):
// transparent: follow forwards and reconnect; no_rebind: a LOCATION_FORWARD that would
// change the target raises REBIND; no_reconnect: that, and a reference that has been
// connected raises REBIND rather than open a new connection.
enum class RebindMode : std::uint8_t { transparent, no_rebind, no_reconnect };

// What a SYNC_NONE oneway does with its connection's batch of buffered oneways (rtorb's
// BufferingConstraint): at_once (its FLUSH mode) sends what is buffered and then the call;
// otherwise the call joins the batch, which leaves at `count` messages, at `bytes` bytes or
// `timeout` after its first message, whichever comes first (0: that limit is not used).
// 32-bit limits (as the policy's) keep an invocation's state within Invocation::state_size.
struct OnewayBuffering {
  bool at_once = true;
  std::uint32_t count = 0;
  std::uint32_t bytes = 0;
  std::chrono::nanoseconds timeout{0};
};

struct CallPolicies {
  // A field left empty is not set at this level: a lower level (or the default) applies.
  std::optional<OnewayWait> oneway_wait;
  std::optional<RebindMode> rebind;
  // Bounds connect, send and the reply wait together (RelativeRoundtripTimeout).
  std::optional<std::chrono::nanoseconds> roundtrip_timeout;
  // The request must reach the server within this (RelativeRequestTimeout): its end time
  // travels in the INVOCATION_POLICIES context and the server drops it once passed.
  std::optional<std::chrono::nanoseconds> request_timeout;
  std::optional<OnewayBuffering> buffering;

  bool empty() const noexcept {
    return !oneway_wait && !rebind && !roundtrip_timeout && !request_timeout && !buffering;
  }
  // The fields `higher` sets replace this level's.
  void overlay(const CallPolicies& higher) noexcept {
    if (higher.oneway_wait) oneway_wait = higher.oneway_wait;
    if (higher.rebind) rebind = higher.rebind;
    if (higher.roundtrip_timeout) roundtrip_timeout = higher.roundtrip_timeout;
    if (higher.request_timeout) request_timeout = higher.request_timeout;
    if (higher.buffering) buffering = higher.buffering;
  }
};

class CallPolicyReader {
 public:
  virtual ~CallPolicyReader() = default;
  // What `level` (one level's overrides) says; policies of types the reader does not know
  // are left to other layers. Never raises.
  virtual CallPolicies read(const CORBA::PolicyList& level) const noexcept = 0;
};

}  // namespace rtorb::orb
