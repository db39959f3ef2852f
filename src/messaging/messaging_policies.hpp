// The Messaging policy objects and the factory ORB::create_policy uses for types 23-35.
#pragma once

#include <rtorb/messaging/messaging.hpp>

#include <memory>

#include "core/seams/policy_factory.hpp"

namespace rtorb::messaging {

CORBA::object_reference<Messaging::RebindPolicy> make_rebind_policy(Messaging::RebindMode mode);
CORBA::object_reference<Messaging::SyncScopePolicy> make_sync_scope_policy(Messaging::SyncScope scope);
CORBA::object_reference<Messaging::RelativeRequestTimeoutPolicy> make_request_timeout_policy(
    TimeBase::TimeT expiry);
CORBA::object_reference<Messaging::RelativeRoundtripTimeoutPolicy> make_roundtrip_timeout_policy(
    TimeBase::TimeT expiry);

// Answers for the Messaging module's range (23-35): the four types above, and
// UNSUPPORTED_POLICY for the others of the range (priorities, absolute times, routing,
// hops, queue order), which rtorb does not implement yet.
std::shared_ptr<const orb::PolicyFactory> make_messaging_policy_factory();

}  // namespace rtorb::messaging
