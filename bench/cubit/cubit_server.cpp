// rtorb-cubit-server [--ior-file F] [ORB options]: serves one Cubit until its shutdown
// operation is called or the process gets SIGINT/SIGTERM.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <pthread.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

#include "cubit_servant.hpp"

namespace {

using cubit::CubitServant;

// SIGINT/SIGTERM are blocked in every thread and taken by one waiter thread, which may call
// into the ORB (a signal handler may not).
sigset_t termination_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

int main(int argc, char* argv[]) {
  const sigset_t signals = termination_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    std::string ior_file;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
        ior_file = argv[++i];
      } else {
        std::cerr << "usage: rtorb-cubit-server [--ior-file F] [ORB options]\n";
        return 2;
      }
    }
    auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    auto servant = CORBA::make_reference<CubitServant>(orb);
    const PortableServer::ObjectId id = poa->activate_object(servant);
    const std::string ior = orb->object_to_string(poa->id_to_reference(id));
    if (ior_file.empty()) {
      std::cout << ior << std::endl;
    } else {
      // Written whole, then renamed, so a reader never sees half an IOR.
      const std::string partial = ior_file + ".partial";
      std::ofstream(partial) << ior << '\n';
      std::rename(partial.c_str(), ior_file.c_str());
    }
    std::thread signal_waiter([&] {
      int signal = 0;
      sigwait(&signals, &signal);
      orb->shutdown(false);  // harmless when run() has already returned
    });
    orb->run();
    pthread_kill(signal_waiter.native_handle(), SIGTERM);
    signal_waiter.join();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-cubit-server: " << e.what() << '\n';
    return 1;
  }
}
