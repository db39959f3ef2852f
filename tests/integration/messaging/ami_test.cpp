// AMI callbacks against a real messaging-server process: sendc_ calls whose replies,
// exceptions and timeouts reach an AMI_TargetHandler servant in the client's POA, driven by
// the client ORB's event loop (perform_work).
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/messaging/reply_handler.hpp>
#include <rtorb/poa/poa.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "messagingS.h"
#include "messaging_test_support.hpp"

namespace messaging_test {
namespace {

using HandlerRef = IDL::traits<MessagingTest::AMI_TargetHandler>::ref_type;
using Holder = IDL::traits<Messaging::ExceptionHolder>::ref_type;

// What one exception raised by an ExceptionHolder was.
struct Raised {
  std::string name;  // "TIMEOUT", "DivideByZero"
  std::uint32_t minor = 0;
  CORBA::CompletionStatus completed = CORBA::CompletionStatus::COMPLETED_NO;
  std::int32_t dividend = 0;
};

Raised raised_by(const Holder& holder) {
  try {
    holder->raise_exception();
  } catch (const MessagingTest::DivideByZero& e) {
    return {"DivideByZero", 0, CORBA::CompletionStatus::COMPLETED_YES, e.dividend()};
  } catch (const CORBA::SystemException& e) {
    return {e._name(), e.minor(), e.completed(), 0};
  } catch (const CORBA::Exception& e) {
    return {e._name(), 0, CORBA::CompletionStatus::COMPLETED_NO, 0};
  }
  return {"nothing", 0, CORBA::CompletionStatus::COMPLETED_NO, 0};
}

// Records every reply and exception, by operation.
class Handler final : public CORBA::servant_traits<MessagingTest::AMI_TargetHandler>::base_type {
 public:
  void echo(std::int32_t v) override { add("echo", std::to_string(v)); }
  void echo_excep(const Holder& h) override { add_excep("echo", h); }
  void sleep_ms() override { add("sleep_ms", ""); }
  void sleep_ms_excep(const Holder& h) override { add_excep("sleep_ms", h); }
  void size_of(std::uint32_t v) override { add("size_of", std::to_string(v)); }
  void size_of_excep(const Holder& h) override { add_excep("size_of", h); }
  void holding(std::int32_t v) override { add("holding", std::to_string(v)); }
  void holding_excep(const Holder& h) override { add_excep("holding", h); }
  void release() override { add("release", ""); }
  void release_excep(const Holder& h) override { add_excep("release", h); }
  void last_note(std::int32_t v) override { add("last_note", std::to_string(v)); }
  void last_note_excep(const Holder& h) override { add_excep("last_note", h); }
  void notes(std::int32_t v) override { add("notes", std::to_string(v)); }
  void notes_excep(const Holder& h) override { add_excep("notes", h); }
  void absorbed(std::int32_t v) override { add("absorbed", std::to_string(v)); }
  void absorbed_excep(const Holder& h) override { add_excep("absorbed", h); }
  void divide(std::int32_t q, std::int32_t r) override {
    add("divide", std::to_string(q) + " r " + std::to_string(r));
  }
  void divide_excep(const Holder& h) override { add_excep("divide", h); }
  void get_value(std::int32_t v) override { add("get_value", std::to_string(v)); }
  void get_value_excep(const Holder& h) override { add_excep("get_value", h); }
  void set_value() override { add("set_value", ""); }
  void set_value_excep(const Holder& h) override { add_excep("set_value", h); }

  Holder last_holder() {
    std::lock_guard lock(mutex_);
    return last_holder_;
  }
  std::size_t count() {
    std::lock_guard lock(mutex_);
    return replies_.size() + exceptions_.size();
  }
  std::vector<std::string> replies(const std::string& op) {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& [o, v] : replies_) {
      if (o == op) out.push_back(v);
    }
    return out;
  }
  std::vector<Raised> exceptions(const std::string& op) {
    std::lock_guard lock(mutex_);
    std::vector<Raised> out;
    for (const auto& [o, r] : exceptions_) {
      if (o == op) out.push_back(r);
    }
    return out;
  }

 private:
  void add(const std::string& op, std::string value) {
    std::lock_guard lock(mutex_);
    replies_.emplace_back(op, std::move(value));
  }
  void add_excep(const std::string& op, const Holder& h) {
    Raised r = raised_by(h);
    std::lock_guard lock(mutex_);
    exceptions_.emplace_back(op, std::move(r));
    last_holder_ = h;
  }
  std::mutex mutex_;
  std::vector<std::pair<std::string, std::string>> replies_;
  std::vector<std::pair<std::string, Raised>> exceptions_;
  Holder last_holder_;
};

class Ami : public ::testing::Test {
 protected:
  void SetUp() override {
    auto root = IDL::traits<PortableServer::POA>::narrow(
        client_.orb().resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    servant_ = CORBA::make_reference<Handler>();
    handler_ = IDL::traits<MessagingTest::AMI_TargetHandler>::narrow(
        root->servant_to_reference(servant_));
    target_ = client_.target(server_.ior());
  }

  // Runs the client's event loop until the handler has `n` outcomes (bounded: false if
  // they never came).
  bool pump_until(std::size_t n, std::chrono::seconds bound = 20s) {
    const auto end = std::chrono::steady_clock::now() + bound;
    while (servant_->count() < n) {
      if (std::chrono::steady_clock::now() > end) return false;
      client_.orb().perform_work();
    }
    return true;
  }

  Server server_;
  Client client_;
  CORBA::servant_reference<Handler> servant_;
  HandlerRef handler_;
  TargetRef target_;
};

TEST_F(Ami, RepliesReachTheHandlerFromTheEventLoop) {
  for (std::int32_t v = 1; v <= 10; ++v) target_->sendc_echo(handler_, v);
  ASSERT_TRUE(pump_until(10));
  const auto got = servant_->replies("echo");
  const std::multiset<std::string> values(got.begin(), got.end());
  std::multiset<std::string> expected;
  for (int v = 1; v <= 10; ++v) expected.insert(std::to_string(v));
  EXPECT_EQ(values, expected);
}

TEST_F(Ami, OutArgumentsFollowTheReturnValue) {
  target_->sendc_divide(handler_, 7, 2);
  ASSERT_TRUE(pump_until(1));
  EXPECT_EQ(servant_->replies("divide"), std::vector<std::string>{"3 r 1"});
}

TEST_F(Ami, AUserExceptionReachesExcepAndRaisesAsItsClass) {
  target_->sendc_divide(handler_, 5, 0);
  ASSERT_TRUE(pump_until(1));
  const auto raised = servant_->exceptions("divide");
  ASSERT_EQ(raised.size(), 1u);
  EXPECT_EQ(raised[0].name, "DivideByZero");
  EXPECT_EQ(raised[0].dividend, 5);
}

TEST_F(Ami, RaiseExceptionWithListRaisesOnlyTheUserExceptionsListed) {
  target_->sendc_divide(handler_, 5, 0);
  ASSERT_TRUE(pump_until(1));
  const Holder holder = servant_->last_holder();
  ASSERT_TRUE(holder);
  EXPECT_THROW(holder->raise_exception_with_list({MessagingTest::_tc_DivideByZero}),
               MessagingTest::DivideByZero);
  for (const auto& list : {std::vector<CORBA::typecode_reference>{},
                           std::vector<CORBA::typecode_reference>{MessagingTest::_tc_Octets}}) {
    try {
      holder->raise_exception_with_list(list);
    } catch (const CORBA::UNKNOWN& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::unknown_user_exception);
      continue;
    }
    ADD_FAILURE() << "no UNKNOWN";
  }
}

TEST_F(Ami, AttributesHaveGetAndSetHandlers) {
  target_->sendc_set_value(handler_, 42);
  ASSERT_TRUE(pump_until(1));
  target_->sendc_get_value(handler_);
  ASSERT_TRUE(pump_until(2));
  EXPECT_EQ(servant_->replies("set_value").size(), 1u);
  EXPECT_EQ(servant_->replies("get_value"), std::vector<std::string>{"42"});
}

// A request without arguments ends where its header does: GIOP 1.2 drops the padding to 8
// that only a body needs, so the request is shorter than where its body would begin.
// Operation names of 5-10 characters put the header's end on both residues (0 and 4)
// modulo 8 whatever the key. (JacORB's long keys found this: sendc_ threw length_error.)
TEST_F(Ami, CallsWithoutArgumentsAreSentWhateverTheHeaderLength) {
  target_->sendc_holding(handler_);
  target_->sendc_notes(handler_);
  target_->sendc_absorbed(handler_);
  target_->sendc_last_note(handler_);
  target_->sendc_get_value(handler_);
  target_->sendc_release(handler_);
  ASSERT_TRUE(pump_until(6));
  for (const char* op : {"holding", "notes", "absorbed", "last_note", "get_value", "release"}) {
    EXPECT_EQ(servant_->replies(op).size(), 1u) << op;
  }
}

// The server serves one connection's requests in turn, so the echo (on the same AMI
// connection, without a timeout) is answered once the sleep ends; the sleep's own late
// reply finds no one and is dropped.
TEST_F(Ami, ARoundtripTimeoutReachesExcepAsTimeout) {
  auto timed = client_.with(target_, {client_.roundtrip_timeout(300ms)});
  timed->sendc_sleep_ms(handler_, 1500);
  target_->sendc_echo(handler_, 7);
  // Either may come first: the server serves the echo beside the sleep, on the same
  // connection (docs/orb.md, "Concurrent requests on one connection").
  ASSERT_TRUE(pump_until(2));
  const auto raised = servant_->exceptions("sleep_ms");
  ASSERT_EQ(raised.size(), 1u);
  EXPECT_EQ(raised[0].name, "TIMEOUT");
  EXPECT_EQ(raised[0].minor, rtorb::minor::timeout_reply_wait);
  EXPECT_EQ(raised[0].completed, CORBA::CompletionStatus::COMPLETED_MAYBE);
  EXPECT_EQ(servant_->replies("echo"), std::vector<std::string>{"7"});
}

TEST_F(Ami, ThousandsOfRequestsAreOutstandingOnOneConnection) {
  constexpr std::int32_t n = 5000;
  for (std::int32_t v = 0; v < n; ++v) target_->sendc_echo(handler_, v);
  ASSERT_TRUE(pump_until(n, 60s));
  const auto got = servant_->replies("echo");
  const std::set<std::string> distinct(got.begin(), got.end());
  EXPECT_EQ(got.size(), static_cast<std::size_t>(n));
  EXPECT_EQ(distinct.size(), static_cast<std::size_t>(n));
}

// A LOCATION_FORWARD reply sends the request again, arguments and all, to the new target;
// the reference then goes there directly.
TEST_F(Ami, ALocationForwardIsFollowedWithTheSameArguments) {
  RawServer forwarder(forward_to(server_.ior()));
  auto forwarded = client_.target(raw_ior(client_, forwarder.port(), 2));
  forwarded->sendc_divide(handler_, 17, 5);
  forwarded->sendc_echo(handler_, 9);
  ASSERT_TRUE(pump_until(2));
  EXPECT_EQ(servant_->replies("divide"), std::vector<std::string>{"3 r 2"});
  EXPECT_EQ(servant_->replies("echo"), std::vector<std::string>{"9"});
  EXPECT_TRUE(servant_->exceptions("divide").empty());
  forwarded->sendc_echo(handler_, 10);
  ASSERT_TRUE(pump_until(3));
  EXPECT_EQ(forwarder.requests("echo").size(), 1u);  // the third call went straight there
}

TEST_F(Ami, AForwardLoopEndsInTransientAndNoRebindInRebind) {
  auto self_ior = std::make_shared<std::string>();  // set once the port is known
  RawServer self([self_ior](std::uint32_t id, int version_minor) {
    return forward_to(*self_ior)(id, version_minor);
  });
  *self_ior = raw_ior(client_, self.port(), 2);
  client_.target(*self_ior)->sendc_echo(handler_, 1);
  ASSERT_TRUE(pump_until(1));
  auto raised = servant_->exceptions("echo");
  ASSERT_EQ(raised.size(), 1u);
  EXPECT_EQ(raised[0].name, "TRANSIENT");
  EXPECT_EQ(raised[0].minor, rtorb::minor::transient_forward_limit);

  RawServer forwarder(forward_to(server_.ior()));
  auto pinned = client_.with(client_.target(raw_ior(client_, forwarder.port(), 2)),
                             {client_.rebind(Messaging::NO_REBIND)});
  pinned->sendc_echo(handler_, 2);
  ASSERT_TRUE(pump_until(2));
  raised = servant_->exceptions("echo");
  ASSERT_EQ(raised.size(), 2u);
  EXPECT_EQ(raised[1].name, "REBIND");
  EXPECT_EQ(raised[1].minor, rtorb::minor::rebind_forward);
  EXPECT_TRUE(servant_->replies("echo").empty());
}

TEST_F(Ami, ANilHandlerIsFireAndForget) {
  target_->sendc_set_value(nullptr, 17);
  EXPECT_TRUE(eventually([&] { return target_->value() == 17; }));
  target_->sendc_echo(handler_, 1);  // the dropped reply did not disturb the connection
  ASSERT_TRUE(pump_until(1));
  EXPECT_EQ(servant_->count(), 1u);
}

TEST_F(Ami, EveryOutstandingRequestFailsWhenTheServerDies) {
  constexpr std::size_t n = 50;
  for (std::size_t i = 0; i < n; ++i) target_->sendc_sleep_ms(handler_, 20'000);
  server_.kill();
  ASSERT_TRUE(pump_until(n));
  const auto raised = servant_->exceptions("sleep_ms");
  ASSERT_EQ(raised.size(), n);
  for (const Raised& r : raised) {
    EXPECT_TRUE(r.name == "COMM_FAILURE" || r.name == "TRANSIENT") << r.name;
    EXPECT_NE(r.completed, CORBA::CompletionStatus::COMPLETED_YES);
  }
  // And the next call cannot connect: raised by sendc_ itself.
  EXPECT_THROW(target_->sendc_echo(handler_, 2), CORBA::TRANSIENT);
}

// The handler served by a second ORB (over loopback, so the ExceptionHolder is marshaled
// into a request to it): the holder still raises the user exception as its class (the
// _excep skeleton knows the operation's exceptions) and the system exception as its own.
TEST_F(Ami, AHandlerInAnotherOrbGetsTheExceptionHolderMarshaled) {
  Client other;
  auto root = IDL::traits<PortableServer::POA>::narrow(
      other.orb().resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  auto remote_servant = CORBA::make_reference<Handler>();
  const std::string ior = other.orb().object_to_string(root->servant_to_reference(remote_servant));
  auto remote = IDL::traits<MessagingTest::AMI_TargetHandler>::narrow(
      client_.orb().string_to_object(ior));
  std::thread runner([&] { other.orb().run(); });
  auto timed = client_.with(target_, {client_.roundtrip_timeout(300ms)});
  target_->sendc_divide(remote, 9, 0);
  target_->sendc_divide(remote, 9, 4);
  timed->sendc_sleep_ms(remote, 1500);
  const auto end = std::chrono::steady_clock::now() + 20s;
  while (remote_servant->count() < 3 && std::chrono::steady_clock::now() < end) {
    client_.orb().perform_work();
  }
  other.orb().shutdown(false);
  runner.join();
  const auto divided = remote_servant->exceptions("divide");
  ASSERT_EQ(divided.size(), 1u);
  EXPECT_EQ(divided[0].name, "DivideByZero");
  EXPECT_EQ(divided[0].dividend, 9);
  EXPECT_EQ(remote_servant->replies("divide"), std::vector<std::string>{"2 r 1"});
  const auto slept = remote_servant->exceptions("sleep_ms");
  ASSERT_EQ(slept.size(), 1u);
  EXPECT_EQ(slept[0].name, "TIMEOUT");
  EXPECT_EQ(slept[0].minor, rtorb::minor::timeout_reply_wait);
}

// The handler served here, the AMI client another process (messaging-ami-relay): the
// ExceptionHolders come as values, the spec's valuetype read with the factory the ORB
// registers, and still raise the user exception as its class and TIMEOUT as itself.
TEST_F(Ami, AHandlerInAnotherProcessGetsTheExceptionHolderAsAValue) {
  rtorb::interop::ChildProcess relay({std::string(RTORB_BINARY_DIR) + "/bin/messaging-ami-relay",
                                      server_.ior(), client_.orb().object_to_string(handler_)});
  ASSERT_EQ(relay.line(20s), std::optional<std::string>("sent"));
  ASSERT_TRUE(pump_until(3));
  relay.terminate();
  relay.wait(10s);
  const auto divided = servant_->exceptions("divide");
  ASSERT_EQ(divided.size(), 1u);
  EXPECT_EQ(divided[0].name, "DivideByZero");
  EXPECT_EQ(divided[0].dividend, 9);
  EXPECT_EQ(servant_->replies("divide"), std::vector<std::string>{"2 r 1"});
  const auto slept = servant_->exceptions("sleep_ms");
  ASSERT_EQ(slept.size(), 1u);
  EXPECT_EQ(slept[0].name, "TIMEOUT");
  EXPECT_EQ(slept[0].minor, rtorb::minor::timeout_reply_wait);
  EXPECT_EQ(slept[0].completed, CORBA::CompletionStatus::COMPLETED_MAYBE);
  const Holder holder = servant_->last_holder();
  ASSERT_TRUE(holder);
  EXPECT_EQ(holder->_obv_typeid(), "IDL:omg.org/Messaging/ExceptionHolder:1.0");
}

TEST_F(Ami, ACollocatedTargetCallsTheHandlerBeforeSendcReturns) {
  // The handler itself as a target: AMI_TargetHandler has no AMI of its own, so use a
  // Target served in this process.
  auto local = serve_local_target(client_.orb());
  local->sendc_echo(handler_, 21);
  EXPECT_EQ(servant_->replies("echo"), std::vector<std::string>{"21"});
}

// A client with a server thread pool: its threads read the AMI connection and call the
// handler; the client's own thread never runs the event loop.
TEST(AmiWithAPool, ThePoolsThreadsCallTheHandler) {
  Server server;
  Client client({"-ORBServerThreads", "2"});
  auto root = IDL::traits<PortableServer::POA>::narrow(
      client.orb().resolve_initial_references("RootPOA"));
  root->the_POAManager()->activate();
  auto servant = CORBA::make_reference<Handler>();
  auto handler = IDL::traits<MessagingTest::AMI_TargetHandler>::narrow(
      root->servant_to_reference(servant));
  auto target = client.target(server.ior());
  for (std::int32_t v = 0; v < 1000; ++v) target->sendc_echo(handler, v);
  EXPECT_TRUE(eventually([&] { return servant->count() == 1000; }));
  EXPECT_EQ(servant->replies("echo").size(), 1000u);
}

}  // namespace
}  // namespace messaging_test
