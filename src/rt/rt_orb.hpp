// The rt layer's entry point: what ORB_init (src/runtime) runs on a new ORB to give it
// "RTORB", "RTCurrent" and the RT policies on POAs.
#pragma once

#include <functional>

#include "rt/rt_options.hpp"

namespace rtorb::orb {
class OrbCore;
}

namespace rtorb::rt {

std::function<void(orb::OrbCore&)> make_rt_initializer(RtOptions options);

}  // namespace rtorb::rt
