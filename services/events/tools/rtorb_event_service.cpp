// rtorb-event-service [--ior-file F] [--cos-ior-file G] [--naming] [--dispatching M]
// [--queue-size N] [--full-policy P] [--push-timeout MS] [ORB options]: the real-time
// Event Service (docs/events.md). Writes the channel's IOR once it answers, binds it as
// EventService with --naming, serves until SIGINT or SIGTERM.
#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/cosevent/event_channel.hpp>
#include <rtorb/events/event_channel.hpp>
#include <rtorb/poa/poa.hpp>

#include <pthread.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "CosNamingC.h"
#include "service_arguments.hpp"

namespace {

using rtorb::events::tool::ServiceArguments;
using OrbRef = CORBA::object_reference<CORBA::ORB>;

// The file appears whole or not at all: a reader polling for it never sees half an IOR.
void write_ior(const std::string& path, const std::string& ior) {
  const std::string partial = path + ".partial";
  std::ofstream(partial) << ior << '\n';
  if (std::rename(partial.c_str(), path.c_str()) != 0) {
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  }
}

// The CosEvent face (services/cosevent, docs/cosevent.md): a CosEventChannelAdmin channel
// beside the real-time one in this process, with --cos-ior-file. It answers at
// corbaloc::host:port/CosEventService and, with --naming, is bound as CosEventService
// (TAO's name). Its IOR is written first, so that once F exists both channels answer.
std::shared_ptr<void> start_cos_event_channel(const OrbRef& orb, const std::string& ior_file, bool naming) {
  if (ior_file.empty()) return nullptr;
  rtorb::cosevent::ChannelOptions options;
  options.corbaloc_key = "CosEventService";
  options.naming_name = "CosEventService";
  auto channel = std::make_shared<rtorb::cosevent::EventChannel>(orb, options);
  if (naming) {
    channel->bind_in_naming(
        IDL::traits<CosNaming::NamingContext>::narrow(orb->resolve_initial_references("NameService")));
  }
  write_ior(ior_file, orb->object_to_string(channel->reference()));
  return channel;
}

void bind_in_naming(const OrbRef& orb, const IDL::traits<CORBA::Object>::ref_type& channel) {
  auto root = IDL::traits<CosNaming::NamingContextExt>::narrow(orb->resolve_initial_references("NameService"));
  if (!root) throw std::runtime_error("--naming: NameService is not a NamingContextExt");
  root->rebind(root->to_name("EventService"), channel);
}

sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

// Serves until a stop signal (waited for by a thread of its own, which may call into the
// ORB where a handler may not) or until the channel is destroyed through its IDL.
void serve(const OrbRef& orb, const sigset_t& signals) {
  std::thread stopper([orb, signals] {
    int signal = 0;
    sigwait(&signals, &signal);
    orb->shutdown(false);
  });
  orb->run();
  pthread_kill(stopper.native_handle(), SIGTERM);  // run() may have ended another way
  stopper.join();
}

int run_service(OrbRef orb, const ServiceArguments& args, const sigset_t& signals) {
  auto root_poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  rtorb::events::ChannelOptions options;
  options.dispatching = args.dispatching;
  options.push_timeout = args.push_timeout;
  auto channel = std::make_unique<rtorb::events::EventChannel>(orb, root_poa, options);
  channel->on_destroyed([orb] { orb->shutdown(false); });
  root_poa->the_POAManager()->activate();
  auto table = IDL::traits<IORTable::Table>::narrow(orb->resolve_initial_references("IORTable"));
  table->rebind("EventService", channel->reference());
  auto cos = start_cos_event_channel(orb, args.cos_ior_file, args.naming);
  if (args.naming) bind_in_naming(orb, channel->reference());
  const std::string ior = orb->object_to_string(channel->reference());
  if (args.ior_file.empty()) {
    std::cout << ior << std::endl;
  } else {
    write_ior(args.ior_file, ior);
  }
  serve(orb, signals);
  channel.reset();
  cos.reset();
  orb->destroy();
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  const sigset_t signals = stop_signals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // before any ORB thread inherits the mask
  // Before the ORB exists: asking for help starts nothing, whatever else the line says.
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << rtorb::events::tool::usage;
      return 0;
    }
  }
  try {
    std::vector<std::string> options(argv, argv + argc);
    if (std::find(options.begin(), options.end(), "-ORBServerThreads") == options.end()) {
      options.insert(options.begin() + 1, {"-ORBServerThreads", "4"});
    }
    std::vector<char*> pointers;
    for (auto& option : options) pointers.push_back(option.data());
    pointers.push_back(nullptr);
    int count = static_cast<int>(options.size());
    auto orb = CORBA::ORB_init(count, pointers.data());
    const auto args = rtorb::events::tool::parse_arguments(count, pointers.data());
    if (!args) return 2;
    return run_service(orb, *args, signals);
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-event-service: " << e.what() << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "rtorb-event-service: " << e.what() << '\n';
    return 1;
  }
}
