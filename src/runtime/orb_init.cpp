// CORBA::ORB_init: the orb layer parses and builds, the POA is the object adapter, and the
// rt layer adds Real-time CORBA (its -ORB options are taken out of argv first), the
// messaging layer CORBA Messaging.
#include <rtorb/corba/orb.hpp>

#include "orb/orb_core.hpp"
#include "messaging/messaging_init.hpp"
#include "poa/adapter_factory.hpp"
#include "rt/rt_orb.hpp"

namespace CORBA {

object_reference<ORB> ORB_init(int& argc, char* argv[], const std::string& orb_id) {
  rtorb::rt::RtOptions rt = rtorb::rt::parse_rt_arguments(argc, argv);
  rtorb::orb::OrbOptions options = rtorb::orb::parse_orb_arguments(argc, argv);
  if (!orb_id.empty()) options.orb_id = orb_id;
  options.adapter_factory = &rtorb::poa::make_adapter;
  options.initializers.push_back(rtorb::rt::make_rt_initializer(std::move(rt)));
  options.initializers.push_back(rtorb::messaging::make_messaging_initializer());
  return rtorb::orb::OrbCore::create(std::move(options));
}

}  // namespace CORBA
