// footprint-minimal-server: one servant, its IOR on stdout, then ORB::run. Exists to be
// measured (stripped size minus footprint-trivial's), not to be used.
#include <iostream>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include "minimalS.h"

namespace {

class MinimalServant final : public CORBA::servant_traits<Minimal>::base_type {
 public:
  std::int32_t echo(std::int32_t v) override { return v; }
};

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    auto poa =
        IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    auto servant = CORBA::make_reference<MinimalServant>();
    std::cout << orb->object_to_string(poa->id_to_reference(poa->activate_object(servant)))
              << std::endl;
    orb->run();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
}
