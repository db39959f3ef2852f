// hello-server IOR-FILE [-ORB options]: serves one Demo::Hello and writes its reference
// (an "IOR:..." string) to IOR-FILE, then serves requests until it is killed.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "helloS.h"  // generated: the servant base class POA::Demo::Hello

// The servant: the C++ object that carries out the calls made on the CORBA object.
class HelloServant final : public CORBA::servant_traits<Demo::Hello>::base_type {
 public:
  std::string greet(const std::string& name) override { return "Hello, " + name + "!"; }
};

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);  // takes the -ORB options out of argv
    if (argc != 2) {
      std::cerr << "usage: hello-server IOR-FILE [-ORB options]\n";
      return 2;
    }
    // Objects live in a POA; the root POA is enough here. It serves once activated.
    auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    auto hello = poa->servant_to_reference(CORBA::make_reference<HelloServant>());

    // Written under another name and renamed, so a client never reads half a reference.
    const std::string partial = std::string(argv[1]) + ".partial";
    std::ofstream(partial) << orb->object_to_string(hello) << '\n';
    std::rename(partial.c_str(), argv[1]);

    orb->run();  // serves requests on this thread until orb->shutdown()
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {  // what() names the exception and its minor code
    std::cerr << "hello-server: " << e.what() << '\n';
    return 1;
  }
}
