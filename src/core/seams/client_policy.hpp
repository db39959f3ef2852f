// How a layer above the ORB core gives client-side policy overrides their meaning
// (docs/orb.md, "policy overrides"). The core keeps a reference's overrides
// (Object::_set_policy_overrides) without interpreting them; each target it builds for a
// reference with overrides is handed to every registered handler, which may reshape it:
// its routes and connection keys (RT-CORBA: private connections, client-side bands).
//
// Policies of the types a handler names in shaped_types() count at every level, as the
// Messaging policies do: the reference's own, then the calling thread's (PolicyCurrent),
// then the ORB's (ORBPolicyManager). A type set at a lower level only is added to the
// list the handlers see, for the calls made under it (ObjectCore::target).
#pragma once

#include <rtorb/corba/policy.hpp>

#include <cstdint>

namespace rtorb::orb {

struct Target;

class ClientPolicyHandler {
 public:
  virtual ~ClientPolicyHandler() = default;
  // `overrides` is never empty. `reference_id` names the reference in this process, for
  // what belongs to it alone (a private connection's owner). May raise (INV_POLICY) when
  // the overrides cannot apply to the target; _set_policy_overrides then raises it.
  virtual void shape_target(const CORBA::PolicyList& overrides, std::uint64_t reference_id,
                            Target& target) const = 0;
  // The policy types shape_target reads, each below 64 (a bit of a mask each).
  virtual CORBA::PolicyTypeSeq shaped_types() const = 0;
};

}  // namespace rtorb::orb
