// How a layer above the ORB core gives client-side policy overrides their meaning
// (docs/orb.md, "policy overrides"). The core keeps a reference's overrides
// (Object::_set_policy_overrides) without interpreting them; each target it builds for a
// reference with overrides is handed to every registered handler, which may reshape it:
// its routes and connection keys (RT-CORBA: private connections, client-side bands).
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
};

}  // namespace rtorb::orb
