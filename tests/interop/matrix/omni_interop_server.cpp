// omniORB peer of the interop matrix: serves one Interop::Tester until SIGTERM or SIGINT.
//
//   omni_interop_server [--ior-file F] [-ORB options, e.g. -ORBendPoint giop:tcp:127.0.0.1:0
//                       -ORBmaxGIOPVersion 1.1]
//
// Writes the Tester's IOR to F (through a temporary file and a rename, so a reader never
// sees half of it) or prints it on stdout. Exits 0 after a clean shutdown.
#include <test_support/ior_file.hpp>
#include <test_support/stop_signals.hpp>

#include <cstdio>

#include "omni_interop_servants.hpp"

namespace {

constexpr const char* program = "omni_interop_server";

}  // namespace

int main(int argc, char** argv) {
  const rtorb::test::StopSignals stop;
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    const auto ior_file = rtorb::test::ior_file_argument(argc, argv, program);
    if (!ior_file) return 2;
    CORBA::Object_var poa_obj = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var poa = PortableServer::POA::_narrow(poa_obj);
    PortableServer::POAManager_var manager = poa->the_POAManager();
    manager->activate();
    // Owned by the POA from here on: orb->destroy() etherealises it once no call is running.
    Interop::Tester_var tester =
        omni_interop::activate<Interop::Tester>(poa, new omni_interop::TesterServant(poa));
    CORBA::String_var ior = orb->object_to_string(tester);
    rtorb::test::publish_ior(*ior_file, static_cast<const char*>(ior));
    stop.wait();  // the ORB's own threads serve
    orb->shutdown(true);
    orb->destroy();
    return 0;
  } catch (const CORBA::SystemException& e) {
    std::fprintf(stderr, "%s: %s minor 0x%lx\n", program, e._name(),
                 static_cast<unsigned long>(e.minor()));
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "%s: %s\n", program, e._name());
  }
  return 1;
}
