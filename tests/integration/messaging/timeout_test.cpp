// RelativeRoundtripTimeout and RelativeRequestTimeout against servers that stall, stop,
// die, never read or never accept: a caller that set a timeout always gets control back,
// with TIMEOUT's minor code saying which wait ran out.
#include <rtorb/corba/minor_code.hpp>

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include "messaging_test_support.hpp"

namespace messaging_test {
namespace {

using CORBA::CompletionStatus;
namespace minor = rtorb::minor;

TEST(RoundtripTimeout, AServantThatStallsTimesOutTheReplyWait) {
  Server server;
  Client client;
  auto target = client.target(server.ior());
  auto timed = client.with(target, {client.roundtrip_timeout(200ms)});
  expect_timeout([&] { timed->sleep_ms(10'000); }, minor::timeout_reply_wait,
                 CompletionStatus::COMPLETED_MAYBE);
  EXPECT_EQ(timed->echo(3), 3) << "the reference works again once the server answers";
}

TEST(RoundtripTimeout, AStoppedServerProcessTimesOutTheReplyWait) {
  Server server;
  Client client;
  auto timed = client.with(client.target(server.ior()), {client.roundtrip_timeout(200ms)});
  ASSERT_EQ(timed->echo(1), 1);
  ASSERT_TRUE(server.stop());
  expect_timeout([&] { timed->echo(2); }, minor::timeout_reply_wait,
                 CompletionStatus::COMPLETED_MAYBE);
  server.signal(SIGCONT);
}

// A killed process is noticed by the kernel: the call in progress fails at once
// (COMM_FAILURE, MAYBE) and the next cannot connect (TRANSIENT, NO); neither waits for
// the timeout, and neither hangs. The call is in its upcall (blocked on the servant's
// latch, seen by another client) when the server dies.
TEST(RoundtripTimeout, AServerKilledMidCallFailsTheCallWithoutHanging) {
  Server server;
  Client client;
  Client observer;
  auto timed = client.with(client.target(server.ior()),
                           {client.roundtrip_timeout(30s),
                            client.sync_scope(Messaging::SYNC_WITH_TARGET)});
  std::exception_ptr raised;
  std::thread caller([&] { raised = bounded([&] { timed->hold(); }); });
  auto watch = observer.target(server.ior());
  ASSERT_TRUE(eventually([&] { return watch->holding() == 1; }));
  server.kill();
  caller.join();
  ASSERT_TRUE(raised);
  try {
    std::rethrow_exception(raised);
  } catch (const CORBA::COMM_FAILURE& e) {
    EXPECT_EQ(e.completed(), CompletionStatus::COMPLETED_MAYBE);
  } catch (const CORBA::SystemException& e) {
    ADD_FAILURE() << "expected COMM_FAILURE, got " << e.what();
  }
  const auto again = bounded([&] { timed->echo(2); });
  ASSERT_TRUE(again);
  EXPECT_THROW(std::rethrow_exception(again), CORBA::TRANSIENT);
}

// The kernel accepts the connection (the listener's backlog) but nobody reads: a small
// request fits the socket buffers and the reply never comes.
TEST(RoundtripTimeout, AServerThatNeverReadsTimesOutTheReplyWait) {
  rtorb::interop::Listener listener(rtorb::interop::Family::ipv4);
  Client client;
  auto timed = client.with(client.target(raw_ior(client, listener.port(), 2)),
                           {client.roundtrip_timeout(200ms)});
  expect_timeout([&] { timed->echo(1); }, minor::timeout_reply_wait,
                 CompletionStatus::COMPLETED_MAYBE);
}

// A request larger than the socket buffers can hold: the send itself runs out of time,
// and the request was never whole at the server.
TEST(RoundtripTimeout, AServerThatNeverReadsTimesOutALargeSend) {
  rtorb::interop::Listener listener(rtorb::interop::Family::ipv4);
  Client client;
  auto timed = client.with(client.target(raw_ior(client, listener.port(), 2)),
                           {client.roundtrip_timeout(300ms)});
  const MessagingTest::Octets large(32 * 1024 * 1024, 0x5a);
  expect_timeout([&] { timed->size_of(large); }, minor::timeout_send,
                 CompletionStatus::COMPLETED_NO);
}

// A listener whose accept queue is full: it drops new SYNs, so connect cannot finish.
class FullListener {
 public:
  FullListener() : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address);
    ::listen(fd_, 0);
    socklen_t length = sizeof address;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    // Fill the queue (a backlog of 0 holds one): these stay pending, never accepted.
    for (int i = 0; i < 3; ++i) {
      const int f = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
      ::connect(f, reinterpret_cast<sockaddr*>(&address), sizeof address);
      fillers_.push_back(f);
    }
    std::this_thread::sleep_for(100ms);  // let the handshakes that can complete complete
  }
  ~FullListener() {
    for (const int f : fillers_) ::close(f);
    ::close(fd_);
  }
  FullListener(const FullListener&) = delete;
  FullListener& operator=(const FullListener&) = delete;
  std::uint16_t port() const { return port_; }

 private:
  int fd_;
  std::uint16_t port_ = 0;
  std::vector<int> fillers_;
};

TEST(RoundtripTimeout, AListenerThatNeverAcceptsTimesOutTheConnect) {
  FullListener listener;
  ASSERT_NE(listener.port(), 0);
  Client client;
  auto timed = client.with(client.target(raw_ior(client, listener.port(), 2)),
                           {client.roundtrip_timeout(300ms)});
  expect_timeout([&] { timed->echo(1); }, minor::timeout_connect, CompletionStatus::COMPLETED_NO);
}

// Without any timeout policy the ORB's own connect bound (-ORBConnectTimeout, 10 s by
// default) still ends the call: TRANSIENT, not a caller held for the kernel's retries.
TEST(ConnectTimeout, TheOrbOptionBoundsAConnectWithoutPolicies) {
  FullListener listener;
  ASSERT_NE(listener.port(), 0);
  Client client({"-ORBConnectTimeout", "300"});
  auto target = client.target(raw_ior(client, listener.port(), 2));
  const auto raised = bounded([&] { target->echo(1); });
  ASSERT_TRUE(raised);
  try {
    std::rethrow_exception(raised);
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), minor::transient_connect_timeout);
    EXPECT_EQ(e.completed(), CompletionStatus::COMPLETED_NO);
  } catch (const CORBA::SystemException& e) {
    ADD_FAILURE() << "expected TRANSIENT, got " << e.what();
  }
}

TEST(RoundtripTimeout, AppliesFromTheThreadAndOrbLevelsToo) {
  Server server;
  Client client;
  auto target = client.target(server.ior());
  auto current = IDL::traits<CORBA::PolicyCurrent>::narrow(
      client.orb().resolve_initial_references("PolicyCurrent"));
  current->set_policy_overrides({client.roundtrip_timeout(200ms)},
                                CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_THROW(target->sleep_ms(10'000), CORBA::TIMEOUT);
  current->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  auto manager = IDL::traits<CORBA::PolicyManager>::narrow(
      client.orb().resolve_initial_references("ORBPolicyManager"));
  manager->set_policy_overrides({client.roundtrip_timeout(200ms)},
                                CORBA::SetOverrideType::SET_OVERRIDE);
  expect_timeout([&] { target->sleep_ms(10'000); }, minor::timeout_reply_wait,
                 CompletionStatus::COMPLETED_MAYBE);
  manager->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_EQ(target->echo(4), 4);
}

// RelativeRequestTimeout: the end time travels with the request. One microsecond after
// the client read its clock, the request cannot yet have crossed to the server process:
// the server finds it expired and answers TIMEOUT without serving it.
TEST(RequestTimeout, TheServerRefusesARequestThatArrivesAfterItsEndTime) {
  Server server;
  Client client;
  auto target = client.target(server.ior());
  ASSERT_EQ(target->echo(1), 1);
  // WITH_TARGET, so that the oneway gets the server's answer.
  auto timed = client.with(target, {client.request_timeout(1us),
                                    client.sync_scope(Messaging::SYNC_WITH_TARGET)});
  expect_timeout([&] { timed->note(42); }, minor::timeout_request_expired,
                 CompletionStatus::COMPLETED_NO);
  EXPECT_NE(target->last_note(), 42) << "the expired request was not served";
  auto twoway = client.with(target, {client.request_timeout(1us)});
  expect_timeout([&] { twoway->echo(3); }, minor::timeout_request_expired,
                 CompletionStatus::COMPLETED_NO);
}

TEST(RequestTimeout, ARequestInTimeIsServed) {
  Server server;
  Client client;
  auto timed = client.with(client.target(server.ior()), {client.request_timeout(10s)});
  EXPECT_EQ(timed->echo(5), 5);
}

}  // namespace
}  // namespace messaging_test
