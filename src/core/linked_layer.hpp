// LinkedLayer: how a layer above the ORB core (the POA, rt, messaging) plugs into every ORB
// a program creates, if and only if the program links it (docs/footprint.md).
#pragma once

#include <functional>

namespace rtorb::orb {

struct OrbOptions;
class OptionTable;

// What a layer adds to the options of the ORB being created: its adapter factory, its
// initializer (OrbOptions::initializers), ... Applied once argv has been read, so it may
// use the values read into the layer's own options.
using LayerSetup = std::function<void(OrbOptions&)>;

// How a layer joins the one read of argv: it adds its -ORB options to the table, bound to
// state of its own (a layer with none adds no entry), and returns its setup.
using RegisterLayer = LayerSetup (*)(OptionTable&);

// One layer's entry point, a constant object with C linkage named rtorb_<layer>_layer that
// the layer defines and src/runtime refers to weakly: ORB_init registers it when the linker
// put it into the program (the layer's CMake target asks for it with --undefined).
struct LinkedLayer {
  const char* name;  // "poa", "rt", "messaging": for messages
  RegisterLayer register_options;
};

}  // namespace rtorb::orb
