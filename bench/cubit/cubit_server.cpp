// rtorb-cubit-server [--ior-file F] [--work N] [--sleep-ms N] [--amh|--amh-inline|--coro]
// [--persistent] [ORB options]: serves one Cubit until its shutdown operation is called or
// the process gets SIGINT/SIGTERM. --work N: cube_long and cube_oneway first check N numbers
// for primality (the paper's Figure 17 uses 1,000). --sleep-ms N: every two-way cube_*
// operation first sleeps N ms (a real sleep), so that calls served side by side show on a
// machine with few CPUs. --amh: an AMH servant that replies from a worker thread;
// --amh-inline: inside the upcall (cubit_amh_servant.hpp). --coro: a coroutine servant
// whose coroutines end at once (cubit_coro_servant.hpp). --work and --sleep-ms apply to the
// plain servant only. --persistent: the Cubit lives in a PERSISTENT/USER_ID POA, so its
// reference stays valid across a restart on the same -ORBEndpoint (docs/faults.md).
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "cubit_amh_servant.hpp"
#include "cubit_coro_servant.hpp"
#include "cubit_servant.hpp"
#include "server_main.hpp"

using cubit::CubitServant;

namespace {

// The reference of `servant`, activated in the root POA or, persistent, in a POA whose
// references outlive this process.
IDL::traits<CORBA::Object>::ref_type activate(const IDL::traits<PortableServer::POA>::ref_type& root,
                                              const CORBA::servant_reference<PortableServer::Servant>& servant,
                                              bool persistent) {
  if (!persistent) return root->id_to_reference(root->activate_object(servant));
  CORBA::PolicyList policies{
      root->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
      root->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  auto poa = root->create_POA("cubit", root->the_POAManager(), policies);
  const std::string name = "cubit";
  const PortableServer::ObjectId id(name.begin(), name.end());
  poa->activate_object_with_id(id, servant);
  return poa->id_to_reference(id);
}

bool parse_count(const char* text, long& value) {
  char* end = nullptr;
  value = std::strtol(text, &end, 10);
  return end != text && *end == '\0' && value >= 0 && value <= 1'000'000;
}

}  // namespace

int main(int argc, char* argv[]) {
  const cubit::TerminationSignals signals;
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    std::string ior_file;
    long work = 0;
    long sleep_ms = 0;
    bool amh = false;
    bool amh_inline = false;
    bool coro = false;
    bool persistent = false;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
        ior_file = argv[++i];
      } else if (std::strcmp(argv[i], "--work") == 0 && i + 1 < argc &&
                 parse_count(argv[i + 1], work)) {
        ++i;
      } else if (std::strcmp(argv[i], "--sleep-ms") == 0 && i + 1 < argc &&
                 parse_count(argv[i + 1], sleep_ms)) {
        ++i;
      } else if (std::strcmp(argv[i], "--amh") == 0) {
        amh = true;
      } else if (std::strcmp(argv[i], "--amh-inline") == 0) {
        amh = amh_inline = true;
      } else if (std::strcmp(argv[i], "--coro") == 0) {
        coro = true;
      } else if (std::strcmp(argv[i], "--persistent") == 0) {
        persistent = true;
      } else {
        std::cerr << "usage: rtorb-cubit-server [--ior-file F] [--work N] [--sleep-ms N] "
                     "[--amh|--amh-inline|--coro] [--persistent] "
                     "[ORB options]\n";
        return 2;
      }
    }
    auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    CORBA::servant_reference<PortableServer::Servant> servant;
    if (coro) {
      servant = CORBA::make_reference<cubit::CoroCubitServant>(orb);
    } else if (amh) {
      servant = CORBA::make_reference<cubit::AmhCubitServant>(orb, amh_inline);
    } else {
      servant = CORBA::make_reference<CubitServant>(orb, static_cast<std::int32_t>(work),
                                                    std::chrono::milliseconds(sleep_ms));
    }
    const std::string ior = orb->object_to_string(activate(poa, servant, persistent));
    if (ior_file.empty()) {
      std::cout << ior << std::endl;
    } else {
      cubit::write_ior_file(ior_file, ior);
    }
    signals.run_until_signalled(orb);
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-cubit-server: " << e.what() << '\n';
    return 1;
  }
}
