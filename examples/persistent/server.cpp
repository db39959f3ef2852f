// counter-server IOR-FILE -ORBEndpoint iiop://127.0.0.1:PORT [-ORB options]
// Serves one Persistent::Counter whose reference stays valid when the server restarts:
// run it again on the same endpoint and clients holding the old reference carry on.
//
// A reference names the server's endpoint, the POA and the object id. With a fixed
// endpoint (-ORBEndpoint with a port, not :0), a PERSISTENT POA (its references outlive
// the process) and a USER_ID the program chooses, all three are the same in every run, so
// a reference written by one run reaches the object in the next. (The IOR text differs
// between runs: the object key also records which run made it.)
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "counterS.h"

namespace {

class CounterServant final : public CORBA::servant_traits<Persistent::Counter>::base_type {
 public:
  std::uint32_t next() override { return ++count_; }

 private:
  std::uint32_t count_ = 0;
};

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 2) {
      std::cerr << "usage: counter-server IOR-FILE -ORBEndpoint iiop://127.0.0.1:PORT\n";
      return 2;
    }
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    // The root POA is TRANSIENT with SYSTEM_ID: its references die with the process.
    CORBA::PolicyList policies{
        root->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
        root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
    auto poa = root->create_POA("counters", root->the_POAManager(), policies);
    const PortableServer::ObjectId id = PortableServer::string_to_ObjectId("main-counter");
    poa->activate_object_with_id(id, CORBA::make_reference<CounterServant>());
    root->the_POAManager()->activate();

    const std::string partial = std::string(argv[1]) + ".partial";
    std::ofstream(partial) << orb->object_to_string(poa->id_to_reference(id)) << '\n';
    std::rename(partial.c_str(), argv[1]);

    orb->run();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "counter-server: " << e.what() << '\n';
    return 1;
  }
}
