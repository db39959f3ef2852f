// docs/guide/getting-started.md's server, word for word: a program of its own, as a user
// writes it (examples/hello/server.cpp is its unabridged form).
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>
#include <fstream>
#include <string>
#include "helloS.h"

class HelloServant final : public CORBA::servant_traits<Demo::Hello>::base_type {
 public:
  std::string greet(const std::string& name) override { return "Hello, " + name + "!"; }
};

int main(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);  // takes the -ORB options out of argv
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  auto hello = poa->servant_to_reference(CORBA::make_reference<HelloServant>());
  std::ofstream(argv[1]) << orb->object_to_string(hello) << '\n';  // "IOR:..."
  orb->run();                                                      // serve requests
}
