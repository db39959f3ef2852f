// The rt layer's policies on POAs (core/seams/server_qos.hpp's seam): which lanes an object's
// references name, what TAG_POLICIES they carry, and the priority each upcall runs at.
#pragma once

#include <memory>

#include "core/seams/server_qos.hpp"
#include "rt/rt_state.hpp"

namespace rtorb::rt {

std::shared_ptr<orb::ServerPolicyHandler> make_rt_policy_handler(std::shared_ptr<RtState> state);

}  // namespace rtorb::rt
