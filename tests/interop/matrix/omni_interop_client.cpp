// omniORB client of the interop matrix: calls every operation and attribute of
// Interop::Tester and of the objects it returns, one line per check (interop_report.hpp).
// The check groups live in omni_interop_client_*.cpp (omni_interop_client.hpp).
//
//   omni_interop_client <IOR:...|corbaloc:...|file://path> [--no-wide] [--skip CHECK]... [-ORB options]
//
// It serves a Counter of its own (so give it an -ORBendPoint the server can reach) that
// use_counter calls back. `--no-wide`, or -ORBmaxGIOPVersion 1.0/1.1, skips the wchar and
// wstring checks: GIOP 1.0 has no wide characters and omniORB refuses them in 1.1.
// Exit status 0 only when every check passed.
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include "omni_interop_client.hpp"

namespace omni_interop::client {
namespace {

// "file://path" is read here (omniORB does not resolve it); anything else goes to the ORB.
std::string reference_text(const std::string& argument) {
  const std::string scheme = "file://";
  if (argument.rfind(scheme, 0) != 0) return argument;
  std::ifstream file(argument.substr(scheme.size()));
  std::string text;
  std::getline(file, text);
  return text;
}

int run_client(CORBA::ORB_ptr orb, const std::string& reference, bool wide) {
  Report report;
  CORBA::Object_var poa_obj = orb->resolve_initial_references("RootPOA");
  PortableServer::POA_var poa = PortableServer::POA::_narrow(poa_obj);
  PortableServer::POAManager_var manager = poa->the_POAManager();
  manager->activate();
  Interop::Counter_var local_counter = omni_interop::activate<Interop::Counter>(
      poa, new omni_interop::CounterServant("client", 100));

  Interop::Tester_var tester;
  rtorb::interop::check<CatchExceptions>(report, "reference is a Tester", [&]() -> std::string {
    CORBA::Object_var obj = orb->string_to_object(reference.c_str());
    tester = Interop::Tester::_narrow(obj);
    return CORBA::is_nil(tester) ? "narrow gave nil" : "";
  });
  if (CORBA::is_nil(tester)) return report.finish();

  Session session{report, tester.in(), local_counter.in(), wide};
  basic_checks(session);
  constructed_checks(session);
  sequence_checks(session);
  any_checks(session);
  parameter_checks(session);
  object_checks(session);
  exception_checks(session);
  oneway_and_attribute_checks(session);
  return report.finish();
}

}  // namespace
}  // namespace omni_interop::client

int main(int argc, char** argv) {
  using rtorb::interop::describe_system_exception;
  constexpr const char* program = "omni_interop_client";
  // Before ORB_init, which removes the -ORB options this looks at.
  const bool wide = !rtorb::interop::wants_no_wide(argc, argv);
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    const std::optional<std::string> argument =
        rtorb::interop::reference_argument(argc, argv, program);
    if (!argument) return 2;
    const std::string reference = omni_interop::client::reference_text(*argument);
    if (reference.empty()) {
      std::fprintf(stderr, "%s: no reference in %s\n", program, argument->c_str());
      return 2;
    }
    const int status = omni_interop::client::run_client(orb, reference, wide);
    orb->destroy();
    return status;
  } catch (const CORBA::SystemException& e) {
    std::fprintf(stderr, "%s: %s\n", program, describe_system_exception(e).c_str());
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "%s: %s\n", program, e._name());
  }
  return 1;
}
