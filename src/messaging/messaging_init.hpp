// Plugs CORBA Messaging into an ORB (ORB_init adds it to OrbOptions::initializers): the
// policy factory for create_policy, the reader of call policies, the request expiry check,
// the ExceptionHolder value factory.
#pragma once

#include <functional>

#include "orb/orb_core.hpp"

namespace rtorb::messaging {

std::function<void(orb::OrbCore&)> make_messaging_initializer();

}  // namespace rtorb::messaging
