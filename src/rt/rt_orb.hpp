// The rt layer's entry point: what ORB_init (src/runtime) runs on a new ORB to give it
// "RTORB", "RTCurrent" and the RT policies on POAs, when the program links rtorb::rt.
#pragma once

#include <functional>

#include "core/linked_layer.hpp"
#include "core/option_table.hpp"
#include "rt/rt_options.hpp"

namespace rtorb::orb {
class OrbContext;
}

namespace rtorb::rt {

std::function<void(orb::OrbContext&)> make_rt_initializer(RtOptions options);

// How the rt layer joins ORB_init (orb::RegisterLayer, rtorb_rt_layer below): adds its
// options to `table` and returns the setup that adds make_rt_initializer, with the values
// read into them, to the new ORB.
orb::LayerSetup register_rt_layer(orb::OptionTable& table);

}  // namespace rtorb::rt

// register_rt_layer as the rt layer's entry point (core/linked_layer.hpp; rtorb::rt's link
// options keep it in the program).
extern "C" const rtorb::orb::LinkedLayer rtorb_rt_layer;
