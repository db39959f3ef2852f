// The lanes of an ORB's server side beside its default lane (docs/rt.md, "lanes"): the rt
// layer adds one per thread pool lane; each accepts and serves at once, with the handler
// every connection of the ORB has, and publishes its endpoints for references and for the
// collocation check.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/seams/server_qos.hpp"
#include "server/server_lane.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::orb {

class OrbContext;
class ServerConnections;

// The host a bound endpoint is published under in IORs: the machine's name for a wildcard
// address, else the address as bound.
std::string published_host(const transport::Endpoint& bound);
// What a reference says of a bound endpoint: an IIOP one with published_host, any other as
// it was bound.
transport::Endpoint published_endpoint(const transport::Endpoint& bound);

// Lock rules: mutex_ guards lanes_ and next_lane_, and is held while a lane opens an
// endpoint; published_ is replaced whole under it and read without it. A lane is stopped
// (its threads joined) outside mutex_.
class ServerLanes {
 public:
  ServerLanes(OrbContext& orb, ServerConnections& connections) noexcept
      : orb_(orb), connections_(connections) {}
  ServerLanes(const ServerLanes&) = delete;
  ServerLanes& operator=(const ServerLanes&) = delete;
  ~ServerLanes() { stop_all(); }

  // Opens a lane (server_lane.hpp). Raises INITIALIZE initialize_listen_failed, BAD_PARAM
  // for a GIOPlite endpoint under GIOP 1.0, BAD_INV_ORDER after shutdown.
  LaneId add(const LaneOptions& options);
  // Stops a lane's acceptors and threads (its open connections are closed). Not from one
  // of its own threads: raises BAD_INV_ORDER bad_inv_order_wait_in_upcall then.
  void remove(LaneId lane);
  // The lane itself (null for an unknown or removed one): for its counters and lenders.
  std::shared_ptr<ServerLane> find(LaneId lane) const;
  // What a lane publishes in IORs; empty for an unknown lane.
  std::vector<transport::Endpoint> endpoints(LaneId lane) const;
  // Makes `lane` listen on an endpoint that frames messages as `lite` says, opening one
  // beside its first when it has none. False for an unknown lane. Raises INITIALIZE when
  // the endpoint cannot be opened.
  bool ensure_framing(LaneId lane, bool lite);
  // Whether a lane publishes host:port. Lock-free: every collocation check asks.
  bool publishes(std::string_view host, std::uint16_t port) const noexcept;

  // Shutdown's steps: stop accepting, make the threads leave their loops, join them.
  void stop_accepting() noexcept;
  void stop_loops() noexcept;
  void stop_all() noexcept;

 private:
  void republish();  // needs mutex_

  OrbContext& orb_;
  ServerConnections& connections_;
  mutable std::mutex mutex_;
  std::map<LaneId, std::shared_ptr<ServerLane>> lanes_;  // (mutex_)
  LaneId next_lane_ = default_lane + 1;                  // (mutex_)
  std::atomic<std::shared_ptr<const std::vector<transport::Endpoint>>> published_;
};

}  // namespace rtorb::orb
