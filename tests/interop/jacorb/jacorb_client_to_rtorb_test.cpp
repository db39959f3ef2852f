// JacORB 3.9 as the client (jacorb-messaging-client, JacOrbClient.java) of rtorb's
// messaging-server, with JacORB's own policies: rtorb honours the response_flags JacORB
// sends for each SyncScope (WITH_SERVER answered before the upcall, WITH_TARGET after it,
// NONE and WITH_TRANSPORT unanswered and all served), reads the RequestEndTime in JacORB's
// INVOCATION_POLICIES context, refuses a request that arrives after it (TIMEOUT
// timeout_request_expired, COMPLETED_NO) and serves one that arrives before it.
#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"

namespace {

using namespace std::chrono_literals;
using rtorb::interop::ChildProcess;

std::string program(const std::string& name) {
  return std::string(RTORB_BINARY_DIR) + "/bin/" + name;
}

std::string hex(std::uint32_t minor) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", minor);
  return text;
}

class JacOrbClient : public ::testing::Test {
 protected:
  // One rtorb server for the suite; four threads, so that release() reaches a blocked hold().
  static void SetUpTestSuite() {
    ior_file_ = new std::filesystem::path(
        std::filesystem::temp_directory_path() /
        ("jacorb-client-" + std::to_string(::getpid()) + ".ior"));
    std::filesystem::remove(*ior_file_);
    server_ = new ChildProcess({program("messaging-server"), "--ior-file", ior_file_->string(),
                                "-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBServerThreads", "4"});
    for (int i = 0; i < 800 && !std::filesystem::exists(*ior_file_); ++i) {
      std::this_thread::sleep_for(25ms);
    }
  }
  static void TearDownTestSuite() {
    server_->terminate();
    server_->wait(10s);
    delete server_;
    std::filesystem::remove(*ior_file_);
    delete ior_file_;
  }

  // Runs the JacORB client with `commands` (at most 120 s) and returns its output lines.
  static std::vector<std::string> run_client(const std::vector<std::string>& commands) {
    std::vector<std::string> argv{program("jacorb-messaging-client"), "--ior-file",
                                  ior_file_->string()};
    argv.insert(argv.end(), commands.begin(), commands.end());
    ChildProcess client(argv);
    std::istringstream output(client.rest_of_output(120s));
    EXPECT_EQ(client.wait(10s), 0);
    std::vector<std::string> lines;
    for (std::string line; std::getline(output, line);) lines.push_back(line);
    return lines;
  }

  static std::filesystem::path* ior_file_;
  static ChildProcess* server_;
};

std::filesystem::path* JacOrbClient::ior_file_ = nullptr;
ChildProcess* JacOrbClient::server_ = nullptr;

// WITH_SERVER: hold() returns although nothing released the servant (a reply after the
// upcall would never come: the client's 20 s roundtrip timeout would print TIMEOUT), and the
// servant is then seen blocked. WITH_TARGET: the note is there when the call returns.
// NONE and WITH_TRANSPORT: every oneway is served.
TEST_F(JacOrbClient, RtorbHonoursJacOrbsSyncScopes) {
  ASSERT_TRUE(std::filesystem::exists(*ior_file_)) << "messaging-server wrote no IOR";
  const auto lines = run_client({"notes",                                    //
                                 "scope", "server", "hold", "await-holding", "1", "release",
                                 "await-holding", "0",                       //
                                 "scope", "target", "note", "501", "last_note",
                                 "scope", "none", "notes-from", "1000", "100",
                                 "scope", "transport", "notes-from", "2000", "100",
                                 "scope", "target", "note", "3000", "last_note"});
  ASSERT_EQ(lines.size(), 16u);
  ASSERT_EQ(lines[0].rfind("notes ", 0), 0u) << lines[0];
  const int before = std::stoi(lines[0].substr(6));
  EXPECT_EQ(lines[1], "scope server");
  EXPECT_EQ(lines[2], "hold returned");
  EXPECT_EQ(lines[3], "await-holding 1") << "the servant is still blocked";
  EXPECT_EQ(lines[4], "release returned");
  EXPECT_EQ(lines[5], "await-holding 0");
  EXPECT_EQ(lines[7], "note sent");
  EXPECT_EQ(lines[8], "last_note 501") << "WITH_TARGET returns after the upcall";
  EXPECT_EQ(lines[10], "notes-from sent");
  EXPECT_EQ(lines[12], "notes-from sent");
  EXPECT_EQ(lines[14], "note sent");
  EXPECT_EQ(lines[15], "last_note 3000");
  // Checked from here, without timing: ask the server until all 202 notes are counted.
  const auto after = run_client({"await-notes", std::to_string(before + 202)});
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0], "await-notes " + std::to_string(before + 202));
}

// JacORB refuses a request past its end time itself, before sending, so the request is made
// to arrive late: it leaves while the server is stopped and the server continues only once
// the end time has passed (the client does both, see JacOrbClient.java, "stopped-").
TEST_F(JacOrbClient, RtorbDropsJacOrbRequestsPastTheirEndTime) {
  ASSERT_TRUE(std::filesystem::exists(*ior_file_)) << "messaging-server wrote no IOR";
  const std::string pid = std::to_string(server_->pid());
  const std::string refused =
      "exception TIMEOUT minor " + hex(rtorb::minor::timeout_request_expired) + " completed 1";
  const auto lines = run_client({"notes",                                       //
                                 "echo", "5",                                   //
                                 "patient-echo", "7",                           //
                                 "stopped-echo", pid, "8",                      //
                                 "scope", "target", "note", "76",               //
                                 "stopped-note", pid, "77", "last_note",        //
                                 "scope", "transport", "stopped-note", pid, "78",
                                 "scope", "target", "note", "79", "last_note", "notes"});
  ASSERT_EQ(lines.size(), 14u);
  ASSERT_EQ(lines[0].rfind("notes ", 0), 0u) << lines[0];
  const int before = std::stoi(lines[0].substr(6));
  EXPECT_EQ(lines[1], "echo 5");
  EXPECT_EQ(lines[2], "patient-echo 7") << "an end time still ahead: served";
  EXPECT_EQ(lines[3], "stopped-echo " + refused) << "COMPLETED_NO is 1";
  EXPECT_EQ(lines[6], "stopped-note " + refused) << "WITH_TARGET: the server says why";
  EXPECT_EQ(lines[7], "last_note 76") << "the expired oneway was not served";
  EXPECT_EQ(lines[9], "stopped-note sent") << "WITH_TRANSPORT: no answer";
  EXPECT_EQ(lines[12], "last_note 79");
  // 76 and 79 only: neither expired oneway was counted (78 was read before 79, on the same
  // connection, whose requests rtorb serves one at a time in order).
  EXPECT_EQ(lines[13], "notes " + std::to_string(before + 2));
}

}  // namespace
