// rtorb-event-service's own arguments (the ORB's -ORB... options are taken out before).
#pragma once

#include <rtorb/events/dispatching.hpp>

#include <chrono>
#include <optional>
#include <string>

namespace rtorb::events::tool {

inline constexpr const char* usage =
    "usage: rtorb-event-service [--ior-file F] [--cos-ior-file G] [--naming]\n"
    "                           [--dispatching reactive|pool:N|priority]\n"
    "                           [--queue-size N] [--full-policy block|drop-oldest|drop-newest]\n"
    "                           [--push-timeout MS] [--state-file S]\n"
    "                           [ORB options]\n"
    "  --ior-file F      write the RtecEventChannelAdmin::EventChannel's IOR to F\n"
    "                    (else print it on stdout) once the channel answers\n"
    "  --cos-ior-file G  also serve a CosEventChannelAdmin::EventChannel (at the key\n"
    "                    CosEventService; --naming binds it as CosEventService) and\n"
    "                    write its IOR to G\n"
    "  --naming          bind the channel as EventService in the Naming Service\n"
    "                    (-ORBInitRef NameService=...)\n"
    "  --dispatching M   reactive (the supplier's thread pushes), pool:N (N threads\n"
    "                    and one queue), priority (a queue and thread per priority)\n"
    "  --queue-size N    events per dispatch queue (default 1024)\n"
    "  --full-policy P   what a full queue does (default drop-oldest)\n"
    "  --push-timeout MS how long a push to one consumer may block before that\n"
    "                    consumer is disconnected (default 1000, 0: no bound)\n"
    "  --state-file S    keep the proxies across restarts in S: a restart with the\n"
    "                    same S and the same fixed -ORBEndpoint serves the same\n"
    "                    references, connected to the same clients\n"
    "  SIGINT and SIGTERM stop it cleanly (exit status 0).\n";

struct ServiceArguments {
  std::string ior_file;
  std::string cos_ior_file;
  bool naming = false;
  DispatchingOptions dispatching;
  std::chrono::milliseconds push_timeout{1000};
  std::string state_file;
};

// nullopt after printing what is wrong to stderr (the program exits 2).
std::optional<ServiceArguments> parse_arguments(int argc, char* argv[]);

}  // namespace rtorb::events::tool
