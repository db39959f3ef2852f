// amh-server --ior-file F [ORB options]: serves one AmhTest::Deferred, an AMH servant, in
// the RootPOA.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <cstring>
#include <iostream>
#include <string>

#include "amh_servant.hpp"
#include "test_support/ior_file.hpp"

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    std::string ior_file;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
        ior_file = argv[++i];
      } else {
        std::cerr << "usage: amh-server --ior-file F [ORB options]\n";
        return 2;
      }
    }
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    auto servant = CORBA::make_reference<amh_test::DeferredServant>();
    const std::string ior = orb->object_to_string(root->servant_to_reference(servant));
    rtorb::test::write_ior_file(ior_file, ior);
    orb->run();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "amh-server: " << e.what() << '\n';
    return 1;
  }
}
