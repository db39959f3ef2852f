// Records the GIOP messages a client program sends, one file per message.
//
//   giop_capture [--ipv6] [--count N] [--out PREFIX] -- <program> [args...]
//
// Listens on a loopback port, starts the program with every "{addr}" in its arguments
// replaced by "127.0.0.1:PORT" (or "[::1]:PORT"), and writes the first N (default 1)
// messages of the first connection to PREFIX-1.giop, PREFIX-2.giop, ... (default PREFIX
// "captured"). It never answers, so the client then sees the connection close. Exits 0
// when at least one message was captured. Used by scripts/demo and to refresh
// tests/interop/data.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "child_process.hpp"
#include "loopback.hpp"

namespace {

using namespace rtorb::interop;
using namespace std::chrono_literals;

struct Options {
  Family family = Family::ipv4;
  int count = 1;
  std::string prefix = "captured";
  std::vector<std::string> command;
};

const char* message_type_name(std::uint8_t type) {
  static const char* const names[] = {"Request",       "Reply",       "CancelRequest",
                                      "LocateRequest", "LocateReply", "CloseConnection",
                                      "MessageError",  "Fragment"};
  return type < 8 ? names[type] : "unknown";
}

bool parse(int argc, char** argv, Options& options) {
  int i = 1;
  for (; i < argc && std::string(argv[i]) != "--"; ++i) {
    const std::string arg = argv[i];
    if (arg == "--ipv6") {
      options.family = Family::ipv6;
    } else if (arg == "--count" && i + 1 < argc) {
      options.count = std::atoi(argv[++i]);
    } else if (arg == "--out" && i + 1 < argc) {
      options.prefix = argv[++i];
    } else {
      return false;
    }
  }
  for (++i; i < argc; ++i) options.command.emplace_back(argv[i]);
  return !options.command.empty() && options.count > 0;
}

std::string substitute(std::string arg, const std::string& address) {
  for (auto at = arg.find("{addr}"); at != std::string::npos; at = arg.find("{addr}")) {
    arg.replace(at, 6, address);
  }
  return arg;
}

int capture(const Options& options) {
  Listener listener(options.family);
  const std::string address = listener.corbaloc_host() + ":" + std::to_string(listener.port());
  std::vector<std::string> command;
  for (const std::string& arg : options.command) command.push_back(substitute(arg, address));
  ChildProcess client(command);
  Connection connection = listener.accept(10s);
  int captured = 0;
  while (captured < options.count) {
    auto message = connection.read_message(10s);
    if (!message) break;
    const std::string path = options.prefix + "-" + std::to_string(++captured) + ".giop";
    write_file(path, *message);
    std::printf("captured %s: GIOP %d.%d %s, %zu bytes\n", path.c_str(), (*message)[4],
                (*message)[5], message_type_name((*message)[7]), message->size());
  }
  return captured > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse(argc, argv, options)) {
    std::fprintf(
        stderr,
        "usage: giop_capture [--ipv6] [--count N] [--out PREFIX] -- <program> [args...]\n");
    return 2;
  }
  try {
    return capture(options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "giop_capture: %s\n", e.what());
    return 1;
  }
}
