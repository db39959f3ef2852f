// rtorb-scheduling-service [--ior-file F] [--naming] [ORB options]: the Scheduling Service.
// Prints the Scheduler's IOR (or writes it to F), answers at
// corbaloc::host:port/ScheduleService, binds ScheduleService in the Naming Service with
// --naming (-ORBInitRef NameService=...), and serves until SIGINT or SIGTERM.
#include <pthread.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/naming/naming_service.hpp>
#include <rtorb/poa/poa.hpp>
#include <rtorb/scheduling/scheduling_service.hpp>
#include <string>
#include <string_view>
#include <thread>

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

// 0: go on; -1: done (help); otherwise the exit status.
int parse(int argc, char* argv[], Arguments& out) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << usage;
      return -1;
    }
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

// The file appears whole or not at all: a reader polling for it never sees half an IOR.
void write_ior(const std::string& path, const std::string& ior) {
  const std::string partial = path + ".partial";
  std::ofstream(partial) << ior << '\n';
  if (std::rename(partial.c_str(), path.c_str()) != 0) {
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  }
}

void bind_in_naming(CORBA::ORB& orb, const IDL::traits<CORBA::Object>::ref_type& scheduler) {
  auto root = IDL::traits<CosNaming::NamingContext>::narrow(
      orb.resolve_initial_references("NameService"));
  if (!root) throw std::runtime_error("--naming: NameService is not a naming context");
  root->rebind({CosNaming::NameComponent(service_name, "")}, scheduler);
}

sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

int serve(CORBA::object_reference<CORBA::ORB> orb, const Arguments& args,
          const sigset_t& signals) {
  auto root_poa =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  rtorb::scheduling::SchedulingService service(orb);
  root_poa->the_POAManager()->activate();
  auto table =
      IDL::traits<IORTable::Table>::narrow(orb->resolve_initial_references("IORTable"));
  table->rebind(service_name, service.scheduler());
  if (args.naming) bind_in_naming(*orb, service.scheduler());
  const std::string ior = orb->object_to_string(service.scheduler());
  if (args.ior_file.empty()) {
    std::cout << ior << std::endl;
  } else {
    write_ior(args.ior_file, ior);
  }
  // SIGINT/SIGTERM are waited for by a thread of their own, which shuts the ORB down,
  // rather than by a handler (which may not call into the ORB).
  std::thread stopper([orb, signals] {
    int signal = 0;
    sigwait(&signals, &signal);
    orb->shutdown(false);
  });
  orb->run();
  pthread_kill(stopper.native_handle(), SIGTERM);  // run() may end for another reason
  stopper.join();
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  // Before the ORB exists: asking for help starts nothing.
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--help" || std::string_view(argv[i]) == "-h") {
      std::cout << usage;
      return 0;
    }
  }
  const sigset_t signals = stop_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // before any ORB thread inherits the mask
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    Arguments args;
    if (const int status = parse(argc, argv, args); status != 0) {
      orb->destroy();
      return status < 0 ? 0 : status;
    }
    const int status = serve(orb, args, signals);
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
