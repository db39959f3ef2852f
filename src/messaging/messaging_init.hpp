// Plugs CORBA Messaging into an ORB (ORB_init adds it to OrbOptions::initializers when the
// program links rtorb::messaging): the policy factory for create_policy, the reader of call
// policies, the request expiry check, the ExceptionHolder value factory.
#pragma once

#include <functional>

#include "core/linked_layer.hpp"

namespace rtorb::orb {
class OrbContext;
}  // namespace rtorb::orb

namespace rtorb::messaging {

std::function<void(orb::OrbContext&)> make_messaging_initializer();

// How the messaging layer joins ORB_init (orb::RegisterLayer, rtorb_messaging_layer
// below): it has no -ORB options of its own, so it adds no entry and only returns the setup
// that adds make_messaging_initializer to the new ORB.
orb::LayerSetup register_messaging_layer(orb::OptionTable& table);

}  // namespace rtorb::messaging

// register_messaging_layer as the messaging layer's entry point (core/linked_layer.hpp;
// rtorb::messaging's link options keep it in the program).
extern "C" const rtorb::orb::LinkedLayer rtorb_messaging_layer;
