// greeter-server READY-FILE [-ORB options]: serves one Demo::Greeter and binds it in the
// Naming Service as "examples/greeter.object", then touches READY-FILE and serves.
// The Naming Service comes from -ORBInitRef NameService=corbaloc::host:port/NameService.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <fstream>
#include <iostream>
#include <string>

#include "CosNamingC.h"  // rtorb::naming's, generated from the CosNaming.idl rtorb ships
#include "greeterS.h"

class GreeterServant final : public CORBA::servant_traits<Demo::Greeter>::base_type {
 public:
  std::string greet(const std::string& name) override { return "Hello, " + name + "!"; }
};

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 2) {
      std::cerr << "usage: greeter-server READY-FILE -ORBInitRef NameService=URL\n";
      return 2;
    }
    auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    auto greeter = poa->servant_to_reference(CORBA::make_reference<GreeterServant>());

    // NamingContextExt parses "examples/greeter.object" (id "greeter", kind "object").
    auto names = IDL::traits<CosNaming::NamingContextExt>::narrow(
        orb->resolve_initial_references("NameService"));
    try {
      names->bind_new_context(names->to_name("examples"));
    } catch (const CosNaming::NamingContext::AlreadyBound&) {
      // made by an earlier run: keep it
    }
    names->rebind(names->to_name("examples/greeter.object"), greeter);  // replaces an old one

    std::ofstream(argv[1]) << "ready\n";
    orb->run();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "greeter-server: " << e.what() << '\n';
    return 1;
  }
}
