// The ORB's PolicyManager ("ORBPolicyManager") and PolicyCurrent: lists of overrides kept
// per ORB and per thread, and the list operations object-level overrides share with them.
// The ORB core interprets no policy; layers above it do (client_policy.hpp), and may watch
// the ORB's list (OrbLevelPolicies::add_observer).
#pragma once

#include <rtorb/corba/policy.hpp>

#include <cstdint>
#include <functional>

namespace rtorb::orb {

// `changed` (may be empty) is called with the whole list after each change, under the
// manager's lock.
CORBA::object_reference<CORBA::PolicyManager> make_policy_manager(
    std::function<void(const CORBA::PolicyList&)> changed = {});
CORBA::object_reference<CORBA::PolicyCurrent> make_policy_current();

// The policies of `from` whose type is in `types`; all of them for empty `types`.
CORBA::PolicyList select_policies(const CORBA::PolicyList& from, const CORBA::PolicyTypeSeq& types);
// Applies set_policy_overrides' rules to `into` (nil entries are skipped).
void merge_policies(CORBA::PolicyList& into, const CORBA::PolicyList& policies,
                    CORBA::SetOverrideType set_add);
// The calling thread's overrides (PolicyCurrent's list).
const CORBA::PolicyList& thread_policy_overrides() noexcept;
// Changes each time the calling thread's list changes: what reads it may cache by it.
std::uint64_t thread_policy_generation() noexcept;

}  // namespace rtorb::orb
