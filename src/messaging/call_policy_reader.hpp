// Reads the Messaging policies of one override level into the core's CallPolicies
// (client/call_policies.hpp): SyncScope, Rebind and the two relative timeouts.
#pragma once

#include <memory>

#include "client/call_policies.hpp"

namespace rtorb::messaging {

std::shared_ptr<const orb::CallPolicyReader> make_call_policy_reader();

}  // namespace rtorb::messaging
