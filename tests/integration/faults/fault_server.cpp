// fault-server --ior-file F [--persistent] [ORB options]: serves one Faults::Target. With
// --persistent the object lives in a PERSISTENT/USER_ID POA, so its reference stays valid
// across a restart on the same endpoint.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <chrono>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>

#include "faultsC.h"
#include "faultsS.h"
#include "test_support/ior_file.hpp"

namespace {

class TargetServant final : public CORBA::servant_traits<Faults::Target>::base_type {
 public:
  explicit TargetServant(IDL::traits<CORBA::ORB>::ref_type orb) : orb_(std::move(orb)) {}
  std::int32_t echo(std::int32_t v) override { return v; }
  void sleep_ms(std::uint32_t ms) override { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }
  Faults::Octets make(std::uint32_t n) override { return Faults::Octets(n, 0x5a); }
  std::uint32_t size_of(const Faults::Octets& o) override { return static_cast<std::uint32_t>(o.size()); }
  void refuse(std::int32_t code) override { throw Faults::Refused(code); }
  void shutdown() override { orb_->shutdown(false); }

 private:
  IDL::traits<CORBA::ORB>::ref_type orb_;
};

IDL::traits<CORBA::Object>::ref_type activate(const IDL::traits<PortableServer::POA>::ref_type& root,
                                              const CORBA::servant_reference<TargetServant>& servant,
                                              bool persistent) {
  if (!persistent) return root->servant_to_reference(servant);
  CORBA::PolicyList policies{root->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
                             root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  auto poa = root->create_POA("faults", root->the_POAManager(), policies);
  const std::string name = "target";
  const PortableServer::ObjectId id(name.begin(), name.end());
  poa->activate_object_with_id(id, servant);
  return poa->id_to_reference(id);
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    std::string ior_file;
    bool persistent = false;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
        ior_file = argv[++i];
      } else if (std::strcmp(argv[i], "--persistent") == 0) {
        persistent = true;
      } else {
        std::cerr << "usage: fault-server --ior-file F [--persistent] [ORB options]\n";
        return 2;
      }
    }
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    auto servant = CORBA::make_reference<TargetServant>(orb);
    const std::string ior = orb->object_to_string(activate(root, servant, persistent));
    rtorb::test::write_ior_file(ior_file, ior);
    orb->run();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "fault-server: " << e.what() << '\n';
    return 1;
  }
}
