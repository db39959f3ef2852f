// rtorb's BufferingConstraint policy (include/rtorb/messaging/buffering_constraint.hpp): the
// policy object, the factory ORB::create_policy uses for its type, and what it asks of a
// call in the core's terms.
#pragma once

#include <rtorb/messaging/buffering_constraint.hpp>

#include <memory>

#include "client/call_policies.hpp"
#include "core/seams/policy_factory.hpp"

namespace rtorb::messaging {

// BAD_POLICY_VALUE for mode bits other than TIMEOUT, MESSAGE_COUNT and MESSAGE_BYTES, or
// for a selected limit of 0.
void check_buffering_constraint(const BufferingConstraint& c);
CORBA::object_reference<BufferingConstraintPolicy> make_buffering_policy(
    const BufferingConstraint& c);
std::shared_ptr<const orb::PolicyFactory> make_buffering_policy_factory();
orb::OnewayBuffering oneway_buffering(const BufferingConstraint& c) noexcept;

}  // namespace rtorb::messaging
