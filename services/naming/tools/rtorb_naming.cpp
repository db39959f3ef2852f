// rtorb-naming [--store FILE] [--ior-file F] [ORB options]: the Naming Service. Prints the
// root context's IOR (or writes it to F) and answers at corbaloc::host:port/NameService.
// SIGINT and SIGTERM stop it cleanly.
#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/naming/naming_service.hpp>
#include <rtorb/poa/poa.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <pthread.h>
#include <string>
#include <thread>
#include <vector>

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

// Looked for before the ORB exists: asking for help starts no server and binds no port.
bool asks_for_help(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) return true;
  }
  return false;
}

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

// The file appears whole or not at all: a reader polling for it never sees half an IOR.
void write_ior(const std::string& path, const std::string& ior) {
  const std::string partial = path + ".partial";
  std::ofstream(partial) << ior << '\n';
  if (std::rename(partial.c_str(), path.c_str()) != 0) {
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  }
}

// SIGINT/SIGTERM are waited for by a thread of their own, which shuts the ORB down, rather
// than by a handler (which may not call into the ORB).
sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

int main(int argc, char* argv[]) {
  if (asks_for_help(argc, argv)) {
    std::cout << usage;
    return 0;
  }
  const sigset_t signals = stop_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // before any ORB thread inherits the mask
  try {
    // A pool of threads unless told otherwise: calls to other naming servers (which may
    // call back) and concurrent writers sharing a journal sync need more than one.
    std::vector<std::string> options(argv, argv + argc);
    if (std::find(options.begin(), options.end(), "-ORBServerThreads") == options.end()) {
      options.insert(options.begin() + 1, {"-ORBServerThreads", "8"});
    }
    std::vector<char*> pointers;
    for (auto& option : options) pointers.push_back(option.data());
    pointers.push_back(nullptr);
    int count = static_cast<int>(options.size());
    auto orb = CORBA::ORB_init(count, pointers.data());
    Arguments args;
    if (!parse(count, pointers.data(), args)) {
      orb->destroy();
      return 2;
    }
    auto root_poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    rtorb::naming::NamingService service(orb, {args.store, "NameService", {}});
    root_poa->the_POAManager()->activate();
    auto table = IDL::traits<IORTable::Table>::narrow(orb->resolve_initial_references("IORTable"));
    table->rebind("NameService", service.root_context());
    const std::string ior = orb->object_to_string(service.root_context());
    if (args.ior_file.empty()) {
      std::cout << ior << std::endl;
    } else {
      write_ior(args.ior_file, ior);
    }
    std::thread stopper([orb, signals] {
      int signal = 0;
      sigwait(&signals, &signal);
      orb->shutdown(false);
    });
    orb->run();
    // run() also returns when something else shut the ORB down: wake the stopper.
    pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
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
