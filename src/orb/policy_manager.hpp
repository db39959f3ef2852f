// The ORB's PolicyManager ("ORBPolicyManager") and PolicyCurrent: lists of overrides kept
// per ORB and per thread. The orb layer interprets none of them; a layer above may watch
// the ORB's list (OrbCore::add_orb_policy_observer).
#pragma once

#include <rtorb/corba/policy.hpp>

#include <functional>

namespace rtorb::orb {

// `changed` (may be empty) is called with the whole list after each change, under the
// manager's lock.
CORBA::object_reference<CORBA::PolicyManager> make_policy_manager(
    std::function<void(const CORBA::PolicyList&)> changed = {});
CORBA::object_reference<CORBA::PolicyCurrent> make_policy_current();

}  // namespace rtorb::orb
