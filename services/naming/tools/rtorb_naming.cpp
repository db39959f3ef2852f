// rtorb-naming [--store FILE] [--ior-file F] [ORB options]: the Naming Service. Prints the
// root context's IOR (or writes it to F) and answers at corbaloc::host:port/NameService.
// SIGINT and SIGTERM stop it cleanly.
#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/naming/naming_service.hpp>
#include <rtorb/poa/poa.hpp>

#include <iostream>
#include <string>

#include "service_program.hpp"

namespace {

constexpr const char* usage =
    "usage: rtorb-naming [--store FILE] [--ior-file FILE] [ORB options]\n"
    "  Runs the Naming Service until SIGINT or SIGTERM; prints the root context's IOR.\n"
    "  --store FILE     keep names and contexts in FILE across restarts\n"
    "  --ior-file FILE  write the root context's IOR to FILE instead of stdout\n"
    "  e.g. -ORBEndpoint iiop://127.0.0.1:2809 for corbaloc::127.0.0.1:2809/NameService\n"
    "  (-ORBServerThreads defaults to 8 here)\n"
    "  -h, --help       print this help and exit\n"
    "exit status: 0 stopped cleanly, 1 the service failed, 2 bad usage\n";

struct Arguments {
  std::string store;
  std::string ior_file;
};

bool usage_error(const std::string& why) {
  std::cerr << "rtorb-naming: " << why << '\n' << usage;
  return false;
}

// Sees what ORB_init left: the ORB's own options are gone by then.
bool parse(int argc, char* argv[], Arguments& out) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--store" || arg == "--ior-file") {
      if (i + 1 >= argc) return usage_error("option '" + arg + "' needs a file name");
      (arg == "--store" ? out.store : out.ior_file) = argv[++i];
    } else {
      return usage_error("unknown argument '" + arg + "'");
    }
  }
  return true;
}


}  // namespace

int main(int argc, char* argv[]) {
  if (rtorb::services::asks_for_help(argc, argv)) {
    std::cout << usage;
    return 0;
  }
  const rtorb::services::StopSignals stop;
  try {
    // A pool of threads unless told otherwise: calls to other naming servers (which may
    // call back) and concurrent writers sharing a journal sync need more than one.
    rtorb::services::ArgumentsWithServerThreads arguments(argc, argv, 8);
    auto orb = CORBA::ORB_init(arguments.argc(), arguments.argv());
    Arguments args;
    if (!parse(arguments.argc(), arguments.argv(), args)) {
      orb->destroy();
      return 2;
    }
    auto root_poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    rtorb::naming::NamingService service(orb, {args.store, "NameService", {}});
    root_poa->the_POAManager()->activate();
    auto table = IDL::traits<IORTable::Table>::narrow(orb->resolve_initial_references("IORTable"));
    table->rebind("NameService", service.root_context());
    rtorb::services::publish_ior(args.ior_file, orb->object_to_string(service.root_context()));
    stop.serve(orb);
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-naming: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "rtorb-naming: " << e.what() << '\n';
    return 1;
  }
}
