// The JacORB peer for rtorb's JacORB tests: <build>/bin/jacorb-probe-server (a JVM running
// tests/interop/jacorb/JacOrbServer.java) started on 127.0.0.1, its IOR read from the file
// it writes, and the process stopped with a time bound when the peer goes away.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "child_process.hpp"

namespace rtorb::interop {

class JacOrbPeer {
 public:
  // Starts the server and waits (at most 60 s: a JVM on a loaded machine) for its IOR.
  // Throws std::runtime_error when it dies or writes none.
  JacOrbPeer();
  JacOrbPeer(const JacOrbPeer&) = delete;
  JacOrbPeer& operator=(const JacOrbPeer&) = delete;
  // SIGTERM, then SIGKILL after 10 s.
  ~JacOrbPeer();

  // The Probe in the RootPOA (a pool of threads serves it).
  const std::string& ior() const noexcept { return ior_; }
  // The Probe in a SINGLE_THREAD_MODEL POA: its requests run one at a time, in arrival order.
  const std::string& ordered_ior() const noexcept { return ordered_ior_; }
  ChildProcess& process() noexcept { return *process_; }

 private:
  std::filesystem::path ior_file_;
  std::unique_ptr<ChildProcess> process_;
  std::string ior_;
  std::string ordered_ior_;
};

// A corbaloc URL for the IIOP profile of `ior`, with `version` ("1.0", "1.1", "1.2") as
// its IIOP version: rtorb's client speaks the GIOP version of the profile it uses, and
// JacORB's IORs say 1.2, so this is how a test calls JacORB over 1.0 or 1.1.
std::string corbaloc_for(const std::string& ior, const std::string& version);

// Arguments for CORBA::ORB_init: the program name and `options`,
// kept alive as long as the object.
class OrbArgs {
 public:
  explicit OrbArgs(std::initializer_list<std::string> options = {});
  OrbArgs(const OrbArgs&) = delete;
  OrbArgs& operator=(const OrbArgs&) = delete;
  int& argc() noexcept { return argc_; }
  char** argv() noexcept { return pointers_.data(); }

 private:
  std::vector<std::string> strings_;
  std::vector<char*> pointers_;
  int argc_ = 0;
};

}  // namespace rtorb::interop
