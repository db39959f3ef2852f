// What the naming integration tests share: ports, temporary directories, an rtorb-naming
// process on a fixed loopback port, rtorb-nsadmin runs and client ORBs.
#pragma once

#include <rtorb/corba/orb.hpp>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "child_process.hpp"

namespace naming_test {

using namespace std::chrono_literals;

// A loopback port nothing listens on now (the kernel's pick, released at once).
std::uint16_t free_port();

// A directory removed with everything in it when the guard goes.
struct TempDir {
  TempDir();
  ~TempDir();
  std::filesystem::path path;
};

std::string bin(const std::string& program);  // <build>/bin/<program>

// rtorb-naming on 127.0.0.1:port; the constructor waits for its IOR line. The destructor
// stops it (SIGTERM, then SIGKILL after 5 s).
class NamingServer {
 public:
  NamingServer(std::uint16_t port, const std::vector<std::string>& extra = {});
  ~NamingServer();
  std::string corbaloc() const;
  const std::string& ior() const { return ior_; }
  // SIGTERM and the exit status (nullopt if it had to be killed).
  std::optional<int> stop();
  void kill_now();

 private:
  std::uint16_t port_;
  std::unique_ptr<rtorb::interop::ChildProcess> process_;
  std::string ior_;
};

struct ProgramRun {
  int status = -1;
  std::string out;
};
// Runs a program to its end (at most 30 s), collecting its stdout.
ProgramRun run(const std::vector<std::string>& argv);

CORBA::object_reference<CORBA::ORB> client_orb(std::vector<std::string> options = {});

}  // namespace naming_test
