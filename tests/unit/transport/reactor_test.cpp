#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <rtorb/corba/exception.hpp>
#include <thread>

#include "echo_server.hpp"
#include "transport/exclusive_strategy.hpp"

namespace rtorb::transport {
namespace {

using namespace test;

EchoReply call(Connection& c, std::uint32_t id, const std::string& op) {
  c.send(request_bytes(id, op));
  return decode_echo_reply(c.receive_message(10s));
}

class ReactorOnLoopback : public ::testing::TestWithParam<const char*> {};
INSTANTIATE_TEST_SUITE_P(Families, ReactorOnLoopback, ::testing::Values("127.0.0.1", "::1"));

TEST(Reactor, HandleEventsReturnsFalseWhenNothingHappens) {
  Reactor reactor;
  EXPECT_FALSE(reactor.handle_events(10ms));
}

TEST(Reactor, StopWakesEveryThreadInBoundedTime) {
  Reactor reactor;
  std::optional<ServerThreadPool> pool;
  pool.emplace(reactor, 3);
  reactor.stop();
  pool.reset();  // joins: would hang if a follower or the leader missed the stop
  EXPECT_TRUE(reactor.stopped());
  EXPECT_FALSE(reactor.handle_events(10s));  // returns at once after stop
}

TEST_P(ReactorOnLoopback, SingleThreadedReactorAnswersRequests) {
  Reactor reactor;
  const Endpoint endpoint =
      listen(reactor, {GetParam(), 0}, [](Connection& c, std::span<const std::uint8_t> m) {
        c.send(m);  // echo the raw request back
      });
  auto client = connect(endpoint);
  const auto request = request_bytes(5, "ping");
  client->send(request);
  std::vector<std::uint8_t> got;
  for (int i = 0; i < 100 && got.empty(); ++i) {
    reactor.handle_events(50ms);
    for (auto m : client->read_available()) got.assign(m.begin(), m.end());
  }
  EXPECT_EQ(got, request);
}

TEST_P(ReactorOnLoopback, ClosedConnectionLeavesTheReactor) {
  Reactor reactor;
  const Endpoint endpoint =
      listen(reactor, {GetParam(), 0}, [](Connection&, std::span<const std::uint8_t>) {});
  auto client = connect(endpoint);
  for (int i = 0; i < 100 && reactor.handler_count() < 2; ++i) reactor.handle_events(50ms);
  ASSERT_EQ(reactor.handler_count(), 2u);  // acceptor + connection
  client.reset();
  for (int i = 0; i < 100 && reactor.handler_count() > 1; ++i) reactor.handle_events(50ms);
  EXPECT_EQ(reactor.handler_count(), 1u);
}

TEST(Reactor, RemoveDestroysTheHandler) {
  Reactor reactor;
  const auto id = reactor.add(
      std::make_unique<AcceptHandler>(std::make_unique<Acceptor>(Endpoint{"127.0.0.1", 0}),
                                      [](Connection&, std::span<const std::uint8_t>) {}));
  EXPECT_EQ(reactor.handler_count(), 1u);
  reactor.remove(id);
  EXPECT_EQ(reactor.handler_count(), 0u);
  reactor.remove(id);  // unknown ids are ignored
}

TEST_P(ReactorOnLoopback, HandlerThatThrowsLosesOnlyItsOwnConnection) {
  Reactor reactor;
  const Endpoint endpoint =
      listen(reactor, {GetParam(), 0}, [](Connection& c, std::span<const std::uint8_t> m) {
        if (giop::decode_message(m).get<giop::RequestHeader>()->operation == "throw") {
          throw CORBA::MARSHAL();
        }
        c.send(m);
      });
  auto bad = connect(endpoint);
  auto good = connect(endpoint);
  bad->send(request_bytes(1, "throw"));
  const auto request = request_bytes(2, "ok");
  good->send(request);
  std::vector<std::uint8_t> got;
  for (int i = 0; i < 200 && (got.empty() || !bad->closed()); ++i) {
    reactor.handle_events(50ms);
    for (auto m : good->read_available()) got.assign(m.begin(), m.end());
    bad->read_available();
  }
  EXPECT_EQ(got, request);
  EXPECT_TRUE(bad->closed());              // the server dropped it
  EXPECT_EQ(reactor.handler_count(), 2u);  // acceptor + the good connection
}

TEST_P(ReactorOnLoopback, BlockedUpcallDoesNotStopAnotherConnection) {
  EchoServer server(GetParam(), 4);
  auto blocked = connect(server.endpoint());
  auto other = connect(server.endpoint());
  blocked->send(request_bytes(1, "block"));
  ASSERT_TRUE(server.wait_blocked(1));
  // One thread is stuck in an upcall; a follower became leader and serves this one.
  const auto reply = call(*other, 2, "echo");
  EXPECT_EQ(reply.request_id, 2u);
  EXPECT_EQ(reply.operation, "echo");
  server.release();
  const auto late = decode_echo_reply(blocked->receive_message(10s));
  EXPECT_EQ(late.request_id, 1u);
  EXPECT_EQ(late.operation, "block");
  EXPECT_GE(server.distinct_threads(), 2u);
}

TEST_P(ReactorOnLoopback, HalfSentMessageBlocksNoOneEvenWithOneThread) {
  EchoServer server(GetParam(), 1);
  auto slow = connect(server.endpoint());
  auto fast = connect(server.endpoint());
  const auto request = request_bytes(1, "slow");
  slow->send(std::span(request).first(request.size() / 2));
  for (std::uint32_t id = 10; id < 15; ++id) {
    const auto reply = call(*fast, id, "fast");
    EXPECT_EQ(reply.request_id, id);
  }
  slow->send(std::span(request).subspan(request.size() / 2));
  const auto reply = decode_echo_reply(slow->receive_message(10s));
  EXPECT_EQ(reply.request_id, 1u);
  EXPECT_EQ(reply.operation, "slow");
}

TEST_P(ReactorOnLoopback, ThreadPoolServesManyClientsConcurrently) {
  EchoServer server(GetParam(), 4);
  constexpr int clients = 8;
  constexpr std::uint32_t calls = 50;
  std::atomic<int> good{0};
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&, c] {
      try {
        auto connection = connect(server.endpoint());
        for (std::uint32_t i = 0; i < calls; ++i) {
          const std::uint32_t id = static_cast<std::uint32_t>(c) * 1000 + i;
          const auto op = "op" + std::to_string(c);
          const auto reply = call(*connection, id, op);
          if (reply.request_id == id && reply.operation == op) ++good;
        }
      } catch (const std::exception&) {
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(good.load(), clients * static_cast<int>(calls));
}

}  // namespace
}  // namespace rtorb::transport

namespace rtorb::transport {
namespace {

using namespace test;

// Edge-triggered registration: the second request arrives while the first one's upcall
// holds the connection; the event wakes the other thread, which leaves it to the busy one.
TEST_P(ReactorOnLoopback, RequestArrivingDuringAnUpcallOnTheSameConnectionIsServedAfterIt) {
  EchoServer server(GetParam(), 2);
  auto client = connect(server.endpoint());
  client->send(request_bytes(1, "block"));
  ASSERT_TRUE(server.wait_blocked(1));
  client->send(request_bytes(2, "echo"));
  std::this_thread::sleep_for(50ms);  // let the second request's event fire meanwhile
  server.release();
  EXPECT_EQ(decode_echo_reply(client->receive_message(10s)).request_id, 1u);
  EXPECT_EQ(decode_echo_reply(client->receive_message(10s)).request_id, 2u);
}

TEST_P(ReactorOnLoopback, MessageLargerThanTheReceiveBufferIsReadWhole) {
  EchoServer server(GetParam(), 2);
  auto client = connect(server.endpoint());
  const std::string big(200'000, 'x');  // far above the 8 KiB initial buffer
  client->send(request_bytes(7, big));
  const auto reply = decode_echo_reply(client->receive_message(10s));
  EXPECT_EQ(reply.request_id, 7u);
  EXPECT_EQ(reply.operation, big);
  EXPECT_EQ(call(*client, 8, "small").request_id, 8u);
}

TEST(Reactor, StaleIdOfARemovedHandlerIsIgnored) {
  Reactor reactor;
  auto acceptor = [] {
    return std::make_unique<AcceptHandler>(std::make_unique<Acceptor>(Endpoint{"127.0.0.1", 0}),
                                           [](Connection&, std::span<const std::uint8_t>) {});
  };
  const auto first = reactor.add(acceptor());
  reactor.remove(first);
  const auto second = reactor.add(acceptor());  // may reuse the slot, with a new generation
  EXPECT_NE(first, second);
  reactor.remove(first);
  EXPECT_EQ(reactor.handler_count(), 1u);
  reactor.remove(second);
  EXPECT_EQ(reactor.handler_count(), 0u);
}

}  // namespace
}  // namespace rtorb::transport
