// rtorb client of the interop matrix: calls every operation and attribute of
// Interop::Tester and of the objects it returns, one line per check (interop_report.hpp).
// The same checks as omni_interop_client.cpp, written against the IDL to C++11 mapping;
// the check groups live in rtorb_interop_client_*.cpp (rtorb_interop_client.hpp).
//
//   rtorb-interop-client <IOR:...|corbaloc:...|file://path> [--no-wide] [--skip CHECK]... [-ORB options]
//
// It serves a Counter of its own (so give it an -ORBEndpoint the server can reach) that
// use_counter calls back. `--no-wide`, or -ORBGIOPVersion 1.0/1.1, skips the wchar and
// wstring checks. Exit status 0 only when every check passed.
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <thread>

#include "rtorb_interop_client.hpp"

namespace rtorb_interop::client {
namespace {

int run_client(const IDL::traits<CORBA::ORB>::ref_type& orb, const std::string& reference,
               bool wide) {
  Report report;
  auto poa =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  const CounterRef local_counter = rtorb_interop::activate<Interop::Counter>(
      poa, CORBA::make_reference<rtorb_interop::CounterImpl>("client", 100));
  // Serves the callbacks to local_counter while this thread makes calls.
  std::thread server([&orb] {
    try {
      orb->run();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "rtorb-interop-client: run: %s\n", e.what());
    }
  });

  TesterRef tester;
  rtorb::interop::check<CatchExceptions>(report, "reference is a Tester", [&]() -> std::string {
    tester = IDL::traits<Interop::Tester>::narrow(orb->string_to_object(reference));
    return tester == nullptr ? "narrow gave nil" : "";
  });
  if (tester != nullptr) {
    Session session{report, tester, local_counter, wide};
    basic_checks(session);
    constructed_checks(session);
    sequence_checks(session);
    any_checks(session);
    parameter_checks(session);
    object_checks(session);
    exception_checks(session);
    oneway_and_attribute_checks(session);
  }
  orb->shutdown(true);
  server.join();
  return report.finish();
}

}  // namespace
}  // namespace rtorb_interop::client

int main(int argc, char** argv) {
  constexpr const char* program = "rtorb-interop-client";
  // Before ORB_init, which removes the -ORB options this looks at.
  const bool wide = !rtorb::interop::wants_no_wide(argc, argv);
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const std::optional<std::string> reference =
        rtorb::interop::reference_argument(argc, argv, program);
    if (!reference) return 2;
    const int status = rtorb_interop::client::run_client(orb, *reference, wide);
    orb->destroy();
    return status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", program, e.what());
  }
  return 1;
}
