// rtorb peer of the values matrix: serves one InteropValues::ValueTester (and the Circles
// make_shape returns) until SIGTERM or SIGINT.
//
//   rtorb-values-server [--ior-file F] [-ORB options]
//
// Writes the ValueTester's IOR to F (whole, through a rename) or prints it on stdout.
// Exits 0 after a clean shutdown.
#include <pthread.h>
#include <signal.h>
#include <test_support/ior_file.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "rtorb_values_servants.hpp"

namespace {

constexpr int server_threads = 2;

int serve(const IDL::traits<CORBA::ORB>::ref_type& orb, const std::string& ior_file,
          sigset_t* stop_signals) {
  rtorb_values::register_value_factories(*orb);
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  const auto id = poa->activate_object(CORBA::make_reference<rtorb_values::ValueTesterImpl>(poa));
  const std::string ior = orb->object_to_string(poa->id_to_reference(id));
  if (ior_file.empty()) {
    std::printf("%s\n", ior.c_str());
    std::fflush(stdout);
  } else {
    rtorb::test::write_ior_file(ior_file, ior);
  }
  std::vector<std::thread> workers;
  for (int i = 0; i < server_threads; ++i) {
    workers.emplace_back([&orb] {
      try {
        orb->run();
      } catch (const std::exception& e) {
        std::fprintf(stderr, "rtorb-values-server: run: %s\n", e.what());
      }
    });
  }
  int signal_number = 0;
  sigwait(stop_signals, &signal_number);
  orb->shutdown(true);
  for (std::thread& worker : workers) worker.join();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Blocked before ORB_init so every thread inherits the mask and only sigwait sees them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    std::string ior_file;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
        ior_file = argv[++i];
      } else {
        std::fprintf(stderr, "rtorb-values-server: unknown argument %s\n", argv[i]);
        return 2;
      }
    }
    const int status = serve(orb, ior_file, &stop_signals);
    orb->destroy();
    return status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rtorb-values-server: %s\n", e.what());
  }
  return 1;
}
