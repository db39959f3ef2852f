// Federation: a gateway carries events from one channel to another (in another process, as
// a rule), only the types the far side's consumers subscribed to. It observes the far
// channel (its Observer sees the union of the far consumers' subscriptions), subscribes
// with that union on the near channel as an is_gateway consumer, and pushes what it gets
// into the far channel as an is_gateway supplier (docs/events.md, "federation"). Gateway
// consumers are left out of the union a channel reports, so two gateways in opposite
// directions do not feed each other's subscriptions.
#pragma once

#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <cstdint>
#include <memory>

#include "RtecEventChannelAdminC.h"

namespace rtorb::events {

class GatewayCore;  // private

struct GatewayStatistics {
  std::uint64_t forwarded = 0;  // events pushed into the far channel
  // Near subscriptions put in force (counted once connected). Changes that arrive while one
  // is being applied are folded into the next: only the latest union is applied.
  std::uint64_t subscription_changes = 0;
  std::uint64_t subscribed_entries = 0;  // dependencies of the near subscription in force
  std::uint64_t failures = 0;              // calls to either channel that failed
};

class Gateway {
 public:
  using ChannelRef = IDL::traits<RtecEventChannelAdmin::EventChannel>::ref_type;
  // Activates the gateway's objects in `poa` (whose manager the caller activates, and whose
  // ORB serves requests: the observer is called back), connects as a supplier to `to` and
  // registers its observer there. Raises what those calls raise.
  Gateway(IDL::traits<PortableServer::POA>::ref_type poa, ChannelRef from, ChannelRef to);
  Gateway(const Gateway&) = delete;
  Gateway& operator=(const Gateway&) = delete;
  ~Gateway();  // removes the observer, disconnects from both channels (errors ignored)

  GatewayStatistics statistics() const;

 private:
  std::shared_ptr<GatewayCore> core_;
};

}  // namespace rtorb::events
