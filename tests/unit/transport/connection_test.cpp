#include <gtest/gtest.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <thread>
#include <algorithm>

#include "loopback.hpp"
#include "transport/socket.hpp"

namespace rtorb::transport {
namespace {

using namespace test;

class ConnectionOnLoopback : public ::testing::TestWithParam<const char*> {};

INSTANTIATE_TEST_SUITE_P(Families, ConnectionOnLoopback, ::testing::Values("127.0.0.1", "::1"));

TEST_P(ConnectionOnLoopback, AcceptorReportsTheKernelsEphemeralPort) {
  Acceptor acceptor({GetParam(), 0});
  EXPECT_NE(acceptor.port(), 0);
  EXPECT_EQ(acceptor.endpoint().host, GetParam());
}

TEST_P(ConnectionOnLoopback, ConnectorTurnsNoDelayOn) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  int value = 0;
  socklen_t len = sizeof value;
  ASSERT_EQ(::getsockopt(pair.client->fd(), IPPROTO_TCP, TCP_NODELAY, &value, &len), 0);
  EXPECT_NE(value, 0);
  EXPECT_EQ(pair.server->peer().port, [&] {
    SocketAddress local;
    local.length = sizeof local.storage;
    ::getsockname(pair.client->fd(), local.get(), &local.length);
    return local.port();
  }());
}

TEST_P(ConnectionOnLoopback, MessagesArriveWholeAndInOrder) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  const auto first = request_bytes(1);
  const auto second = request_bytes(2, "other", 100);
  pair.client->send(first);
  pair.client->send(second);
  const auto got = read_messages(*pair.server, 2);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], first);
  EXPECT_EQ(got[1], second);
}

TEST_P(ConnectionOnLoopback, LargeStreamGoesOutAsOneGatherWriteOfItsSegments) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  cdr::OutputStream os;
  static constexpr std::uint8_t key[] = {'k'};
  giop::RequestHeader header;
  header.request_id = 7;
  header.operation = "big";
  header.target = giop::KeyAddr{key};
  const auto start = giop::encode_request(os, giop::giop_1_2, header);
  for (std::uint32_t i = 0; i < 300'000; ++i) os.write_ulong(i);
  giop::end_message(os, start);
  ASSERT_GT(os.segment_count(), 1u);
  const auto expected = os.to_bytes();
  // Bigger than the socket buffers: the sender must wait for the reader.
  std::thread sender([&] { pair.client->send(os); });
  const auto got = read_messages(*pair.server, 1, std::chrono::seconds(20));
  sender.join();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0], expected);
}

TEST_P(ConnectionOnLoopback, HalfAMessageIsKeptUntilTheRestArrives) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  const auto message = request_bytes(3, "slow", 40);
  for (std::size_t i = 0; i + 1 < message.size(); ++i) {
    pair.client->send(std::span(message).subspan(i, 1));
    EXPECT_TRUE(pair.server->read_available().empty());
  }
  pair.client->send(std::span(message).last(1));
  const auto got = read_messages(*pair.server, 1);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0], message);
  EXPECT_FALSE(pair.server->closed());
}

TEST_P(ConnectionOnLoopback, SeveralMessagesInOneWriteComeBackTogether) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  std::vector<std::uint8_t> burst;
  for (std::uint32_t id = 0; id < 20; ++id) {
    const auto m = request_bytes(id);
    burst.insert(burst.end(), m.begin(), m.end());
  }
  const auto next = request_bytes(20);
  burst.insert(burst.end(), next.begin(), next.begin() + 5);  // the start of a 21st message
  pair.client->send(burst);
  const auto got = read_messages(*pair.server, 20);
  EXPECT_EQ(got.size(), 20u);
  EXPECT_FALSE(pair.server->closed());
}

TEST_P(ConnectionOnLoopback, BadHeaderIsAnsweredWithMessageErrorAndCloses) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  const std::string junk = "JUNK\x01\x02\x00\x00\x00\x00\x00\x00";
  pair.client->send(std::span(reinterpret_cast<const std::uint8_t*>(junk.data()), junk.size()));
  const auto got = read_messages(*pair.server, 1);
  EXPECT_TRUE(got.empty());
  EXPECT_TRUE(pair.server->closed());
  const auto reply = pair.client->receive_message(std::chrono::seconds(5));
  EXPECT_EQ(giop::decode_header(reply).type, giop::MsgType::message_error);
}

TEST(Connection, SteadyTrafficReusesTheReceiveBuffer) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  const std::size_t capacity = pair.server->receive_capacity();
  for (std::uint32_t id = 0; id < 200; ++id) {
    pair.client->send(request_bytes(id, "steady", 64));
    ASSERT_EQ(read_messages(*pair.server, 1).size(), 1u);
  }
  EXPECT_EQ(pair.server->receive_capacity(), capacity);
}

TEST(Connection, BufferGrowsForALargeMessageAndShrinksAfter) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  const std::size_t capacity = pair.server->receive_capacity();
  const auto big = request_bytes(1, "big", 1 << 20);
  std::thread sender([&] { pair.client->send(big); });
  const auto got = read_messages(*pair.server, 1, std::chrono::seconds(20));
  sender.join();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0], big);
  EXPECT_GT(pair.server->receive_capacity(), capacity);
  pair.client->send(request_bytes(2));
  EXPECT_EQ(read_messages(*pair.server, 1).size(), 1u);
  pair.server->read_available();  // the next read compacts, then gives the memory back
  EXPECT_EQ(pair.server->receive_capacity(), capacity);
}

TEST(Connection, BufferGrownForAModerateMessageIsKeptForTheNext) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  const std::size_t initial = pair.server->receive_capacity();
  const auto big = request_bytes(1, "big", 256 * 1024);
  std::size_t grown = 0;
  for (int i = 0; i < 3; ++i) {
    std::thread sender([&] { pair.client->send(big); });
    const auto got = read_messages(*pair.server, 1, std::chrono::seconds(20));
    sender.join();
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0], big);
    if (i == 0) grown = pair.server->receive_capacity();
    // A small message in between does not give the memory back: no new buffer (and no
    // page faults on it) for every large message.
    pair.client->send(request_bytes(2, "small"));
    ASSERT_EQ(read_messages(*pair.server, 1).size(), 1u);
    pair.server->read_available();
    EXPECT_EQ(pair.server->receive_capacity(), grown);
  }
  EXPECT_GT(grown, initial);
}

TEST_P(ConnectionOnLoopback, ReceiveWithoutTimeoutTakesALargeMessageThenTheNextOne) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  const auto big = request_bytes(1, "big", 300'000);
  const auto small = request_bytes(2, "small", 8);
  std::thread sender([&] {
    pair.client->send(big);
    pair.client->send(small);
  });
  const auto first = pair.server->receive_message(Connection::forever);
  EXPECT_TRUE(std::equal(first.begin(), first.end(), big.begin(), big.end()));
  const auto second = pair.server->receive_message(Connection::forever);
  EXPECT_TRUE(std::equal(second.begin(), second.end(), small.begin(), small.end()));
  sender.join();
}

TEST_P(ConnectionOnLoopback, ReceiveReturnsEachMessageOfABurstInTurn) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  std::vector<std::uint8_t> burst;
  for (std::uint32_t id = 0; id < 50; ++id) {
    const auto m = request_bytes(id, "oneway", id);
    burst.insert(burst.end(), m.begin(), m.end());
  }
  pair.client->send(burst);
  for (std::uint32_t id = 0; id < 50; ++id) {
    const auto m = pair.server->receive_message(std::chrono::seconds(10));
    EXPECT_EQ(m.size(), request_bytes(id, "oneway", id).size());
  }
}

TEST(Acceptor, WildcardEndpointAcceptsLoopbackClients) {
  Acceptor acceptor(parse_endpoint("iiop://:0"));
  EXPECT_EQ(acceptor.endpoint().host, "0.0.0.0");
  auto client = connect({"127.0.0.1", acceptor.port()});
  EXPECT_TRUE(accept_within(acceptor));
}

TEST(Connection, MessageOverTheLimitIsRefusedBeforeItArrives) {
  Acceptor acceptor({"127.0.0.1", 0}, ConnectionOptions{.limits = {.max_message_size = 1000}});
  auto client = connect(acceptor.endpoint());
  auto server = accept_within(acceptor);
  ASSERT_TRUE(server);
  const auto big = request_bytes(1, "big", 5000);
  client->send(std::span(big).first(giop::header_size));  // only the header claims 5000
  read_messages(*server, 1, std::chrono::milliseconds(500));
  EXPECT_TRUE(server->closed());
  const auto reply = client->receive_message(std::chrono::seconds(5));
  EXPECT_EQ(giop::decode_header(reply).type, giop::MsgType::message_error);
}

TEST_P(ConnectionOnLoopback, PeerCloseIsDetected) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  pair.client.reset();
  read_messages(*pair.server, 1);
  EXPECT_TRUE(pair.server->closed());
  EXPECT_THROW(pair.server->send(request_bytes(1)), CORBA::COMM_FAILURE);
}

TEST_P(ConnectionOnLoopback, ReceiveMessageTimesOutWithoutBlockingForever) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  try {
    pair.server->receive_message(std::chrono::milliseconds(50));
    ADD_FAILURE() << "no message was sent";
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), minor::timeout_reply);
  }
}

TEST_P(ConnectionOnLoopback, ReceiveWithoutTimeoutWaitsForTheWholeMessage) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  const auto request = test::request_bytes(3, "later");
  std::thread sender([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    pair.client->send(std::span(request).first(10));  // half a header first
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    pair.client->send(std::span(request).subspan(10));
  });
  const auto message = pair.server->receive_message(Connection::forever);
  sender.join();
  EXPECT_TRUE(std::equal(message.begin(), message.end(), request.begin(), request.end()));
}

TEST_P(ConnectionOnLoopback, CloseWakesAReceiveWithoutTimeout) {
  auto pair = connected_pair(GetParam());
  ASSERT_TRUE(pair.server);
  std::thread closer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    pair.server->close();
  });
  EXPECT_THROW(pair.server->receive_message(Connection::forever), CORBA::COMM_FAILURE);
  closer.join();
}

TEST(Connector, RefusedConnectionIsTransient) {
  Endpoint closed_port;
  {
    Acceptor acceptor({"127.0.0.1", 0});
    closed_port = acceptor.endpoint();
  }
  try {
    connect(closed_port, {.timeout = std::chrono::seconds(5)});
    ADD_FAILURE() << "connected to a closed port";
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), minor::transient_connect_failed);
    EXPECT_NE(e.detail().find("connect"), std::string::npos);
  }
}

TEST(Acceptor, BusyPortRaisesInitialize) {
  Acceptor first({"127.0.0.1", 0});
  try {
    Acceptor second(first.endpoint());
    ADD_FAILURE() << "two listeners on one port";
  } catch (const CORBA::INITIALIZE& e) {
    EXPECT_EQ(e.minor(), minor::initialize_listen_failed);
  }
}

TEST(Acceptor, Ipv6AcceptorIsV6Only) {
  Acceptor v6({"::1", 0});
  int value = 0;
  socklen_t len = sizeof value;
  ASSERT_EQ(::getsockopt(v6.fd(), IPPROTO_IPV6, IPV6_V6ONLY, &value, &len), 0);
  EXPECT_EQ(value, 1);
}

}  // namespace
}  // namespace rtorb::transport
