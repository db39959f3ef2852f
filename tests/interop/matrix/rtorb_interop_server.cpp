// rtorb peer of the interop matrix: serves one Interop::Tester until SIGTERM or SIGINT.
//
//   rtorb-interop-server [--ior-file F] [-ORB options, e.g. -ORBEndpoint iiop://127.0.0.1:0
//                        -ORBGIOPVersion 1.1]
//
// Writes the Tester's IOR to F (through a temporary file and a rename, so a reader never
// sees half of it) or prints it on stdout. Exits 0 after a clean shutdown.
#include <test_support/ior_file.hpp>
#include <test_support/serve_until_stopped.hpp>

#include <cstdio>
#include <exception>

#include "rtorb_interop_servants.hpp"

namespace {

// Threads that take turns serving requests, so a request that calls back out (use_counter)
// never leaves the server without a thread to read replies.
constexpr int server_threads = 4;
constexpr const char* program = "rtorb-interop-server";

}  // namespace

int main(int argc, char** argv) {
  const rtorb::test::StopSignals stop;
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const auto ior_file = rtorb::test::ior_file_argument(argc, argv, program);
    if (!ior_file) return 2;
    auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    poa->the_POAManager()->activate();
    auto tester = rtorb_interop::activate<Interop::Tester>(
        poa, CORBA::make_reference<rtorb_interop::TesterImpl>(poa));
    rtorb::test::publish_ior(*ior_file, orb->object_to_string(tester));
    rtorb::test::serve_until_stopped(orb, server_threads, stop, program);
    orb->destroy();
    return 0;
  } catch (const std::exception& e) {
    // CORBA exceptions included: what() names a system exception's minor code and status.
    std::fprintf(stderr, "%s: %s\n", program, e.what());
  }
  return 1;
}
