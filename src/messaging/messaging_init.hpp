// Plugs CORBA Messaging into an ORB (ORB_init adds it to OrbOptions::initializers): the
// policy factory for create_policy, the reader of call policies, the request expiry check,
// the ExceptionHolder value factory.
#pragma once

#include <functional>

#include "orb/option_table.hpp"
#include "orb/orb_core.hpp"

namespace rtorb::messaging {

std::function<void(orb::OrbCore&)> make_messaging_initializer();

// How the messaging layer joins ORB_init (orb::RegisterLayer): it has no -ORB options of
// its own, so it only returns its initializer.
orb::LayerInitializer register_messaging_layer(orb::OptionTable& table);

}  // namespace rtorb::messaging
