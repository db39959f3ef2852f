// The ORB's PolicyManager ("ORBPolicyManager") and PolicyCurrent: lists of overrides kept
// per ORB and per thread. No policy is interpreted yet; they are stored and returned.
#pragma once

#include <rtorb/corba/policy.hpp>

namespace rtorb::orb {

CORBA::object_reference<CORBA::PolicyManager> make_policy_manager();
CORBA::object_reference<CORBA::PolicyCurrent> make_policy_current();

}  // namespace rtorb::orb
