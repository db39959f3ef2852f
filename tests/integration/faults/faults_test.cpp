// Faults and bad input against a real fault-server process: malformed GIOP, stalled
// clients, a server killed mid-call and restarted, and configured limits.
#include <gtest/gtest.h>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "faultsC.h"
#include "loopback.hpp"

namespace {

using namespace std::chrono_literals;
using rtorb::interop::ChildProcess;
using rtorb::interop::Family;
using LoopbackConnection = rtorb::interop::Connection;

std::string server_path() { return std::string(RTORB_BINARY_DIR) + "/bin/fault-server"; }

// A port that was free a moment ago, for a server that must come back on the same one.
std::uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);
  return ntohs(addr.sin_port);
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

class FaultServer {
 public:
  FaultServer(std::uint16_t port, std::vector<std::string> extra = {}) : port_(port) {
    ior_file_ = std::filesystem::temp_directory_path() /
                ("fault-server-" + std::to_string(::getpid()) + "-" + std::to_string(port) + ".ior");
    std::filesystem::remove(ior_file_);
    std::vector<std::string> argv{server_path(), "--ior-file", ior_file_.string(), "-ORBEndpoint",
                                  "iiop://127.0.0.1:" + std::to_string(port)};
    argv.insert(argv.end(), extra.begin(), extra.end());
    process_ = std::make_unique<ChildProcess>(argv);
    ior_ = wait_for_ior(ior_file_);
  }
  ~FaultServer() {
    process_->terminate();
    process_->wait(5s);
    std::filesystem::remove(ior_file_);
  }
  const std::string& ior() const { return ior_; }
  std::uint16_t port() const { return port_; }
  void kill() { ::kill(process_->pid(), SIGKILL), process_->wait(5s); }

 private:
  std::uint16_t port_;
  std::filesystem::path ior_file_;
  std::unique_ptr<ChildProcess> process_;
  std::string ior_;
};

class Client {
 public:
  explicit Client(std::vector<std::string> options = {}) {
    std::vector<char*> argv{const_cast<char*>("faults_test")};
    for (auto& o : options) argv.push_back(o.data());
    int argc = static_cast<int>(argv.size());
    orb_ = CORBA::ORB_init(argc, argv.data(), "client-" + std::to_string(next_id_++));
    options_ = std::move(options);
  }
  ~Client() { orb_->destroy(); }
  IDL::traits<Faults::Target>::ref_type target(const std::string& ior) {
    return IDL::traits<Faults::Target>::narrow(orb_->string_to_object(ior));
  }

 private:
  static inline int next_id_ = 0;
  std::vector<std::string> options_;
  IDL::traits<CORBA::ORB>::ref_type orb_;
};

std::vector<std::uint8_t> bytes(std::string_view text) { return {text.begin(), text.end()}; }

TEST(MalformedGiop, GetsMessageErrorThenCloseWhileOtherClientsAreServed) {
  FaultServer server(free_port());
  Client client;
  auto target = client.target(server.ior());
  ASSERT_EQ(target->echo(1), 1);

  auto raw = LoopbackConnection::connect_to(Family::ipv4, server.port(), 5s);
  raw.write_all(bytes("GIOX\x01\x02\x01\x00\x00\x00\x00\x00"));
  auto reply = raw.read_message(5s);
  ASSERT_TRUE(reply.has_value());
  EXPECT_EQ((*reply)[7], 6) << "MessageError";
  EXPECT_TRUE(raw.peer_closed(5s));
  EXPECT_EQ(target->echo(2), 2);
}

TEST(MalformedGiop, OversizedMessageIsRefusedWithoutAllocatingIt) {
  FaultServer server(free_port(), {"-ORBMaxMessageSize", "65536"});
  // A header claiming a 1 GiB body.
  auto raw = LoopbackConnection::connect_to(Family::ipv4, server.port(), 5s);
  raw.write_all(std::vector<std::uint8_t>{'G', 'I', 'O', 'P', 1, 2, 1, 0, 0, 0, 0, 0x40});
  auto reply = raw.read_message(5s);
  ASSERT_TRUE(reply.has_value());
  EXPECT_EQ((*reply)[7], 6) << "MessageError";
  Client client;
  EXPECT_EQ(client.target(server.ior())->echo(3), 3);
}

TEST(StalledClients, HalfAMessageDoesNotBlockTheReactiveServer) {
  FaultServer server(free_port(), {"-ORBServerThreads", "0"});
  auto raw = LoopbackConnection::connect_to(Family::ipv4, server.port(), 5s);
  raw.write_all(bytes("GIOP\x01\x02"));  // and nothing more
  Client client;
  auto target = client.target(server.ior());
  for (int i = 0; i < 20; ++i) ASSERT_EQ(target->echo(i), i);
}

TEST(StalledClients, AClientThatNeverReadsRepliesDoesNotStopOthers) {
  FaultServer server(free_port(), {"-ORBServerThreads", "2"});
  Client client;
  auto target = client.target(server.ior());
  // A second client's ORB sends many requests for large replies and never reads them: the
  // server's socket buffer fills and the thread answering it waits.
  std::string stalled_ior = server.ior();
  std::thread stalled([stalled_ior] {
    Client greedy({"-ORBReplyTimeout", "2000"});
    auto t = greedy.target(stalled_ior);
    try {
      (void)t->make(64 * 1024 * 1024);
    } catch (const CORBA::SystemException&) {
    }
  });
  for (int i = 0; i < 50; ++i) ASSERT_EQ(target->echo(i), i);
  stalled.join();
}

// A thread-per-connection server takes large requests head first and receives their
// sequences from the socket as it unmarshals them: one whose sender goes away in the middle
// costs that connection only.
TEST(StalledClients, LargeRequestCutShortDoesNotStopAThreadPerConnectionServer) {
  FaultServer server(free_port(), {"-ORBServerThreads", "per_connection"});
  Client client;
  auto target = client.target(server.ior());
  ASSERT_EQ(target->size_of(Faults::Octets(300'000, 1)), 300'000u);

  // A GIOP 1.2 Request header announcing a 300,000-byte message; 20,000 bytes follow.
  std::vector<std::uint8_t> cut(20'000, 0);
  const std::uint8_t header[] = {'G', 'I', 'O', 'P', 1, 2, 1, 0};
  std::memcpy(cut.data(), header, sizeof header);
  const std::uint32_t body = 300'000 - 12;
  std::memcpy(cut.data() + sizeof header, &body, sizeof body);
  {
    auto raw = LoopbackConnection::connect_to(Family::ipv4, server.port(), 5s);
    raw.write_all(cut);
  }
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(target->size_of(Faults::Octets(200'000 + i, 2)), 200'000u + i);
    ASSERT_EQ(target->echo(i), i);
  }
}

// The client takes large replies head first too: the octets go from the socket into the
// returned vector, with and without a reply timeout, call after call on one connection.
TEST(LargeMessages, LargeRepliesArriveWholeInTheResult) {
  FaultServer server(free_port());
  for (const char* timeout : {"0", "20000"}) {
    Client client({"-ORBReplyTimeout", timeout});
    auto target = client.target(server.ior());
    for (std::uint32_t n : {300'000u, 65'536u, 1'000'000u, 7u}) {
      const Faults::Octets octets = target->make(n);
      ASSERT_EQ(octets.size(), n);
      EXPECT_EQ(std::count(octets.begin(), octets.end(), 0x5a), static_cast<long>(n));
      ASSERT_EQ(target->echo(static_cast<std::int32_t>(n)), static_cast<std::int32_t>(n));
    }
  }
}

TEST(ServerCrash, CallInProgressFailsPromptlyAndPersistentReferenceWorksAfterRestart) {
  const std::uint16_t port = free_port();
  std::string ior;
  Client client({"-ORBReplyTimeout", "20000"});
  {
    FaultServer server(port, {"--persistent"});
    ior = server.ior();
    auto target = client.target(ior);
    ASSERT_EQ(target->echo(5), 5);
    auto call = std::async(std::launch::async, [target] { target->sleep_ms(10'000); });
    std::this_thread::sleep_for(300ms);
    server.kill();
    ASSERT_EQ(call.wait_for(5s), std::future_status::ready) << "the client hung";
    try {
      call.get();
      FAIL() << "sleep_ms returned although the server died";
    } catch (const CORBA::COMM_FAILURE& e) {
      EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_MAYBE);
    } catch (const CORBA::TRANSIENT&) {
    }
    EXPECT_THROW(target->echo(6), CORBA::TRANSIENT);
  }
  FaultServer restarted(port, {"--persistent"});
  EXPECT_EQ(client.target(ior)->echo(7), 7);
}

// The client's cached connection outlives the server process: after a restart on the same
// port the next call finds that connection closed by its peer and connects again, instead
// of sending on it and failing with COMM_FAILURE MAYBE. Both an orderly stop and a kill.
TEST(ServerRestart, ACachedConnectionToTheOldProcessIsReplacedNotUsed) {
  for (const bool killed : {false, true}) {
    const std::uint16_t port = free_port();
    Client client;
    std::string ior;
    {
      FaultServer server(port, {"--persistent"});
      ior = server.ior();
      ASSERT_EQ(client.target(ior)->echo(1), 1);  // leaves a connection in the cache
      if (killed) server.kill();
    }
    FaultServer restarted(port, {"--persistent"});
    std::this_thread::sleep_for(50ms);  // past the cache's recheck_after_idle (10 ms)
    EXPECT_EQ(client.target(ior)->echo(2), 2) << (killed ? "after a kill" : "after a stop");
  }
}

TEST(Limits, MessageLargerThanTheClientLimitIsIMP_LIMITBeforeSending) {
  FaultServer server(free_port());
  Client client({"-ORBMaxMessageSize", "65536"});
  auto target = client.target(server.ior());
  try {
    target->size_of(Faults::Octets(100'000));
    FAIL() << "no exception";
  } catch (const CORBA::IMP_LIMIT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::imp_limit_message_too_large);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
  EXPECT_EQ(target->echo(8), 8);
}

TEST(Limits, ReplyLargerThanTheClientLimitIsMARSHALOrIMP_LIMIT) {
  FaultServer server(free_port());
  Client client({"-ORBMaxMessageSize", "65536"});
  auto target = client.target(server.ior());
  EXPECT_THROW(target->make(100'000), CORBA::SystemException);
  EXPECT_EQ(target->echo(9), 9);
}

TEST(Limits, ConnectionBoundGivesTRANSIENTWhenNoneIsIdle) {
  FaultServer server(free_port(), {"-ORBServerThreads", "2"});
  Client client({"-ORBMaxConnections", "1"});
  auto target = client.target(server.ior());
  auto busy = std::async(std::launch::async, [target] { target->sleep_ms(1500); });
  std::this_thread::sleep_for(300ms);
  try {
    target->echo(1);
    ADD_FAILURE() << "a second connection was opened beyond the bound";
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::transient_connection_limit);
  }
  busy.get();
  EXPECT_EQ(target->echo(2), 2);
}

}  // namespace
