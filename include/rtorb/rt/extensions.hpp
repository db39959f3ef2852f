// rtorb's own additions to Real-time CORBA: installing a priority mapping or a network
// priority mapping, and what each lane of each thread pool has done (docs/rt.md,
// "observability", "network priority").
#pragma once

#include <rtorb/corba/orb.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <cstdint>
#include <memory>
#include <vector>

namespace rtorb::rt {

// Makes `mapping` the ORB's priority mapping from now on (RTCurrent, lanes, upcalls). Raises
// BAD_PARAM for a null mapping, OBJECT_NOT_EXIST after the ORB is destroyed.
void install_priority_mapping(CORBA::ORB& orb,
                              std::shared_ptr<RTCORBA::PriorityMapping> mapping);

// The ORB's priority mapping now: the one installed last, or the one -ORBPriorityMapping
// chose. For planners (the Scheduling Service) that must map priorities as the ORB's lanes
// will. Raises OBJECT_NOT_EXIST after the ORB is destroyed.
std::shared_ptr<RTCORBA::PriorityMapping> priority_mapping(CORBA::ORB& orb);

// Makes `transform` the ORB's priority transform from now on, on both sides of its
// requests (RTCORBA::PriorityTransform). Raises BAD_PARAM for a null one.
void install_priority_transform(CORBA::ORB& orb,
                                std::shared_ptr<RTCORBA::PriorityTransform> transform);

// CORBA priorities to the DSCP codepoints (0..63, RFC 2474) that packets of connections at
// those priorities are marked with, and back (docs/rt.md, "network priority"). The default
// spreads 0..32767 evenly over 0..63. Called on the request path of a client that marks its
// connections: it must be cheap, must not block, and must not throw.
class NetworkPriorityMapping {
 public:
  virtual ~NetworkPriorityMapping() = default;
  // False (or a codepoint outside 0..63) leaves the connection's marking as it is.
  virtual bool to_network(RTCORBA::Priority corba_priority, std::int32_t& dscp) = 0;
  virtual bool to_CORBA(std::int32_t dscp, RTCORBA::Priority& corba_priority) = 0;
};

// Makes `mapping` the ORB's network priority mapping from now on: client connections marked
// for a request take it at their next request, lanes opened later take it for their
// accepted connections. Marking itself is enabled by -ORBNetworkPriority yes or by the
// enable_network_priority of a TCPProtocolProperties in force. Raises BAD_PARAM for a null
// mapping, OBJECT_NOT_EXIST after the ORB is destroyed.
void install_network_priority_mapping(CORBA::ORB& orb,
                                      std::shared_ptr<NetworkPriorityMapping> mapping);

// rtorb's ORB protocol properties for the IIOP entry of a protocol policy
// (Protocol::orb_protocol_properties): whether its connections frame messages with
// GIOPlite's compact header or with the standard one (docs/rt.md, "choosing GIOPlite").
// GIOPlite is for closed systems where both ends are rtorb.
// - ServerProtocolPolicy: the POA's references name the endpoints of the framings its
//   entries ask for, in the list's order (an entry without these properties asks for
//   standard GIOP; a list where none has them names every endpoint, as without the
//   policy). A lane without an endpoint of a framing asked for opens one.
// - ClientProtocolPolicy: a reference takes the first of its profiles that the first
//   matching entry accepts (an entry without these properties accepts either).
class GIOPFramingProperties : public virtual RTCORBA::GIOPProtocolProperties {
 public:
  virtual bool giop_lite() = 0;
  virtual void giop_lite(bool v) = 0;
};

CORBA::object_reference<GIOPFramingProperties> create_giop_framing_properties(bool giop_lite);

// True when the ORB runs its priorities with SCHED_FIFO or SCHED_RR; false when the
// process may not (no root, no CAP_SYS_NICE, no rtprio limit) or -ORBSchedPolicy other.
bool real_time_scheduling(CORBA::ORB& orb);

struct LaneStatistics {
  RTCORBA::ThreadpoolId threadpool = 0;
  RTCORBA::Priority lane_priority = 0;
  std::uint32_t static_threads = 0;
  std::uint32_t dynamic_threads = 0;   // alive now
  std::uint32_t borrowed_threads = 0;  // of lower lanes, serving this one now
  std::uint32_t threads_busy = 0;     // in an upcall now
  std::uint64_t requests = 0;
  std::uint32_t buffered_requests = 0;  // held now, waiting for a thread
  std::uint64_t refused_requests = 0;   // answered TRANSIENT: the buffer was full
  // Requests read or dispatched by a thread of a lane below their priority. Must stay 0.
  std::uint64_t priority_violations = 0;
};

// Every lane of every thread pool of the ORB, pool by pool, lowest priority first.
std::vector<LaneStatistics> lane_statistics(CORBA::ORB& orb);

}  // namespace rtorb::rt

RTORB_POA_LOCAL_TRAITS(rtorb::rt::GIOPFramingProperties,
                       "IDL:rtorb.org/RTORB/GIOPFramingProperties:1.0")
