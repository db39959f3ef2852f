// Plugs CORBA Messaging into an ORB (ORB_init adds it to OrbOptions::initializers when the
// program links rtorb::messaging): the policy factory for create_policy, the reader of call
// policies, the request expiry check, the ExceptionHolder value factory.
#pragma once

#include <functional>

#include "orb/linked_layer.hpp"

namespace rtorb::orb {
class OrbCore;
}  // namespace rtorb::orb

namespace rtorb::messaging {

std::function<void(orb::OrbCore&)> make_messaging_initializer();

}  // namespace rtorb::messaging

// Adds make_messaging_initializer to every new ORB (orb/linked_layer.hpp; rtorb::messaging's
// link options keep it in the program). Messaging takes no -ORB options of its own.
extern "C" const rtorb::orb::LinkedLayer rtorb_messaging_layer;
