// What a server logs at each -ORBDebugLevel, written to -ORBLogFile: a real fault-server
// process, a call, a call to an object that does not exist, and an HTTP request sent to
// its IIOP port. Every line names the process and its pid.
#include <gtest/gtest.h>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "faultsC.h"
#include "ior/iiop_profile.hpp"
#include "ior/ior_string.hpp"
#include "loopback.hpp"
#include "server/request_log.hpp"

namespace {

using namespace std::chrono_literals;
using rtorb::interop::ChildProcess;

std::string slurp(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string wait_for_ior(const std::filesystem::path& file) {
  for (int i = 0; i < 200; ++i) {
    std::ifstream in(file);
    std::string ior;
    if (std::getline(in, ior) && !ior.empty()) return ior;
    std::this_thread::sleep_for(50ms);
  }
  throw std::runtime_error("fault-server wrote no IOR to " + file.string());
}

std::uint16_t port_of(const std::string& ior) {
  const auto reference = rtorb::ior::reference_from_ior_string(ior);
  return std::get<rtorb::ior::IiopProfile>(reference.profiles.at(0)).port;
}

struct ServerRun {
  pid_t pid = 0;
  std::uint16_t port = 0;
  std::string log;
  std::string client_log;  // the calling ORB's, at the same level
};

// Starts fault-server at `level`, sends it a call, a call raising a user exception, a call
// for an unknown object key and an HTTP GET from a client ORB at the same level, shuts it
// down (within 10 s, or kills it) and returns what both logged. `server_options` and
// `client_options` are more -ORB options for each side.
ServerRun run_server(int level, std::vector<std::string> server_options = {},
                     std::vector<std::string> client_options = {}) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("rtorb-logging-" + std::to_string(::getpid()) + "-" +
                                     std::to_string(level));
  std::filesystem::create_directories(dir);
  const auto ior_file = dir / "server.ior";
  const auto log_file = dir / "server.log";
  const auto client_log_file = dir / "client.log";
  std::vector<std::string> server_args{std::string(RTORB_BINARY_DIR) + "/bin/fault-server",
                                       "--ior-file", ior_file.string(), "-ORBEndpoint",
                                       "iiop://127.0.0.1:0", "-ORBDebugLevel",
                                       std::to_string(level), "-ORBLogFile", log_file.string()};
  server_args.insert(server_args.end(), server_options.begin(), server_options.end());
  ChildProcess server(server_args);
  ServerRun run;
  run.pid = server.pid();
  const std::string ior = wait_for_ior(ior_file);
  run.port = port_of(ior);
  {
    std::vector<std::string> args{"logging_test", "-ORBDebugLevel", std::to_string(level),
                                  "-ORBLogFile", client_log_file.string()};
    args.insert(args.end(), client_options.begin(), client_options.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int argc = static_cast<int>(args.size());
    auto orb = CORBA::ORB_init(argc, argv.data(), "logging-client-" + std::to_string(level));
    auto target = IDL::traits<Faults::Target>::narrow(orb->string_to_object(ior));
    EXPECT_EQ(target->echo(7), 7);
    EXPECT_THROW(target->refuse(3), Faults::Refused);
    const auto nobody =
        orb->string_to_object("corbaloc::127.0.0.1:" + std::to_string(run.port) + "/Nobody");
    EXPECT_TRUE(nobody->_non_existent());

    auto http = rtorb::interop::Connection::connect_to(rtorb::interop::Family::ipv4, run.port, 5s);
    const std::string get = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    http.write_all({reinterpret_cast<const std::uint8_t*>(get.data()), get.size()});
    const auto answer = http.read_message(5s);
    EXPECT_TRUE(answer && answer->size() >= 8 && (*answer)[7] == 6) << "MessageError";
    EXPECT_TRUE(http.peer_closed(5s));

    target->shutdown();
    orb->destroy();
  }
  EXPECT_EQ(server.wait(10s), 0);
  run.log = slurp(log_file);
  run.client_log = slurp(client_log_file);
  std::filesystem::remove_all(dir);
  return run;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ServerLog, AtLevelTenEveryLineNamesTheProcessAndItsPid) {
  const ServerRun run = run_server(10);
  ASSERT_FALSE(run.log.empty());
  const std::regex line_shape(R"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6} fault-server\[)" +
                              std::to_string(run.pid) + R"(:\d+\] rtorb: .+)");
  std::istringstream lines(run.log);
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    EXPECT_TRUE(std::regex_match(line, line_shape)) << line;
  }
  EXPECT_GE(count, 8) << run.log;
}

TEST(ServerLog, AtLevelTenConnectionsRequestsExceptionsAndBadMessagesAreLogged) {
  const ServerRun run = run_server(10);
  const std::string& log = run.log;
  EXPECT_TRUE(has(log, "rtorb: listening on iiop://127.0.0.1:" + std::to_string(run.port))) << log;
  EXPECT_TRUE(has(log, "rtorb: accepted connection from 127.0.0.1:")) << log;
  // Each request: its id, the peer, the operation, the object key (text where printable,
  // hex between <> where not), the reply status and the time.
  EXPECT_TRUE(std::regex_search(log, std::regex(R"(request \d+ on connection from 127\.0\.0\.1:\d+: 'echo' key RTok<01[0-9a-f]*>\S*: NO_EXCEPTION \(\d+ us\))"))) << log;
  // A user exception is logged with its repository id.
  EXPECT_TRUE(std::regex_search(log, std::regex(R"('refuse' key RTok\S*: USER_EXCEPTION IDL:Faults/Refused:1\.0 \(\d+ us\))"))) << log;
  EXPECT_TRUE(has(log, "'_non_existent' key Nobody: SYSTEM_EXCEPTION OBJECT_NOT_EXIST (minor 0x52540503")) << log;
  EXPECT_TRUE(has(log, "'shutdown' key RTok<01")) << log;
  EXPECT_TRUE(has(log, ": oneway (")) << log;
  // The HTTP request: refused by the transport before it is a message, with the peer.
  EXPECT_TRUE(std::regex_search(log, std::regex(R"(bad message on connection from 127\.0\.0\.1:\d+: .*magic.*; answered MessageError and closed the connection)"))) << log;
  EXPECT_TRUE(has(log, "rtorb: closed connection from 127.0.0.1:")) << log;
  EXPECT_TRUE(has(log, "rtorb: shutting down")) << log;
}

// The client's side of the same calls, at level 5 and above: request id, the endpoint,
// operation and key, the outcome (a user exception's repository id, a system exception's
// name and minor code) and the time.
TEST(ClientLog, AtLevelFiveEveryCallIsTracedWithItsOutcome) {
  const ServerRun run = run_server(5);
  const std::string& log = run.client_log;
  const std::string to = R"(call \d+ to iiop://127\.0\.0\.1:)" + std::to_string(run.port) + ": ";
  EXPECT_TRUE(std::regex_search(log, std::regex(to + R"('echo' key RTok<01[0-9a-f]*>\S*: NO_EXCEPTION \(\d+ us\))"))) << log;
  EXPECT_TRUE(std::regex_search(log, std::regex(to + R"('refuse' key RTok\S*: USER_EXCEPTION IDL:Faults/Refused:1\.0 \(\d+ us\))"))) << log;
  EXPECT_TRUE(std::regex_search(log, std::regex(to + R"('_non_existent' key Nobody: SYSTEM_EXCEPTION OBJECT_NOT_EXIST minor 0x52540503 \(\d+ us\))"))) << log;
  // The request ids match the server's lines: the echo call is request N on both sides.
  std::smatch client_id;
  ASSERT_TRUE(std::regex_search(log, client_id, std::regex(R"(call (\d+) to \S+ 'echo')"))) << log;
  EXPECT_TRUE(std::regex_search(run.log, std::regex("request " + client_id[1].str() + R"( on connection from \S+ 'echo')"))) << run.log;
}

TEST(ClientLog, BelowLevelFiveCallsAreNotTraced) {
  const ServerRun run = run_server(3);
  EXPECT_FALSE(std::regex_search(run.client_log, std::regex(R"(call \d+ to)"))) << run.client_log;
  EXPECT_FALSE(has(run.log, "USER_EXCEPTION")) << run.log;  // level 5
}

// -ORBLogCategories: what it names is logged whatever -ORBDebugLevel says, and only that.
TEST(LogCategories, CallsAndRequestsAloneAtLevelZero) {
  const ServerRun run = run_server(0, {"-ORBLogCategories", "requests"},
                                   {"-ORBLogCategories", "calls"});
  EXPECT_TRUE(std::regex_search(run.client_log, std::regex(R"(call \d+ to \S+ 'echo' key \S+: NO_EXCEPTION)"))) << run.client_log;
  EXPECT_TRUE(std::regex_search(run.log, std::regex(R"(request \d+ on connection from \S+ 'echo' key \S+: NO_EXCEPTION)"))) << run.log;
  EXPECT_TRUE(has(run.log, "'_non_existent' key Nobody: SYSTEM_EXCEPTION OBJECT_NOT_EXIST")) << run.log;
  EXPECT_FALSE(has(run.log, "accepted connection")) << run.log;  // connections: not named
  EXPECT_FALSE(has(run.log, "bad message")) << run.log;          // errors: not named
  EXPECT_FALSE(has(run.client_log, "opened connection")) << run.client_log;
}

TEST(LogCategories, AnUnknownCategoryIsABadOptionNamingTheKnownOnes) {
  std::vector<std::string> args{"logging_test", "-ORBLogCategories", "calls,invocations"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = 3;
  try {
    CORBA::ORB_init(argc, argv.data(), "logging-bad-category");
    ADD_FAILURE() << "ORB_init accepted an unknown log category";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_bad_orb_option);
    const std::string what = e.what();
    EXPECT_TRUE(has(what, "-ORBLogCategories")) << what;
    EXPECT_TRUE(has(what, "'invocations'")) << what;
    EXPECT_TRUE(has(what, "errors, connections, exceptions, requests, calls")) << what;
  }
}

// Keys are readable and bounded: printable runs as text, others as hex, at most 48 octets.
TEST(LogKeys, PrintableTextHexRunsAndABound) {
  const std::string key("RTok\x01\x00\x00\x02RootPOA\x00<x>]1*\x07target", 29);
  const std::vector<std::uint8_t> octets(key.begin(), key.end());
  // Short printable runs among binary octets ("x", "]1*") are hex; '<' and '>' always are.
  EXPECT_EQ(rtorb::orb::printable_key(octets), "RTok<01000002>RootPOA<003c783e5d312a07>target");
  const std::vector<std::uint8_t> short_name{'a', 'b'};
  EXPECT_EQ(rtorb::orb::printable_key(short_name), "ab");
  const std::vector<std::uint8_t> long_key(100, 'k');
  EXPECT_EQ(rtorb::orb::printable_key(long_key), std::string(48, 'k') + "...(100 octets)");
}

TEST(ServerLog, AtLevelThreeExceptionsAreLoggedButNotEachRequest) {
  const std::string log = run_server(3).log;
  EXPECT_TRUE(has(log, "'_non_existent' key Nobody: SYSTEM_EXCEPTION OBJECT_NOT_EXIST")) << log;
  EXPECT_TRUE(has(log, "bad message on connection from 127.0.0.1:")) << log;
  EXPECT_TRUE(has(log, "listening on")) << log;
  EXPECT_TRUE(has(log, "accepted connection from 127.0.0.1:")) << log;  // level 2
  EXPECT_FALSE(has(log, "NO_EXCEPTION")) << log;                         // level 5
}

TEST(ServerLog, AtLevelZeroNothingIsWritten) {
  const ServerRun run = run_server(0);
  EXPECT_EQ(run.log, "");
  EXPECT_EQ(run.client_log, "");
}

TEST(ServerLog, ALogFileThatCannotBeOpenedIsABadOption) {
  std::vector<std::string> args{"logging_test", "-ORBLogFile", "/nonexistent-rtorb-dir/x.log"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = 3;
  try {
    CORBA::ORB_init(argc, argv.data(), "logging-bad-file");
    ADD_FAILURE() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_bad_orb_option);
    EXPECT_TRUE(has(e.what(), "-ORBLogFile /nonexistent-rtorb-dir/x.log: No such file or directory")) << e.what();
  }
}

}  // namespace
