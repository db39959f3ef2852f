// The interop matrix: each client program against each server program (omniORB's and, when
// built, rtorb's) at GIOP 1.2, 1.1 and 1.0, over IPv4 and IPv6. A pairing passes when the
// client exits 0 having printed "N passed, 0 failed, K skipped" and the server stops cleanly
// on SIGTERM; a pairing whose client skipped checks is then reported skipped (GTEST_SKIP,
// which ctest shows as such), the skipped checks and their reasons in its output.
//
// Every child is bounded: the server must write its IOR file in time, the client must finish
// in time, and ChildProcess SIGKILLs whatever is still running when a test ends (or when this
// process dies), so no run leaves a process behind.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "loopback.hpp"

namespace rtorb::interop {
namespace {

using namespace std::chrono_literals;

// Generous bounds for a loaded machine; they end hung runs, they are not measurements.
// Together (20 + 60 + 10 + 10 s) they stay under ctest's 120 s per test, so a hang is
// reported by this test rather than by ctest killing it.
constexpr auto server_start_timeout = 20s;
constexpr auto client_timeout = 60s;
constexpr auto stop_timeout = 10s;

struct GiopVersion {
  int minor;
  std::string text() const { return "1." + std::to_string(minor); }
};

// One ORB's pair of programs and how to pass them an endpoint and a GIOP version. To add
// an ORB, add a Peer to peers() below.
struct Peer {
  std::string name;
  std::string server_program;  // in <build>/bin
  std::string client_program;
  std::function<std::vector<std::string>(GiopVersion, Family)> orb_options;
};

std::vector<std::string> omni_options(GiopVersion version, Family family) {
  return {"-ORBendPoint", family == Family::ipv4 ? "giop:tcp:127.0.0.1:0" : "giop:tcp:[::1]:0",
          "-ORBmaxGIOPVersion", version.text(),
          // A server that stops answering gives TRANSIENT instead of a hang.
          "-ORBclientCallTimeOutPeriod", "30000"};
}

std::vector<std::string> rtorb_options(GiopVersion version, Family family) {
  return {"-ORBEndpoint", family == Family::ipv4 ? "iiop://127.0.0.1:0" : "iiop://[::1]:0",
          "-ORBGIOPVersion", version.text()};
}

// The programs of one contract: interop.idl's by default; the values matrix (values.idl)
// is this file built with other names.
#ifndef RTORB_MATRIX_OMNI_SERVER
#define RTORB_MATRIX_OMNI_SERVER "omni_interop_server"
#define RTORB_MATRIX_OMNI_CLIENT "omni_interop_client"
#define RTORB_MATRIX_RTORB_SERVER "rtorb-interop-server"
#define RTORB_MATRIX_RTORB_CLIENT "rtorb-interop-client"
#endif

std::vector<Peer> peers() {
  std::vector<Peer> result;
  if (RTORB_INTEROP_OMNI_PEERS) {
    result.push_back({"omni", RTORB_MATRIX_OMNI_SERVER, RTORB_MATRIX_OMNI_CLIENT, omni_options});
  }
  if (RTORB_INTEROP_RTORB_PEERS) {
    result.push_back({"rtorb", RTORB_MATRIX_RTORB_SERVER, RTORB_MATRIX_RTORB_CLIENT, rtorb_options});
  }
  return result;
}

struct Pairing {
  Peer client;
  Peer server;
  GiopVersion version;
  Family family;
};

std::vector<Pairing> pairings() {
  std::vector<Pairing> result;
  for (const Peer& client : peers()) {
    for (const Peer& server : peers()) {
      for (const int minor : {2, 1, 0}) {
        for (const Family family : {Family::ipv4, Family::ipv6}) {
          result.push_back({client, server, GiopVersion{minor}, family});
        }
      }
    }
  }
  return result;
}

std::string pairing_name(const Pairing& p) {
  return p.client.name + "_client_" + p.server.name + "_server_giop_1_" +
         std::to_string(p.version.minor) + (p.family == Family::ipv4 ? "_ipv4" : "_ipv6");
}

void PrintTo(const Pairing& p, std::ostream* out) { *out << pairing_name(p); }

std::string program_path(const std::string& name) {
  return std::string(RTORB_BINARY_DIR) + "/bin/" + name;
}

// True once `pid` has exited (a zombie until ChildProcess reaps it), read from /proc so the
// child is not reaped behind ChildProcess's back.
bool has_exited(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const auto paren = line.rfind(')');
  return paren == std::string::npos || paren + 2 >= line.size() || line[paren + 2] == 'Z' ||
         line[paren + 2] == 'X';
}

// The IOR the server wrote, once the file exists whole (servers write it through a rename);
// nullopt when the server exits or the time runs out first.
std::optional<std::string> wait_for_ior(const std::filesystem::path& file, pid_t server) {
  const auto deadline = std::chrono::steady_clock::now() + server_start_timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(file);
    std::string ior;
    if (in && std::getline(in, ior) && !ior.empty()) return ior;
    if (has_exited(server)) return std::nullopt;
    std::this_thread::sleep_for(20ms);
  }
  return std::nullopt;
}

std::string last_line(const std::string& output) {
  std::string text = output;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  const auto newline = text.rfind('\n');
  return newline == std::string::npos ? text : text.substr(newline + 1);
}

// The lines of the client's output that start with `tag` ("FAIL ", "SKIP "), so a test
// shows what failed or was skipped.
std::string lines_of(const std::string& output, std::string_view tag) {
  std::istringstream in(output);
  std::string line;
  std::string result;
  while (std::getline(in, line)) {
    if (line.starts_with(tag)) result += line + "\n";
  }
  return result;
}

class InteropMatrix : public ::testing::TestWithParam<Pairing> {};

TEST_P(InteropMatrix, EveryCheckOfTheClientPassesAgainstTheServer) {
  const Pairing& p = GetParam();
  if (!loopback_available(p.family)) GTEST_SKIP() << "no loopback address of this family";

  const std::filesystem::path ior_file =
      std::filesystem::temp_directory_path() /
      ("rtorb-interop-" + std::to_string(getpid()) + "-" + pairing_name(p) + ".ior");
  std::filesystem::remove(ior_file);

  std::vector<std::string> server_argv = {program_path(p.server.server_program), "--ior-file",
                                          ior_file.string()};
  for (std::string& option : p.server.orb_options(p.version, p.family)) {
    server_argv.push_back(std::move(option));
  }
  ChildProcess server(server_argv);
  const std::optional<std::string> ior = wait_for_ior(ior_file, server.pid());
  std::filesystem::remove(ior_file);
  ASSERT_TRUE(ior.has_value()) << p.server.server_program << " wrote no IOR to " << ior_file;

  std::vector<std::string> client_argv = {program_path(p.client.client_program), *ior};
  // GIOP 1.0 has no wide characters and omniORB refuses them in 1.1.
  if (p.version.minor < 2) client_argv.push_back("--no-wide");
  if (p.client.name != p.server.name) {
    // omniORB 4.2 encodes an exception inside an any without its repository id, rtorb (as
    // CDR's exception encoding says) with it (docs/interop.md).
    client_argv.insert(client_argv.end(), {"--skip", "echo_any Oops exception"});
  }
  for (std::string& option : p.client.orb_options(p.version, p.family)) {
    client_argv.push_back(std::move(option));
  }
  ChildProcess client(client_argv);
  const std::string output = client.rest_of_output(client_timeout);
  const std::optional<int> client_status = client.wait(stop_timeout);

  server.terminate();
  const std::optional<int> server_status = server.wait(stop_timeout);

  const std::string summary = last_line(output);
  EXPECT_EQ(client_status, std::optional<int>(0)) << "client output ends: " << summary << "\n"
                                                  << lines_of(output, "FAIL ");
  EXPECT_NE(summary.find(" passed, 0 failed, "), std::string::npos)
      << "client output ends: " << summary;
  EXPECT_EQ(server_status, std::optional<int>(0)) << "the server did not stop cleanly";
  RecordProperty("client_summary", summary);
  const std::string skipped = lines_of(output, "SKIP ");
  if (!HasFailure() && !skipped.empty()) {
    GTEST_SKIP() << summary << "; the skipped checks:\n" << skipped;
  }
}

INSTANTIATE_TEST_SUITE_P(Pairings, InteropMatrix, ::testing::ValuesIn(pairings()),
                         [](const ::testing::TestParamInfo<Pairing>& info) {
                           return pairing_name(info.param);
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(InteropMatrix);

}  // namespace
}  // namespace rtorb::interop
