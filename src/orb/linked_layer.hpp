// LinkedLayer: how a layer above the ORB core (the POA, rt, messaging) plugs into every ORB
// a program creates, if and only if the program links it (docs/footprint.md).
#pragma once

#include <functional>

namespace rtorb::orb {

struct OrbOptions;

// What a layer adds to the options of the ORB being created: its adapter factory, its
// initializer (OrbOptions::initializers), ... Applied after the core parsed its arguments.
using LayerSetup = std::function<void(OrbOptions&)>;

// One layer's entry point, a constant object with C linkage named rtorb_<layer>_layer that
// the layer defines and src/runtime refers to weakly: ORB_init applies it when the linker
// put it into the program (the layer's CMake target asks for it with --undefined).
struct LinkedLayer {
  const char* name;  // "poa", "rt", "messaging": for messages
  // Takes the layer's own -ORB options out of argv (leaving the others in order) and says
  // what it adds to the new ORB. Raises what the layer's option parsing raises.
  LayerSetup (*take_arguments)(int& argc, char* argv[]);
};

}  // namespace rtorb::orb
