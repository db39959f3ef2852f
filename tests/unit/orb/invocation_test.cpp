#include <rtorb/corba/minor_code.hpp>
#include <rtorb/orb/invocation.hpp>
#include <rtorb/orb/object_codec.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "giop/message_codec.hpp"
#include "giop/messages.hpp"
#include "test_adapter.hpp"
#include "transport/acceptor.hpp"
#include "transport/connector.hpp"

namespace rtorb::orb {
namespace {

using CORBA::CompletionStatus;
using namespace std::chrono_literals;

std::int32_t add(const CORBA::Object& target, std::int32_t a, std::int32_t b) {
  Invocation call(target, "add");
  auto& reply = call.invoke([&](cdr::OutputStream& os) {
    os.write_long(a);
    os.write_long(b);
  });
  return reply.read_long();
}

[[noreturn]] void raise_oops(cdr::InputStream& body) {
  body.read_string();
  test::Oops e;
  e.code = body.read_long();
  throw e;
}

// A server ORB (reactive and run by a thread of the test, or with a pool) and a client ORB
// in the same process, as two peers on loopback.
class TwoOrbs : public ::testing::Test {
 protected:
  void start(std::vector<std::string> server_args, bool reactive = true) {
    OrbOptions s;
    s.orb_id = std::string("server-") +
               ::testing::UnitTest::GetInstance()->current_test_info()->name();
    s.adapter_factory = test::test_adapter_factory();
    s.server_threads = reactive ? 0 : 2;
    std::vector<std::string> args{"prog"};
    args.insert(args.end(), server_args.begin(), server_args.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    int argc = static_cast<int>(argv.size());
    OrbOptions parsed = parse_orb_arguments(argc, argv.data());
    parsed.orb_id = s.orb_id;
    parsed.adapter_factory = s.adapter_factory;
    if (!reactive) parsed.server_threads = 2;
    server = OrbCore::create(std::move(parsed));
    OrbOptions c;
    c.orb_id = std::string("client-") +
               ::testing::UnitTest::GetInstance()->current_test_info()->name();
    c.client_strategy = client_strategy;
    client = OrbCore::create(std::move(c));
    adapter = &test::test_adapter(*server);
    target = adapter->reference("obj");
    if (reactive) runner = std::thread([this] { server->run(); });
    // The client's own view of the reference, as another process would get it.
    remote = client->string_to_object(server->object_to_string(target));
  }
  void TearDown() override {
    if (server) server->shutdown(true);
    if (runner.joinable()) runner.join();
    remote = nullptr;
    target = nullptr;
    if (client) client->destroy();
    if (server) server->destroy();
  }

  CORBA::object_reference<CORBA::ORB> server;
  CORBA::object_reference<CORBA::ORB> client;
  test::TestAdapter* adapter = nullptr;
  CORBA::object_reference<CORBA::Object> target;
  CORBA::object_reference<CORBA::Object> remote;
  std::thread runner;
  ClientStrategy client_strategy = ClientStrategy::exclusive;
};

TEST_F(TwoOrbs, TwowayCallReturnsTheResult) {
  start({});
  EXPECT_EQ(add(*remote, 2, 40), 42);
  EXPECT_EQ(add(*remote, -1, 1), 0);  // the connection is reused
  EXPECT_EQ(adapter->calls, 2);
}

TEST_F(TwoOrbs, PoolModeServesWithoutRun) {
  start({}, false);
  EXPECT_EQ(add(*remote, 1, 2), 3);
}

TEST_F(TwoOrbs, Giop10And11TargetsWork) {
  for (const char* version : {"1.0", "1.1"}) {
    start({"-ORBGIOPVersion", version});
    EXPECT_EQ(add(*remote, 5, 6), 11) << version;
    {
      Invocation call(*remote, "echo_string");  // ends before its target and ORB go
      auto& in = call.invoke([](cdr::OutputStream& os) { os.write_string("hi"); });
      EXPECT_EQ(in.read_string(), "hi");
    }
    TearDown();
    server = client = nullptr;
  }
}

TEST_F(TwoOrbs, WideStringsUseTheNegotiatedCodeSet) {
  start({});
  Invocation call(*remote, "echo_wstring");
  auto& in = call.invoke([](cdr::OutputStream& os) { os.write_wstring(L"wide \u00e9"); });
  EXPECT_EQ(in.read_wstring(), L"wide \u00e9");
}

TEST_F(TwoOrbs, OnewayArrivesAndGetsNoReply) {
  start({});
  {
    Invocation call(*remote, "oneway_set");
    call.invoke_oneway([](cdr::OutputStream& os) { os.write_long(77); });
  }
  // A twoway on the same connection is served after the oneway (one connection, in order).
  Invocation call(*remote, "last_oneway");
  EXPECT_EQ(call.invoke([](cdr::OutputStream&) {}).read_long(), 77);
}

TEST_F(TwoOrbs, DeclaredUserExceptionIsRaised) {
  start({});
  static const UserExceptionEntry table[] = {{test::oops_id, raise_oops}};
  Invocation call(*remote, "raise_oops");
  try {
    call.invoke([](cdr::OutputStream& os) { os.write_long(13); }, table);
    FAIL();
  } catch (const test::Oops& e) {
    EXPECT_EQ(e.code, 13);
  }
}

TEST_F(TwoOrbs, UndeclaredUserExceptionIsUnknown) {
  start({});
  Invocation call(*remote, "raise_oops");
  EXPECT_THROW(call.invoke([](cdr::OutputStream& os) { os.write_long(1); }), CORBA::UNKNOWN);
}

TEST_F(TwoOrbs, SystemExceptionKeepsMinorAndCompletion) {
  start({});
  try {
    Invocation call(*remote, "raise_bad_param");
    call.invoke([](cdr::OutputStream& os) { os.write_ulong(1234); });
    FAIL();
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), 1234u);
    EXPECT_EQ(e.completed(), CompletionStatus::COMPLETED_NO);
  }
  try {
    Invocation call(*remote, "raise_no_permission");
    call.invoke([](cdr::OutputStream&) {});
    FAIL();
  } catch (const CORBA::NO_PERMISSION& e) {
    EXPECT_EQ(e.completed(), CompletionStatus::COMPLETED_YES);
  }
}

TEST_F(TwoOrbs, ExceptionsEscapingTheUpcallBecomeUnknown) {
  start({});
  for (const char* op : {"raise_undeclared", "raise_std"}) {
    try {
      Invocation call(*remote, op);
      call.invoke([](cdr::OutputStream&) {});
      FAIL() << op;
    } catch (const CORBA::UNKNOWN& e) {
      EXPECT_EQ(e.completed(), CompletionStatus::COMPLETED_MAYBE) << op;
    }
  }
  EXPECT_EQ(add(*remote, 1, 1), 2);  // the connection still serves
}

TEST_F(TwoOrbs, LocationForwardIsFollowed) {
  start({});
  for (const char* key : {"fwd", "fwdperm"}) {
    auto forwarding =
        client->string_to_object(server->object_to_string(adapter->reference(key)));
    EXPECT_EQ(add(*forwarding, 3, 4), 7) << key;
    EXPECT_TRUE(core_of(*forwarding)->forwarded());
    EXPECT_EQ(add(*forwarding, 3, 5), 8) << key;  // straight to the new target now
  }
}

TEST_F(TwoOrbs, UnknownObjectIsObjectNotExistAndNonExistentSaysSo) {
  start({});
  auto missing = client->string_to_object(server->object_to_string(adapter->reference("nope")));
  EXPECT_THROW(add(*missing, 1, 2), CORBA::OBJECT_NOT_EXIST);
  EXPECT_TRUE(missing->_non_existent());
  EXPECT_FALSE(remote->_non_existent());
}

TEST_F(TwoOrbs, IsAAsksTheServerForUnknownTypes) {
  start({});
  EXPECT_TRUE(remote->_is_a("IDL:omg.org/CORBA/Object:1.0"));
  EXPECT_TRUE(remote->_is_a("IDL:Test/Thing:1.0"));  // the IOR's own type id
  EXPECT_FALSE(remote->_is_a("IDL:Test/Other:1.0"));
  EXPECT_GE(adapter->calls, 1);
}

TEST_F(TwoOrbs, LargeRepliesAreFragmentedAndReassembled) {
  start({"-ORBFragmentSize", "1024"});
  Invocation call(*remote, "make_octets");
  auto& in = call.invoke([](cdr::OutputStream& os) { os.write_ulong(100000); });
  ASSERT_EQ(in.read_ulong(), 100000u);
  for (std::uint32_t i = 0; i < 100000; ++i) ASSERT_EQ(in.read_octet(), i % 251) << i;
}

// GIOP 1.1 fragments cannot interleave with other messages, so a server sends them in one
// go (replies of one connection may come from several threads since AMH).
TEST_F(TwoOrbs, LargeGiop11RepliesAreFragmentedAndReassembled) {
  start({"-ORBFragmentSize", "1024", "-ORBGIOPVersion", "1.1"});
  Invocation call(*remote, "make_octets");
  auto& in = call.invoke([](cdr::OutputStream& os) { os.write_ulong(100000); });
  ASSERT_EQ(in.read_ulong(), 100000u);
  for (std::uint32_t i = 0; i < 100000; ++i) ASSERT_EQ(in.read_octet(), i % 251) << i;
}

// Requests and replies that borrow the sequence (sent from the caller's vector and the
// kept result), whole and in fragments.
void expect_long_sequence_echo(const CORBA::Object& target) {
  std::vector<std::int32_t> values(65536);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::int32_t>(i * 7);
  Invocation call(target, "echo_longs");
  auto& in = call.invoke([&](cdr::OutputStream& os) { cdr::write_sequence(os, values); });
  std::vector<std::int32_t> back;
  cdr::read_sequence(in, back);
  ASSERT_EQ(back.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) ASSERT_EQ(back[i], -values[i]) << i;
}

TEST_F(TwoOrbs, LargeSequencesGoFromTheCallersMemoryBothWays) {
  start({});
  expect_long_sequence_echo(*remote);
  expect_long_sequence_echo(*remote);  // pooled blocks reused with borrowed segments
}

TEST_F(TwoOrbs, LargeSequencesGoFromTheCallersMemoryOnAMultiplexedConnection) {
  client_strategy = ClientStrategy::multiplexed;
  start({}, false);
  expect_long_sequence_echo(*remote);
}

TEST_F(TwoOrbs, LargeBorrowedSequencesAreFragmented) {
  start({"-ORBFragmentSize", "4096"});
  expect_long_sequence_echo(*remote);
}

TEST_F(TwoOrbs, ReferencesTravelAsParametersAndResults) {
  start({});
  Invocation call(*remote, "echo_object");
  auto& in = call.invoke([&](cdr::OutputStream& os) { write_object(os, remote); });
  CORBA::object_reference<CORBA::Object> back;
  cdr::Codec<CORBA::object_reference<CORBA::Object>>::read(in, back);
  ASSERT_TRUE(back);
  EXPECT_TRUE(back->_is_equivalent(remote));
  EXPECT_EQ(add(*back, 20, 22), 42);
  Invocation nil_call(*remote, "echo_object");
  auto& nil_in = nil_call.invoke([&](cdr::OutputStream& os) { write_object(os, nullptr); });
  cdr::Codec<CORBA::object_reference<CORBA::Object>>::read(nil_in, back);
  EXPECT_FALSE(back);
}

TEST_F(TwoOrbs, LocateRequestIsAnswered) {
  start({});
  const auto endpoint = CORBA::rtorb_core(*server).published_endpoints().at(0);
  auto connection = transport::connect(endpoint);
  const auto locate = [&](std::string_view k, std::uint32_t id) {
    const auto bytes = test::key(k);
    cdr::OutputStream os;
    const auto start =
        giop::encode_locate_request(os, giop::giop_1_2, {id, giop::KeyAddr{bytes}});
    giop::end_message(os, start);
    connection->send(os);
    const auto reply = giop::decode_message(connection->receive_message(5s));
    EXPECT_EQ(reply.get<giop::LocateReplyHeader>()->request_id, id);
    return reply.get<giop::LocateReplyHeader>()->locate_status;
  };
  EXPECT_EQ(locate("obj", 1), giop::LocateStatus::object_here);
  EXPECT_EQ(locate("nope", 2), giop::LocateStatus::unknown_object);
  EXPECT_EQ(locate("fwd", 3), giop::LocateStatus::object_forward);
}

TEST_F(TwoOrbs, GarbageGetsMessageErrorAndOthersAreStillServed) {
  start({});
  const auto endpoint = CORBA::rtorb_core(*server).published_endpoints().at(0);
  auto bad = transport::connect(endpoint);
  // A Reply sent to a server: well framed, but not something a server accepts.
  cdr::OutputStream os;
  const auto start = giop::encode_reply(os, giop::giop_1_2, {});
  giop::end_message(os, start);
  bad->send(os);
  const auto answer = giop::decode_header(bad->receive_message(5s));
  EXPECT_EQ(answer.type, giop::MsgType::message_error);
  EXPECT_EQ(add(*remote, 1, 2), 3);
}

TEST_F(TwoOrbs, ConnectRefusedIsTransientCompletedNo) {
  start({});
  const std::string ior = server->object_to_string(target);
  server->shutdown(true);
  runner.join();
  server->destroy();
  server = nullptr;
  try {
    add(*remote, 1, 2);
    FAIL();
  } catch (const CORBA::SystemException& e) {
    // The idle connection got CloseConnection; the reissue finds nobody listening.
    EXPECT_TRUE(dynamic_cast<const CORBA::TRANSIENT*>(&e) != nullptr ||
                dynamic_cast<const CORBA::COMM_FAILURE*>(&e) != nullptr)
        << e.what();
  }
}

TEST_F(TwoOrbs, MultiplexedClientSharesOneConnectionAcrossThreads) {
  client_strategy = ClientStrategy::multiplexed;
  start({}, false);  // a pool, so requests on the shared connection are served in turn
  std::vector<std::thread> threads;
  std::atomic<int> good{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        if (add(*remote, t, i) == t + i) ++good;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(good, 200);
  EXPECT_EQ(CORBA::rtorb_core(*client).connections().size(), 0u);  // the cache was not used
  {
    Invocation call(*remote, "oneway_set");
    call.invoke_oneway([](cdr::OutputStream& os) { os.write_long(5); });
  }
  Invocation call(*remote, "make_octets");
  auto& in = call.invoke([](cdr::OutputStream& os) { os.write_ulong(50000); });
  EXPECT_EQ(in.read_ulong(), 50000u);
  try {
    Invocation bad(*remote, "raise_bad_param");
    bad.invoke([](cdr::OutputStream& os) { os.write_ulong(3); });
    FAIL();
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), 3u);
  }
}

TEST_F(TwoOrbs, MultiplexedClientSeesServerShutdownAsTransient) {
  client_strategy = ClientStrategy::multiplexed;
  start({});
  EXPECT_EQ(add(*remote, 1, 2), 3);
  server->shutdown(true);
  runner.join();
  EXPECT_THROW(add(*remote, 1, 2), CORBA::TRANSIENT);
}

void expect_timeout_from_silent_server(ClientStrategy strategy) {
  OrbOptions c;
  c.orb_id = "timeout-client";
  c.client_strategy = strategy;
  c.reply_timeout = 100ms;
  auto quick = OrbCore::create(std::move(c));
  // A listener nobody serves: the kernel completes the connect, no reply ever comes.
  transport::Acceptor acceptor({"127.0.0.1", 0});
  ior::ObjectReference ref;
  ref.type_id = "IDL:Test/Thing:1.0";
  ref.profiles.emplace_back(
      ior::IiopProfile{{1, 2}, "127.0.0.1", acceptor.port(), test::key("obj"), {}});
  auto silent = ProxyAccess::make<CORBA::Object>(CORBA::rtorb_core(*quick).make_object(ref));
  try {
    add(*silent, 1, 2);
    FAIL();
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.completed(), CompletionStatus::COMPLETED_MAYBE);
  }
  silent = nullptr;
  quick->destroy();
}

TEST(ReplyTimeout, ASilentServerGivesTimeoutCompletedMaybe) {
  expect_timeout_from_silent_server(ClientStrategy::exclusive);
}

TEST(ReplyTimeout, ASilentServerGivesTimeoutWhenMultiplexedToo) {
  expect_timeout_from_silent_server(ClientStrategy::multiplexed);
}

TEST(Collocation, SameOrbCallsDoNotUseSockets) {
  OrbOptions o;
  o.orb_id = "collocated";
  o.adapter_factory = test::test_adapter_factory();
  auto orb = OrbCore::create(std::move(o));
  auto& adapter = test::test_adapter(*orb);
  auto ref = adapter.reference("obj");
  const auto target = core_of(*ref)->target();
  EXPECT_TRUE(core_of(*ref)->collocated(*target));
  // Nobody runs the ORB: a remote call would wait for ever; collocated calls need no thread.
  EXPECT_EQ(add(*ref, 40, 2), 42);
  auto fwd = adapter.reference("fwd");
  EXPECT_EQ(add(*fwd, 1, 2), 3);
  expect_long_sequence_echo(*ref);  // borrowed request and reply, copied once each
  try {
    Invocation call(*ref, "raise_bad_param");
    call.invoke([](cdr::OutputStream& os) { os.write_ulong(9); });
    FAIL();
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), 9u);
  }
  ref = nullptr;
  fwd = nullptr;
  orb->destroy();
}

TEST(Collocation, OffMeansSockets) {
  OrbOptions o;
  o.orb_id = "not-collocated";
  o.collocation = false;
  o.adapter_factory = test::test_adapter_factory();
  auto orb = OrbCore::create(std::move(o));
  auto ref = test::test_adapter(*orb).reference("obj");
  EXPECT_FALSE(core_of(*ref)->collocated(*core_of(*ref)->target()));
  std::thread runner([&] { orb->run(); });
  EXPECT_EQ(add(*ref, 1, 2), 3);
  orb->shutdown(true);
  runner.join();
  ref = nullptr;
  orb->destroy();
}

TEST(OrbLifecycle, ShutdownFromAnUpcallStopsRun) {
  OrbOptions o;
  o.orb_id = "shutdown-in-upcall";
  o.adapter_factory = test::test_adapter_factory();
  o.collocation = false;
  auto orb = OrbCore::create(std::move(o));
  auto ref = test::test_adapter(*orb).reference("obj");
  std::thread runner([&] { orb->run(); });
  Invocation call(*ref, "shutdown");
  call.invoke([](cdr::OutputStream&) {});
  runner.join();  // run() returned
  EXPECT_TRUE(test::test_adapter(*orb).shut);
  ref = nullptr;
  orb->destroy();
}

TEST_F(TwoOrbs, ShutdownWaitingFromAnUpcallIsBadInvOrder) {
  start({});
  try {
    Invocation call(*remote, "shutdown_and_wait");
    call.invoke([](cdr::OutputStream&) {});
    FAIL();
  } catch (const CORBA::BAD_INV_ORDER& e) {
    EXPECT_EQ(e.minor(), minor::bad_inv_order_wait_in_upcall);
  }
  EXPECT_EQ(add(*remote, 1, 1), 2);  // still serving
}

TEST_F(TwoOrbs, ShutdownFromAPoolThreadUpcallEndsRun) {
  start({}, false);
  std::thread waiter([this] { server->run(); });
  const auto waiter_id = waiter.get_id();
  Invocation call(*remote, "shutdown");
  call.invoke([](cdr::OutputStream&) {});
  waiter.join();  // run() returned; destroy() in TearDown joins the pool
  // The upcall ran on one of the pool's threads (run() only waits), and it is what shut
  // the server down: nobody else asked.
  const auto caller = adapter->shutdown_caller.load();
  EXPECT_NE(caller, std::thread::id{});
  EXPECT_NE(caller, waiter_id);
  EXPECT_NE(caller, std::this_thread::get_id());
  try {
    server->work_pending();
    ADD_FAILURE() << "run() returned, but the server is not shut down";
  } catch (const CORBA::BAD_INV_ORDER& e) {
    EXPECT_EQ(e.minor(), minor::bad_inv_order_orb_shutdown);
  }
}

TEST_F(TwoOrbs, Ipv6EndpointsWork) {
  try {
    start({"-ORBEndpoint", "iiop://[::1]:0"});
  } catch (const CORBA::INITIALIZE&) {
    GTEST_SKIP() << "no IPv6 loopback here";
  }
  EXPECT_EQ(core_of(*remote)->target()->endpoint.host, "::1");
  EXPECT_EQ(add(*remote, 6, 7), 13);
}

TEST(OrbLifecycle, DestroyedOrbRaisesObjectNotExist) {
  OrbOptions o;
  o.orb_id = "destroyed";
  auto orb = OrbCore::create(std::move(o));
  orb->destroy();
  EXPECT_THROW(orb->string_to_object("IOR:00"), CORBA::OBJECT_NOT_EXIST);
  EXPECT_THROW(orb->run(), CORBA::OBJECT_NOT_EXIST);
}

TEST(OrbLifecycle, SameIdGivesTheSameOrbUntilDestroyed) {
  OrbOptions a;
  a.orb_id = "same";
  auto first = OrbCore::create(a);
  auto second = OrbCore::create(a);
  EXPECT_TRUE(first == second);
  first->destroy();
  auto third = OrbCore::create(a);
  EXPECT_FALSE(first == third);
  third->destroy();
}

TEST(OrbLifecycle, RunWithTimeoutReturns) {
  OrbOptions a;
  a.orb_id = "run-timeout";
  auto orb = OrbCore::create(a);
  orb->run(50ms);
  EXPECT_TRUE(orb->work_pending());
  orb->perform_work();
  orb->destroy();
}

}  // namespace
}  // namespace rtorb::orb
