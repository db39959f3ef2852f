// effective_call_policies: the policies one call runs under, read from the levels the
// client side keeps (the vocabulary is core/seams/call_policies.hpp, which the seams share).
#pragma once

#include "core/seams/call_policies.hpp"

namespace rtorb::orb {

class ObjectCore;

// The policies a call on `core` runs under: the reference's, then the calling thread's,
// then the ORB's (each field from the first level that sets it). False, `out` untouched,
// when no level sets anything: the common case, decided by three flags.
bool effective_call_policies(const ObjectCore& core, CallPolicies& out) noexcept;

}  // namespace rtorb::orb
