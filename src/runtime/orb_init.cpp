// CORBA::ORB_init: the orb layer reads argv once against the one option table, to which
// the layers above it (orb_layers.hpp: rt, messaging) add their options; the POA is the
// object adapter.
#include <rtorb/corba/orb.hpp>

#include "orb/orb_core.hpp"
#include "poa/adapter_factory.hpp"
#include "runtime/orb_layers.hpp"

namespace CORBA {

object_reference<ORB> ORB_init(int& argc, char* argv[], const std::string& orb_id) {
  rtorb::orb::OrbOptions options =
      rtorb::orb::parse_orb_arguments(argc, argv, rtorb::runtime::orb_layers());
  if (!orb_id.empty()) options.orb_id = orb_id;
  options.adapter_factory = &rtorb::poa::make_adapter;
  return rtorb::orb::OrbCore::create(std::move(options));
}

}  // namespace CORBA
