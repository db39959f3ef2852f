// rtorb peer of the values matrix: serves one InteropValues::ValueTester (and the Circles
// make_shape returns) until SIGTERM or SIGINT.
//
//   rtorb-values-server [--ior-file F] [-ORB options]
//
// Writes the ValueTester's IOR to F (whole, through a rename) or prints it on stdout.
// Exits 0 after a clean shutdown.
#include <test_support/ior_file.hpp>
#include <test_support/serve_until_stopped.hpp>

#include <cstdio>
#include <exception>

#include "rtorb_values_servants.hpp"

namespace {

constexpr int server_threads = 2;
constexpr const char* program = "rtorb-values-server";

}  // namespace

int main(int argc, char** argv) {
  const rtorb::test::StopSignals stop;
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const auto ior_file = rtorb::test::ior_file_argument(argc, argv, program);
    if (!ior_file) return 2;
    rtorb_values::register_value_factories(*orb);
    auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    const auto id = poa->activate_object(CORBA::make_reference<rtorb_values::ValueTesterImpl>(poa));
    rtorb::test::publish_ior(*ior_file, orb->object_to_string(poa->id_to_reference(id)));
    rtorb::test::serve_until_stopped(orb, server_threads, stop, program);
    orb->destroy();
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", program, e.what());
  }
  return 1;
}
