// omniORB peer of the values matrix: serves one InteropValues::ValueTester (and the Circles
// make_shape returns) until SIGTERM or SIGINT.
//
//   omni_values_server [--ior-file F] [-ORB options]
//
// Writes the ValueTester's IOR to F (whole, through a rename) or prints it on stdout.
// Exits 0 after a clean shutdown.
#include <test_support/ior_file.hpp>
#include <test_support/stop_signals.hpp>

#include <cstdio>

#include "omni_values_servants.hpp"

namespace {

constexpr const char* program = "omni_values_server";

}  // namespace

int main(int argc, char** argv) {
  const rtorb::test::StopSignals stop;
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    const auto ior_file = rtorb::test::ior_file_argument(argc, argv, program);
    if (!ior_file) return 2;
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
