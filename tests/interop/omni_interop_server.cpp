// omniORB peer of the interop matrix: serves one Interop::Tester until SIGTERM or SIGINT.
//
//   omni_interop_server [--ior-file F] [-ORB options, e.g. -ORBendPoint giop:tcp:127.0.0.1:0
//                       -ORBmaxGIOPVersion 1.1]
//
// Writes the Tester's IOR to F (through a temporary file and a rename, so a reader never
// sees half of it) or prints it on stdout. Exits 0 after a clean shutdown.
#include <signal.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "omni_interop_servants.hpp"

namespace {

// Returns false (after saying why) when the file cannot be written.
bool write_ior(const std::string& path, const char* ior) {
  const std::string temporary = path + ".tmp";
  std::FILE* file = std::fopen(temporary.c_str(), "w");
  if (file == nullptr) {
    std::perror(temporary.c_str());
    return false;
  }
  const bool written = std::fprintf(file, "%s\n", ior) > 0;
  if (std::fclose(file) != 0 || !written || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::perror(path.c_str());
    return false;
  }
  return true;
}

int serve(CORBA::ORB_ptr orb, const std::string& ior_file, sigset_t* stop_signals) {
  CORBA::Object_var poa_obj = orb->resolve_initial_references("RootPOA");
  PortableServer::POA_var poa = PortableServer::POA::_narrow(poa_obj);
  PortableServer::POAManager_var manager = poa->the_POAManager();
  manager->activate();

  // Owned by the POA from here on: orb->destroy() etherealises it once no call is running.
  Interop::Tester_var tester =
      omni_interop::activate<Interop::Tester>(poa, new omni_interop::TesterServant(poa));
  CORBA::String_var ior = orb->object_to_string(tester);
  if (ior_file.empty()) {
    std::printf("%s\n", static_cast<const char*>(ior));
    std::fflush(stdout);
  } else if (!write_ior(ior_file, ior)) {
    return 1;
  }

  // The ORB's own threads serve; this one only waits to be told to stop.
  int signal_number = 0;
  sigwait(stop_signals, &signal_number);
  orb->shutdown(true);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Blocked before ORB_init so every omniORB thread inherits the mask and only sigwait
  // sees these signals.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    std::string ior_file;
    for (int i = 1; i < argc; ++i) {
      if (std::strcmp(argv[i], "--ior-file") == 0 && i + 1 < argc) {
        ior_file = argv[++i];
      } else {
        std::fprintf(stderr, "omni_interop_server: unknown argument %s\n", argv[i]);
        return 2;
      }
    }
    const int status = serve(orb, ior_file, &stop_signals);
    orb->destroy();
    return status;
  } catch (const CORBA::SystemException& e) {
    std::fprintf(stderr, "omni_interop_server: %s minor 0x%lx\n", e._name(),
                 static_cast<unsigned long>(e.minor()));
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "omni_interop_server: %s\n", e._name());
  }
  return 1;
}
