// rtorb-scheduling-service [--ior-file F] [--naming] [ORB options]: the Scheduling Service.
// Prints the Scheduler's IOR (or writes it to F), answers at
// corbaloc::host:port/ScheduleService, binds ScheduleService in the Naming Service with
// --naming (-ORBInitRef NameService=...), and serves until SIGINT or SIGTERM.
#include <iostream>
#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/naming/naming_service.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/scheduling/scheduling_service.hpp>
#include <string>

#include "service_program.hpp"

namespace {

constexpr const char* usage =
    "usage: rtorb-scheduling-service [--ior-file FILE] [--naming] [ORB options]\n"
    "  --ior-file FILE  write the Scheduler's IOR to FILE instead of stdout\n"
    "  --naming         bind it as ScheduleService in the Naming Service\n"
    "                   (-ORBInitRef NameService=corbaloc::host:port/NameService)\n"
    "  e.g. -ORBEndpoint iiop://127.0.0.1:2811 for corbaloc::127.0.0.1:2811/ScheduleService\n";

constexpr const char* service_name = "ScheduleService";

struct Arguments {
  std::string ior_file;
  bool naming = false;
};

// 0: go on; otherwise the exit status. --help was answered before the ORB existed.
int parse(int argc, char* argv[], Arguments& out) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--ior-file" && i + 1 < argc) {
      out.ior_file = argv[++i];
    } else if (arg == "--naming") {
      out.naming = true;
    } else {
      std::cerr << "rtorb-scheduling-service: unknown argument '" << arg << "'\n" << usage;
      return 2;
    }
  }
  return 0;
}

void bind_in_naming(CORBA::ORB& orb, const IDL::traits<CORBA::Object>::ref_type& scheduler) {
  auto root = IDL::traits<CosNaming::NamingContext>::narrow(
      orb.resolve_initial_references("NameService"));
  if (!root) throw std::runtime_error("--naming: NameService is not a naming context");
  root->rebind({CosNaming::NameComponent(service_name, "")}, scheduler);
}

int serve(CORBA::object_reference<CORBA::ORB> orb, const Arguments& args,
          const rtorb::services::StopSignals& stop) {
  auto root_poa =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  rtorb::scheduling::SchedulingService service(orb);
  root_poa->the_POAManager()->activate();
  auto table =
      IDL::traits<IORTable::Table>::narrow(orb->resolve_initial_references("IORTable"));
  table->rebind(service_name, service.scheduler());
  if (args.naming) bind_in_naming(*orb, service.scheduler());
  rtorb::services::publish_ior(args.ior_file, orb->object_to_string(service.scheduler()));
  stop.serve(orb);
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  if (rtorb::services::asks_for_help(argc, argv)) {
    std::cout << usage;
    return 0;
  }
  const rtorb::services::StopSignals stop;
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    Arguments args;
    if (const int status = parse(argc, argv, args); status != 0) {
      orb->destroy();
      return status;
    }
    const int status = serve(orb, args, stop);
    orb->destroy();
    return status;
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-scheduling-service: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "rtorb-scheduling-service: " << e.what() << '\n';
    return 1;
  }
}
