// rtorb peer of the interop matrix: serves one Interop::Tester until SIGTERM or SIGINT.
//
//   rtorb-interop-server [--ior-file F] [-ORB options, e.g. -ORBEndpoint iiop://127.0.0.1:0
//                        -ORBGIOPVersion 1.1]
//
// Writes the Tester's IOR to F (through a temporary file and a rename, so a reader never
// sees half of it) or prints it on stdout. Exits 0 after a clean shutdown.
#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "rtorb_interop_servants.hpp"

namespace {

// Threads that take turns serving requests (leader/followers), so a request that calls
// back out (use_counter) never leaves the server without a thread to read replies.
constexpr int server_threads = 4;

bool write_ior(const std::string& path, const std::string& ior) {
  const std::string temporary = path + ".tmp";
  std::FILE* file = std::fopen(temporary.c_str(), "w");
  if (file == nullptr) {
    std::perror(temporary.c_str());
    return false;
  }
  const bool written = std::fprintf(file, "%s\n", ior.c_str()) > 0;
  if (std::fclose(file) != 0 || !written || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::perror(path.c_str());
    return false;
  }
  return true;
}

int serve(const IDL::traits<CORBA::ORB>::ref_type& orb, const std::string& ior_file,
          sigset_t* stop_signals) {
  auto poa =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  auto tester = rtorb_interop::activate<Interop::Tester>(
      poa, CORBA::make_reference<rtorb_interop::TesterImpl>(poa));
  const std::string ior = orb->object_to_string(tester);
  if (ior_file.empty()) {
    std::printf("%s\n", ior.c_str());
    std::fflush(stdout);
  } else if (!write_ior(ior_file, ior)) {
    return 1;
  }

  std::vector<std::thread> workers;
  for (int i = 0; i < server_threads; ++i) {
    workers.emplace_back([&orb] {
      try {
        orb->run();
      } catch (const std::exception& e) {
        std::fprintf(stderr, "rtorb-interop-server: run: %s\n", e.what());
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
        std::fprintf(stderr, "rtorb-interop-server: unknown argument %s\n", argv[i]);
        return 2;
      }
    }
    const int status = serve(orb, ior_file, &stop_signals);
    orb->destroy();
    return status;
  } catch (const std::exception& e) {
    // CORBA exceptions included: what() names a system exception's minor code and status.
    std::fprintf(stderr, "rtorb-interop-server: %s\n", e.what());
  }
  return 1;
}
