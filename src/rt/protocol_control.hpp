// What the rt layer does to the ORB's sockets (docs/rt.md, "protocol properties" and
// "network priority"): the TCPProtocolProperties of the IIOP entry of a ServerProtocolPolicy
// (on a POA with a thread pool) or of a ClientProtocolPolicy (in ORBPolicyManager) become
// transport socket options, and CORBA priorities become DSCP codepoints through the network
// priority mapping: a lane's accepted connections carry its priority's, a client connection
// each request's.
#pragma once

#include <rtorb/rt/extensions.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/seams/request_priority.hpp"
#include "giop/message_header.hpp"
#include "transport/socket_options.hpp"

namespace rtorb::orb {
class OrbContext;
}

namespace rtorb::rt {

struct Threadpool;

// What the IIOP entry of a protocol list asks of its sockets.
struct TcpProtocol {
  transport::SocketOptions sockets;  // dscp as the base had it
  bool network_priority = false;     // TCPProtocolProperties::enable_network_priority
  friend bool operator==(const TcpProtocol&, const TcpProtocol&) = default;
};

// True for an IIOP entry (protocol_type 0, TAG_INTERNET_IOP), the only protocol rtorb has.
bool is_iiop(const RTCORBA::Protocol& protocol) noexcept;
// The TCPProtocolProperties of an IIOP entry read over `base` (an entry without them leaves
// `base`). The properties are read now: changing them later changes nothing.
TcpProtocol tcp_protocol(const RTCORBA::Protocol& protocol, const transport::SocketOptions& base);
// The first IIOP entry of `protocols` as tcp_protocol reads it; nullopt when there is none.
std::optional<TcpProtocol> iiop_protocol(const RTCORBA::ProtocolList& protocols,
                                         const transport::SocketOptions& base);
// The framing an entry's GIOPFramingProperties ask for; nullopt without them.
std::optional<giop::HeaderMode> framing_of(const RTCORBA::Protocol& protocol);
// What a ServerProtocolPolicy's IIOP entries ask of a reference's endpoints
// (orb::ReferenceLayout::header_modes): each entry's framing, standard where it names none,
// in order and once each; empty when no entry names one (every endpoint, as without it).
std::vector<giop::HeaderMode> server_framings(const RTCORBA::ProtocolList& protocols);

class ProtocolControl final : private orb::NetworkPriority {
 public:
  // Watches the ORB's policy overrides for a ClientProtocolPolicy. `network_priority`:
  // -ORBNetworkPriority.
  static std::shared_ptr<ProtocolControl> create(orb::OrbContext& orb, bool network_priority);
  ProtocolControl(orb::OrbContext& orb, bool network_priority);
  ProtocolControl(const ProtocolControl&) = delete;
  ProtocolControl& operator=(const ProtocolControl&) = delete;
  ~ProtocolControl() = default;

  // Installing one keeps every earlier one alive (a request may be inside it), so reading
  // it takes no lock. Raises BAD_PARAM for a null one.
  void install_mapping(std::shared_ptr<NetworkPriorityMapping> mapping);
  // The DSCP of `priority`, or SocketOptions::no_dscp when the mapping declines.
  int dscp_of(RTCORBA::Priority priority) const noexcept;

  // The socket options of a lane opening at `priority`: the ORB's (-ORBSocketOptions),
  // marked with the priority's DSCP under -ORBNetworkPriority.
  std::shared_ptr<transport::SocketOptionsCell> open_lane(RTCORBA::Priority priority) const;
  // A POA with `tcp` serves its objects through `pool`: the lanes' accepted connections
  // get it from now on, marked with each lane's priority's DSCP when tcp.network_priority
  // (or -ORBNetworkPriority). False when another POA gave the pool different properties
  // (its lanes serve both); nothing changes then.
  bool configure_pool(const Threadpool& pool, const TcpProtocol& tcp);

  // The socket options a reference's ClientProtocolPolicy asks for, as a cell for its
  // connection keys: equal options get one cell, so references asking alike share their
  // connections.
  std::shared_ptr<transport::SocketOptionsCell> client_sockets(
      const transport::SocketOptions& options);

  // The ORB's overrides now: the IIOP entry of a ClientProtocolPolicy among them sets up
  // the client connections opened from now on (without one, -ORBSocketOptions again), and
  // its enable_network_priority turns the marking of requests on.
  void orb_policies_changed(const CORBA::PolicyList& policies);

 private:
  // orb::NetworkPriority: the client's marking of each request.
  int dscp_for(std::int32_t priority) noexcept override;

  orb::OrbContext& orb_;
  const bool network_priority_;
  std::atomic<NetworkPriorityMapping*> mapping_{nullptr};

  std::mutex mutex_;  // guards the members below (never taken on the request path)
  std::vector<std::shared_ptr<NetworkPriorityMapping>> mappings_;  // every one installed
  std::map<RTCORBA::ThreadpoolId, TcpProtocol> pools_;             // configured by a POA
  std::vector<std::shared_ptr<transport::SocketOptionsCell>> client_cells_;  // one per options
};

}  // namespace rtorb::rt
