// What layers above the object adapter (rt) make of the policies they own, for the POAs
// created with them: which lanes a reference's profiles name, what components they carry,
// and how an upcall runs. The POA asks the handlers an OrbContext has registered for every
// policy type it does not know itself (docs/rt.md, "seams").
#pragma once

#include <rtorb/corba/policy.hpp>
#include <rtorb/orb/function_ref.hpp>
#include <rtorb/orb/server_request.hpp>

#include <cstdint>
#include <memory>
#include <vector>

#include "core/seams/request_priority.hpp"
#include "giop/message_header.hpp"
#include "ior/tagged_component.hpp"

namespace rtorb::orb {

// A server lane of the ORB (ServerLanes::add); 0 is the default lane, the -ORBEndpoint
// endpoints served as -ORBServerThreads says.
using LaneId = std::uint32_t;
inline constexpr LaneId default_lane = 0;

// The profiles of a reference: one IIOP profile per endpoint of each lane listed, in order,
// each with the ORB's own components, then `components`, then its lane's components.
struct ReferenceLayout {
  struct Lane {
    LaneId lane = default_lane;
    ior::TaggedComponentSeq components;
  };
  std::vector<Lane> lanes;  // empty: the default lane
  ior::TaggedComponentSeq components;
  // Which of each lane's endpoints are named, in this order: those that frame messages the
  // first way, then the second (GIOPlite or standard, docs/transport.md). Empty: every
  // endpoint, in the lane's order. ServerSide::ensure_lane_framing opens what is missing.
  std::vector<giop::HeaderMode> header_modes;
};

// True while the calling thread serves a collocated request: one made in this process and
// served on the caller's thread, which no lane read from a connection.
bool serving_collocated_request() noexcept;

class ServerQos {
 public:
  virtual ~ServerQos() = default;
  // The layout of a reference to an object of the POA (at `priority` for an object
  // activated with one, else no_priority, request_priority.hpp).
  virtual ReferenceLayout layout(std::int32_t priority) = 0;
  // Runs `upcall` (the skeleton) for `request` on the calling thread as the policies say.
  // `priority`: the object's own, or no_priority.
  virtual void run_upcall(ServerRequest& request, std::int32_t priority,
                          FunctionRef<void()> upcall) = 0;
  // Whether an object of the POA may be given `priority` of its own (RTPortableServer's
  // *_with_priority calls): not under these policies (WrongPolicy), not that priority
  // (BAD_PARAM), or yes.
  enum class ObjectPriority { wrong_policy, bad_priority, accepted };
  virtual ObjectPriority check_object_priority(std::int32_t /*priority*/) const noexcept {
    return ObjectPriority::wrong_policy;
  }
};

class ServerPolicyHandler {
 public:
  virtual ~ServerPolicyHandler() = default;
  // True for the policy types this handler interprets.
  virtual bool handles(CORBA::PolicyType type) const noexcept = 0;
  // The QoS of a POA created with `policies` (the whole list, the POA's own included, which
  // it ignores); null when the list holds none of its types. Raises CORBA::InvalidPolicies
  // naming the index of a policy it refuses (a bad value or combination), which the POA
  // reports as PortableServer::POA::InvalidPolicy.
  virtual std::shared_ptr<ServerQos> make_qos(const CORBA::PolicyList& policies) = 0;
};

}  // namespace rtorb::orb
