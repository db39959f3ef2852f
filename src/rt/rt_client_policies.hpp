// RT-CORBA's client-side policies on a reference (Object::_set_policy_overrides), through
// the ORB core's ClientPolicyHandler seam (core/seams/client_policy.hpp).
#pragma once

#include <memory>

#include "core/seams/client_policy.hpp"

namespace rtorb::rt {

class RtState;

// PrivateConnectionPolicy: the reference's connections are its own, shared with no other
// reference. PriorityBandedConnectionPolicy: one connection per band, where the server's
// IOR names no lanes or bands of its own (the server's choice wins); INV_POLICY
// inv_policy_bad_bands for an empty list or a band that is not one. ClientProtocolPolicy:
// the profile of the framing its first servable IIOP entry asks for, and that entry's
// TCPProtocolProperties for the reference's connections; INV_POLICY inv_policy_no_protocol
// when no profile serves any entry.
std::shared_ptr<const orb::ClientPolicyHandler> make_rt_client_policies(
    std::shared_ptr<RtState> state);

}  // namespace rtorb::rt
