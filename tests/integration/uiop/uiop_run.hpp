// What the uiop process tests share: a scratch directory, waiting for an IOR file, reading
// the Unix-socket component of a reference, and running a cubit client to its end.
#pragma once

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "ior/iiop_profile.hpp"
#include "ior/ior_string.hpp"
#include "transport/protocol.hpp"
#include "transport/uiop_protocol.hpp"

namespace rtorb::uiop_test {

using namespace std::chrono_literals;
using interop::ChildProcess;

inline std::string bin(const std::string& name) {
  return std::string(RTORB_BINARY_DIR) + "/bin/" + name;
}

// A fresh directory under /tmp (short: a socket path has 107 bytes at most).
class ScratchDir {
 public:
  ScratchDir() {
    char pattern[] = "/tmp/rtorb-uiop-XXXXXX";
    if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() { std::filesystem::remove_all(path_); }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

inline std::string wait_for_ior(const std::string& file, std::chrono::seconds limit = 10s) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(file);
    std::string ior;
    if (std::getline(in, ior) && !ior.empty()) return ior;
    std::this_thread::sleep_for(20ms);
  }
  throw std::runtime_error("no IOR in " + file);
}

inline std::string slurp(const std::string& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline ior::IiopProfile first_profile(const std::string& ior) {
  const auto reference = ior::reference_from_ior_string(ior);
  return std::get<ior::IiopProfile>(reference.profiles.at(0));
}

// The Unix-socket component of the reference's first profile.
inline std::optional<transport::UnixTransComponent> unix_component(const std::string& ior) {
  const auto profile = first_profile(ior);
  const auto* c = ior::find_component(profile.components, transport::protocol_tag::uiop);
  if (c == nullptr) return std::nullopt;
  return transport::decode_unix_trans(*c);
}

// Runs a cubit client (rtorb's or omniORB's twin) for `calls` cube_long calls; its exit
// status and what it printed.
struct ClientRun {
  std::optional<int> status;
  std::string output;
};
inline ClientRun run_cubit_client(const std::string& program, const std::string& ior,
                                  std::vector<std::string> extra = {}) {
  std::vector<std::string> argv = {bin(program), ior, "--op", "cube_long", "--calls", "200"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  ChildProcess client(argv);
  ClientRun run;
  run.output = client.rest_of_output(30s);
  run.status = client.wait(10s);
  return run;
}

inline bool is_socket(const std::string& path, mode_t* mode = nullptr) {
  struct stat s {};
  if (::lstat(path.c_str(), &s) != 0 || !S_ISSOCK(s.st_mode)) return false;
  if (mode != nullptr) *mode = s.st_mode & 0777;
  return true;
}

}  // namespace rtorb::uiop_test
