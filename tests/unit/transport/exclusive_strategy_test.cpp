#include "transport/exclusive_strategy.hpp"

#include <gtest/gtest.h>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include "echo_server.hpp"
#include "transport/connection_cache.hpp"

namespace rtorb::transport {
namespace {

using namespace test;

cdr::OutputStream& make_request(cdr::OutputStream& os, std::uint32_t id, std::string_view op) {
  static constexpr std::uint8_t key[] = {'k', 'e', 'y'};
  giop::RequestHeader header;
  header.request_id = id;
  header.operation = op;
  header.target = giop::KeyAddr{key};
  const auto start = giop::encode_request(os, giop::giop_1_2, header);
  os.write_ulong(42);
  giop::end_message(os, start);
  return os;
}

class ExclusiveOnLoopback : public ::testing::TestWithParam<const char*> {};
INSTANTIATE_TEST_SUITE_P(Families, ExclusiveOnLoopback, ::testing::Values("127.0.0.1", "::1"));

TEST_P(ExclusiveOnLoopback, CallerWritesAndReadsItsOwnReply) {
  EchoServer server(GetParam(), 2);
  ConnectionCache cache;
  for (std::uint32_t id = 1; id <= 20; ++id) {
    auto lease = cache.acquire({server.endpoint()});
    cdr::OutputStream os;
    const auto reply = decode_echo_reply(exchange(*lease, make_request(os, id, "hello"), 10s));
    EXPECT_EQ(reply.request_id, id);
    EXPECT_EQ(reply.operation, "hello");
  }
  EXPECT_EQ(cache.size(), 1u);  // one connection, reused by each call in turn
}

TEST(ExclusiveStrategy, NoReplyInTimeIsTimeoutMaybeAndClosesTheConnection) {
  EchoServer server("127.0.0.1", 1);
  auto connection = connect(server.endpoint());
  cdr::OutputStream os;
  try {
    exchange(*connection, make_request(os, 1, "block"), 50ms);
    ADD_FAILURE() << "a blocked upcall replied";
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), minor::timeout_reply);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
  EXPECT_TRUE(connection->closed());
  server.release();
}

TEST(ExclusiveStrategy, CloseConnectionFromTheServerIsTransientNo) {
  Acceptor acceptor({"127.0.0.1", 0});
  auto client = connect(acceptor.endpoint());
  auto server = accept_within(acceptor);
  ASSERT_TRUE(server);
  cdr::OutputStream close_message;
  giop::end_message(close_message,
                    giop::encode_close_connection(close_message, giop::giop_1_2));
  server->send(close_message);
  cdr::OutputStream os;
  try {
    exchange(*client, make_request(os, 1, "op"), 10s);
    ADD_FAILURE() << "CloseConnection taken for a reply";
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), minor::transient_close_connection);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
}

TEST(ExclusiveStrategy, ServerGoingAwayIsCommFailureMaybe) {
  Acceptor acceptor({"127.0.0.1", 0});
  auto client = connect(acceptor.endpoint());
  auto server = accept_within(acceptor);
  ASSERT_TRUE(server);
  server.reset();
  cdr::OutputStream os;
  try {
    exchange(*client, make_request(os, 1, "op"), 10s);
    ADD_FAILURE() << "no server, yet a reply";
  } catch (const CORBA::COMM_FAILURE& e) {
    // Either the send saw the reset (NO) or the read saw the close (MAYBE).
    EXPECT_TRUE(e.minor() == minor::comm_failure_connection_closed ||
                e.minor() == minor::comm_failure_send);
  }
}

}  // namespace
}  // namespace rtorb::transport
