// The rt layer's entry point: what ORB_init (src/runtime) runs on a new ORB to give it
// "RTORB", "RTCurrent" and the RT policies on POAs, when the program links rtorb::rt.
#pragma once

#include <functional>

#include "orb/linked_layer.hpp"
#include "rt/rt_options.hpp"

namespace rtorb::orb {
class OrbCore;
}

namespace rtorb::rt {

std::function<void(orb::OrbCore&)> make_rt_initializer(RtOptions options);

}  // namespace rtorb::rt

// Takes the rt options out of argv and adds make_rt_initializer to the new ORB
// (orb/linked_layer.hpp; rtorb::rt's link options keep it in the program).
extern "C" const rtorb::orb::LinkedLayer rtorb_rt_layer;
