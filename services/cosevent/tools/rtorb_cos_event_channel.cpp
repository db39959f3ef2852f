// rtorb-cos-event-channel [--ior-file F] [--key K] [--naming [NAME]] [--queue-length N]
// [--full-policy P] [--call-timeout-ms T] [ORB options]: one CosEvent channel in a process
// of its own, with every option of the library, for the tests (rtorb-event-service
// --cos-ior-file serves the same channel beside the real-time one). SIGINT and SIGTERM
// stop it cleanly.
#include <rtorb/corba/orb.hpp>
#include <rtorb/cosevent/event_channel.hpp>
#include <rtorb/poa/poa.hpp>

#include <iostream>
#include <stdexcept>
#include <string>

#include "service_program.hpp"

namespace {

constexpr const char* usage =
    "usage: rtorb-cos-event-channel [options] [ORB options]\n"
    "  --ior-file FILE        write the EventChannel's IOR to FILE instead of stdout\n"
    "  --key KEY              answer at corbaloc::host:port/KEY (default EventChannel)\n"
    "  --naming [NAME]        bind in the NameService (-ORBInitRef) as NAME (EventChannel)\n"
    "  --queue-length N       events held per consumer (default 1024)\n"
    "  --full-policy P        drop-oldest (default), drop-newest or block\n"
    "  --call-timeout-ms T    a consumer that takes longer is disconnected (default 2000)\n"
    "  (-ORBServerThreads defaults to 8 here: each pull() waiting holds one)\n";

struct Arguments {
  std::string ior_file;
  bool naming = false;
  rtorb::cosevent::ChannelOptions options;
};

rtorb::cosevent::FullPolicy policy_named(const std::string& name) {
  if (name == "drop-oldest") return rtorb::cosevent::FullPolicy::drop_oldest;
  if (name == "drop-newest") return rtorb::cosevent::FullPolicy::drop_newest;
  if (name == "block") return rtorb::cosevent::FullPolicy::block_supplier;
  throw std::invalid_argument("unknown --full-policy '" + name + "'");
}

bool parse(int argc, char* argv[], Arguments& out) {
  out.options.corbaloc_key = "EventChannel";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--ior-file" && has_value) {
      out.ior_file = argv[++i];
    } else if (arg == "--key" && has_value) {
      out.options.corbaloc_key = argv[++i];
    } else if (arg == "--naming") {
      out.naming = true;
      if (has_value && argv[i + 1][0] != '-') out.options.naming_name = argv[++i];
    } else if (arg == "--queue-length" && has_value) {
      out.options.queue_length = std::stoul(argv[++i]);
    } else if (arg == "--full-policy" && has_value) {
      out.options.full_policy = policy_named(argv[++i]);
    } else if (arg == "--call-timeout-ms" && has_value) {
      out.options.call_timeout = std::chrono::milliseconds(std::stol(argv[++i]));
    } else {
      std::cerr << "rtorb-cos-event-channel: unknown argument '" << arg << "'\n" << usage;
      return false;
    }
  }
  return true;
}

int serve(int argc, char* argv[], const rtorb::services::StopSignals& stop) {
  // Each waiting pull() holds a server thread: a pool of them unless told otherwise.
  rtorb::services::ArgumentsWithServerThreads arguments(argc, argv, 8);
  auto orb = CORBA::ORB_init(arguments.argc(), arguments.argv());
  Arguments args;
  if (!parse(arguments.argc(), arguments.argv(), args)) return 2;
  auto root_poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  {
    rtorb::cosevent::EventChannel channel(orb, args.options);
    root_poa->the_POAManager()->activate();
    if (args.naming) {
      channel.bind_in_naming(IDL::traits<CosNaming::NamingContext>::narrow(
          orb->resolve_initial_references("NameService")));
    }
    rtorb::services::publish_ior(args.ior_file, orb->object_to_string(channel.reference()));
    stop.serve(orb);
  }
  orb->destroy();
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  const rtorb::services::StopSignals stop;
  try {
    return serve(argc, argv, stop);
  } catch (const CORBA::Exception& e) {
    std::cerr << "rtorb-cos-event-channel: " << e.what() << '\n';
  } catch (const std::exception& e) {
    std::cerr << "rtorb-cos-event-channel: " << e.what() << '\n';
  }
  return 1;
}
