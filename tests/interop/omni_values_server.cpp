// omniORB peer of the values matrix: serves one InteropValues::ValueTester (and the Circles
// make_shape returns) until SIGTERM or SIGINT.
//
//   omni_values_server [--ior-file F] [-ORB options]
//
// Writes the ValueTester's IOR to F (whole, through a rename) or prints it on stdout.
// Exits 0 after a clean shutdown.
#include <signal.h>
#include <test_support/ior_file.hpp>

#include <cstdio>
#include <cstring>
#include <string>

#include "omni_values_servants.hpp"

namespace {

int serve(CORBA::ORB_ptr orb, const std::string& ior_file, sigset_t* stop_signals) {
  omni_values::register_value_factories(orb);
  CORBA::Object_var poa_obj = orb->resolve_initial_references("RootPOA");
  PortableServer::POA_var poa = PortableServer::POA::_narrow(poa_obj);
  PortableServer::POAManager_var manager = poa->the_POAManager();
  manager->activate();
  auto* servant = new omni_values::ValueTesterServant(poa);
  PortableServer::ObjectId_var id = poa->activate_object(servant);
  servant->_remove_ref();
  CORBA::Object_var tester = poa->id_to_reference(id);
  CORBA::String_var ior = orb->object_to_string(tester);
  if (ior_file.empty()) {
    std::printf("%s\n", static_cast<const char*>(ior));
    std::fflush(stdout);
  } else {
    rtorb::test::write_ior_file(ior_file, static_cast<const char*>(ior));
  }
  int signal_number = 0;
  sigwait(stop_signals, &signal_number);  // the ORB's own threads serve
  orb->shutdown(true);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
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
        std::fprintf(stderr, "omni_values_server: unknown argument %s\n", argv[i]);
        return 2;
      }
    }
    const int status = serve(orb, ior_file, &stop_signals);
    orb->destroy();
    return status;
  } catch (const CORBA::SystemException& e) {
    std::fprintf(stderr, "omni_values_server: %s minor 0x%lx\n", e._name(),
                 static_cast<unsigned long>(e.minor()));
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "omni_values_server: %s\n", e._name());
  }
  return 1;
}
