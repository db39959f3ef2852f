// The main of a test server that serves one servant in its RootPOA: `program --ior-file F
// [ORB options]` writes the reference to F (write_ior_file) and runs the ORB until it is
// shut down. Returns the process's exit status: 2 for a bad command line, 1 for a CORBA
// exception.
#pragma once

#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <cstring>
#include <iostream>
#include <string>

#include "test_support/ior_file.hpp"

namespace rtorb::test {

// `make_servant()` gives the servant (a CORBA::servant_reference) once the ORB exists.
template <class MakeServant>
int serve_one_object(int argc, char* argv[], const char* program, MakeServant make_servant) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    std::string ior_file;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
        ior_file = argv[++i];
      } else {
        std::cerr << "usage: " << program << " --ior-file F [ORB options]\n";
        return 2;
      }
    }
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    const std::string ior = orb->object_to_string(root->servant_to_reference(make_servant()));
    write_ior_file(ior_file, ior);
    orb->run();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << program << ": " << e.what() << '\n';
    return 1;
  }
}

}  // namespace rtorb::test
