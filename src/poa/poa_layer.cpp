// The POA as a linked layer: a program that links rtorb::poa gets it as the object adapter
// of every ORB it creates ("RootPOA", "POACurrent"); one that does not is a pure client.
#include "core/linked_layer.hpp"
#include "core/orb_options.hpp"
#include "poa/adapter_factory.hpp"

namespace {

// The POA has no -ORB options of its own: it adds no entry, only its adapter factory.
rtorb::orb::LayerSetup register_poa_layer(rtorb::orb::OptionTable&) {
  return [](rtorb::orb::OrbOptions& options) { options.adapter_factory = &rtorb::poa::make_adapter; };
}

}  // namespace

extern "C" const rtorb::orb::LinkedLayer rtorb_poa_layer{"poa", &register_poa_layer};
