// How a layer above the ORB core makes its policy types for ORB::create_policy (CORBA 3.x,
// 8.3.8). The core knows no policy type: each layer registers a factory for its own
// (SeamRegistry::add_policy_factory), as the messaging layer does for types 23-35.
#pragma once

#include <rtorb/cdr/any.hpp>
#include <rtorb/corba/policy.hpp>

namespace rtorb::orb {

class PolicyFactory {
 public:
  virtual ~PolicyFactory() = default;
  // True for every type this factory answers for, including those of its range it knows
  // but refuses (it raises UNSUPPORTED_POLICY for them).
  virtual bool handles(CORBA::PolicyType type) const noexcept = 0;
  // The policy `value` describes. Raises CORBA::PolicyError (BAD_POLICY_TYPE,
  // BAD_POLICY_VALUE, UNSUPPORTED_POLICY, UNSUPPORTED_POLICY_VALUE).
  virtual CORBA::object_reference<CORBA::Policy> create(CORBA::PolicyType type,
                                                        const cdr::Any& value) const = 0;
};

}  // namespace rtorb::orb
