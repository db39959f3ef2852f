// The rt layer's entry point: what ORB_init (src/runtime) runs on a new ORB to give it
// "RTORB", "RTCurrent" and the RT policies on POAs.
#pragma once

#include <functional>

#include "orb/option_table.hpp"
#include "rt/rt_options.hpp"

namespace rtorb::orb {
class OrbCore;
}

namespace rtorb::rt {

std::function<void(orb::OrbCore&)> make_rt_initializer(RtOptions options);

// How the rt layer joins ORB_init (orb::RegisterLayer): adds its options to `table` and
// returns the initializer that sets the new ORB up with the values read into them.
orb::LayerInitializer register_rt_layer(orb::OptionTable& table);

}  // namespace rtorb::rt
