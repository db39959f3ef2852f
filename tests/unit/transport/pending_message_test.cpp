// Large messages taken head first (Connection::receive_message_head): the rest is received
// as the reader asks, long sequences straight into their vectors, over real loopback sockets.
#include <gtest/gtest.h>

#include <rtorb/cdr/codec.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <cstdint>
#include <cstring>
#include <span>
#include <thread>
#include <vector>

#include "giop/message_codec.hpp"
#include "loopback.hpp"

namespace rtorb::transport {
namespace {

using namespace test;

// A GIOP 1.2 Request whose body is a sequence<long> of `count` elements (0, 1, 2, ...)
// followed by a long 7777, with an optional service context of `context_bytes` octets.
std::vector<std::uint8_t> long_sequence_request(std::uint32_t id, std::uint32_t count,
                                                std::size_t context_bytes = 0,
                                                bool more_fragments = false) {
  cdr::OutputStream os;
  giop::RequestHeader header;
  header.request_id = id;
  header.operation = "take";
  static constexpr std::uint8_t key[] = {'k', 'e', 'y'};
  header.target = giop::KeyAddr{key};
  const std::vector<std::uint8_t> context(context_bytes, 'c');
  if (context_bytes > 0) header.service_context.push_back({0x52540001, context});
  const auto start = giop::encode_request(os, giop::giop_1_2, header, more_fragments);
  std::vector<std::int32_t> values(count);
  for (std::uint32_t i = 0; i < count; ++i) values[i] = static_cast<std::int32_t>(i);
  cdr::write_sequence(os, values);
  os.write_long(7777);
  giop::end_message(os, start);
  return os.to_bytes();
}

struct Body {
  std::vector<std::int32_t> values;
  std::int32_t trailer = 0;
};

Body read_body(const giop::Message& m) {
  cdr::InputStream is = giop::body_stream(m);
  Body body;
  cdr::read_sequence(is, body.values);
  body.trailer = is.read_long();
  return body;
}

bool counts_up(const std::vector<std::int32_t>& values, std::size_t count) {
  if (values.size() != count) return false;
  for (std::size_t i = 0; i < count; ++i) {
    if (values[i] != static_cast<std::int32_t>(i)) return false;
  }
  return true;
}

class HeadFirst : public ::testing::Test {
 protected:
  void SetUp() override {
    pair_ = connected_pair();
    ASSERT_TRUE(pair_.server);
  }
  void TearDown() override {
    if (sender_.joinable()) sender_.join();
  }
  // Sends from another thread: a large message does not fit the socket buffers.
  void send_later(std::vector<std::uint8_t> bytes) {
    sender_ = std::thread([this, bytes = std::move(bytes)] { pair_.client->send(bytes); });
  }
  Connection& server() { return *pair_.server; }

  Pair pair_;
  std::thread sender_;
};

TEST_F(HeadFirst, LargeRequestIsHandedUpBeforeItHasArrivedAndReadsWhole) {
  const auto request = long_sequence_request(1, 100'000);
  send_later(request);
  const auto message = server().receive_message_head(Connection::forever);
  ASSERT_NE(server().rest(), nullptr) << "a " << request.size() << "-byte request came whole";
  EXPECT_EQ(message.size(), request.size());
  const giop::Message m = giop::decode_message(message, {}, server().rest());
  EXPECT_EQ(m.get<giop::RequestHeader>()->operation, "take");
  const Body body = read_body(m);
  EXPECT_TRUE(counts_up(body.values, 100'000));
  EXPECT_EQ(body.trailer, 7777);
}

TEST_F(HeadFirst, SmallAndFragmentedMessagesStillComeWhole) {
  const auto small = long_sequence_request(1, 1000);
  const auto fragment = long_sequence_request(2, 100'000, 0, true);
  std::vector<std::uint8_t> both(small);
  both.insert(both.end(), fragment.begin(), fragment.end());
  send_later(both);
  const auto first = server().receive_message_head(Connection::forever);
  EXPECT_EQ(server().rest(), nullptr);
  EXPECT_TRUE(std::equal(first.begin(), first.end(), small.begin(), small.end()));
  const auto second = server().receive_message_head(Connection::forever);
  EXPECT_EQ(server().rest(), nullptr);
  EXPECT_TRUE(std::equal(second.begin(), second.end(), fragment.begin(), fragment.end()));
}

TEST_F(HeadFirst, WhatTheReaderLeavesIsTakenBeforeTheNextMessage) {
  auto bytes = long_sequence_request(1, 100'000);
  const auto next = long_sequence_request(2, 3);
  bytes.insert(bytes.end(), next.begin(), next.end());
  send_later(bytes);
  server().receive_message_head(Connection::forever);
  ASSERT_NE(server().rest(), nullptr);
  // Nothing of the body is read: the next receive must skip all of it.
  const auto second = server().receive_message_head(Connection::forever);
  EXPECT_EQ(server().rest(), nullptr);
  const Body body = read_body(giop::decode_message(second));
  EXPECT_TRUE(counts_up(body.values, 3));
  EXPECT_EQ(body.trailer, 7777);
}

TEST_F(HeadFirst, FinishMessageTakesTheRestSoTheNextComesWhole) {
  auto bytes = long_sequence_request(1, 100'000);
  const auto next = long_sequence_request(2, 100'000);
  bytes.insert(bytes.end(), next.begin(), next.end());
  send_later(bytes);
  const auto first = server().receive_message_head(Connection::forever);
  cdr::InputStream is = giop::body_stream(giop::decode_message(first, {}, server().rest()));
  EXPECT_EQ(is.read_ulong(), 100'000u);  // the count only
  server().finish_message();
  EXPECT_EQ(server().rest(), nullptr);
  const auto second = server().receive_message(Connection::forever);
  EXPECT_TRUE(counts_up(read_body(giop::decode_message(second)).values, 100'000));
}

TEST_F(HeadFirst, HeaderLongerThanTheFirstBytesIsReceivedForTheDecoder) {
  const auto request = long_sequence_request(1, 100'000, 40'000);
  send_later(request);
  const auto message = server().receive_message_head(Connection::forever);
  ASSERT_NE(server().rest(), nullptr);
  const giop::Message m = giop::decode_message(message, {}, server().rest());
  const auto& contexts = m.get<giop::RequestHeader>()->service_context;
  ASSERT_EQ(contexts.size(), 1u);
  EXPECT_EQ(contexts[0].context_data.size(), 40'000u);
  EXPECT_EQ(contexts[0].context_data.back(), 'c');
  EXPECT_TRUE(counts_up(read_body(m).values, 100'000));
}

TEST_F(HeadFirst, BytesReceivedIntoASequenceCannotBeReadAgainFromTheBuffer) {
  send_later(long_sequence_request(1, 100'000));
  const auto message = server().receive_message_head(Connection::forever);
  const giop::Message m = giop::decode_message(message, {}, server().rest());
  cdr::InputStream first = giop::body_stream(m);
  cdr::InputStream again = first;
  std::vector<std::int32_t> values;
  cdr::read_sequence(first, values);
  ASSERT_TRUE(counts_up(values, 100'000));
  try {
    cdr::read_sequence(again, values);
    FAIL() << "the sequence's bytes never went into the buffer";
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), minor::marshal_truncated);
  }
  EXPECT_EQ(first.read_long(), 7777);  // the reader ahead carries on
}

TEST_F(HeadFirst, PeerClosingInsideTheRestIsCommFailureAndClosesTheConnection) {
  const auto request = long_sequence_request(1, 100'000);
  pair_.client->send(std::span(request).first(30'000));
  pair_.client.reset();
  const auto message = server().receive_message_head(Connection::forever);
  const giop::Message m = giop::decode_message(message, {}, server().rest());
  try {
    read_body(m);
    FAIL() << "the message was cut short";
  } catch (const CORBA::COMM_FAILURE& e) {
    EXPECT_EQ(e.minor(), minor::comm_failure_connection_closed);
  }
  EXPECT_TRUE(server().closed());
  EXPECT_THROW(server().receive_message_head(Connection::forever), CORBA::COMM_FAILURE);
}

TEST_F(HeadFirst, StalledRestTimesOutWithTheReceiveTimeoutAndClosesTheConnection) {
  const auto request = long_sequence_request(1, 100'000);
  pair_.client->send(std::span(request).first(30'000));  // and the rest never comes
  const auto message = server().receive_message_head(std::chrono::milliseconds(200));
  ASSERT_NE(server().rest(), nullptr);
  const giop::Message m = giop::decode_message(message, {}, server().rest());
  try {
    read_body(m);
    FAIL() << "the rest never came";
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), minor::timeout_reply);
  }
  EXPECT_TRUE(server().closed());
}

TEST_F(HeadFirst, SequenceLongerThanTheMessageIsMarshalBeforeAnyAllocation) {
  auto request = long_sequence_request(1, 100'000);
  // The count, just after the 8-aligned body start, now claims twice the elements.
  const std::size_t count_at = giop::decode_message(request).body_offset;
  const std::uint32_t lie = 200'000;
  std::memcpy(request.data() + count_at, &lie, sizeof lie);
  const auto next = long_sequence_request(2, 5);
  request.insert(request.end(), next.begin(), next.end());
  send_later(request);
  const auto message = server().receive_message_head(Connection::forever);
  const giop::Message m = giop::decode_message(message, {}, server().rest());
  try {
    read_body(m);
    FAIL() << "the count exceeds the message";
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), minor::marshal_length_too_large);
  }
  // The connection is still in step: the rest is taken before the next message.
  const auto second = server().receive_message_head(Connection::forever);
  EXPECT_TRUE(std::equal(second.begin(), second.end(), next.begin(), next.end()));
}

}  // namespace
}  // namespace rtorb::transport
