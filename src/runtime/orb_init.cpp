// CORBA::ORB_init: the orb layer parses and builds, the POA is the object adapter.
#include <rtorb/corba/orb.hpp>

#include "orb/orb_core.hpp"
#include "poa/adapter_factory.hpp"

namespace CORBA {

object_reference<ORB> ORB_init(int& argc, char* argv[], const std::string& orb_id) {
  return rtorb::orb::OrbCore::create(argc, argv, orb_id, &rtorb::poa::make_adapter);
}

}  // namespace CORBA
