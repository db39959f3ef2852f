#include <gtest/gtest.h>

#include <mutex>
#include <rtorb/corba/exception.hpp>

#include "loopback.hpp"
#include "transport/fragmenting_send.hpp"
#include "transport/reactor.hpp"
#include "transport/server_handlers.hpp"

namespace rtorb::transport {
namespace {

using namespace test;

// A reactor that records every message it delivers; driven by the test thread.
struct RecordingServer {
  Reactor reactor;
  std::vector<std::vector<std::uint8_t>> received;
  Endpoint endpoint =
      listen(reactor, {"127.0.0.1", 0}, [this](Connection&, std::span<const std::uint8_t> m) {
        received.emplace_back(m.begin(), m.end());
      });

  void pump_until(const std::function<bool()>& done) {
    for (int i = 0; i < 200 && !done(); ++i) reactor.handle_events(50ms);
  }
};

cdr::OutputStream& large_request(cdr::OutputStream& os, giop::Version version,
                                 std::uint32_t values) {
  static constexpr std::uint8_t key[] = {'k', 'e', 'y'};
  giop::RequestHeader header;
  header.request_id = 9;
  header.operation = "large";
  header.target = giop::KeyAddr{key};
  const auto start = giop::encode_request(os, version, header);
  for (std::uint32_t i = 0; i < values; ++i) os.write_ulong(i);
  giop::end_message(os, start);
  return os;
}

TEST(FragmentingSend, SmallMessageGoesOutWhole) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  cdr::OutputStream os;
  large_request(os, giop::giop_1_2, 4);
  send_fragmented(*pair.client, os, 1024);
  const auto got = read_messages(*pair.server, 1);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0], os.to_bytes());
}

TEST(FragmentingSend, LargeMessageIsSentAsFragmentsAndServedWhole) {
  for (const giop::Version version : {giop::giop_1_1, giop::giop_1_2}) {
    RecordingServer server;
    auto client = connect(server.endpoint);
    cdr::OutputStream os;
    large_request(os, version, 25'000);  // 100 KB: a dozen 8 KiB fragments
    send_fragmented(*client, os);
    server.pump_until([&] { return !server.received.empty(); });
    ASSERT_EQ(server.received.size(), 1u);
    EXPECT_EQ(server.received[0], os.to_bytes());
  }
}

TEST(FragmentingSend, RawFragmentsOnTheWireAreSeveralMessages) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  cdr::OutputStream os;
  large_request(os, giop::giop_1_2, 5'000);
  send_fragmented(*pair.client, os, 4096);
  std::vector<std::vector<std::uint8_t>> got;
  for (int i = 0; i < 500 && (got.empty() || giop::decode_header(got.back()).more_fragments);
       ++i) {
    auto more = read_messages(*pair.server, 1, 100ms);
    got.insert(got.end(), more.begin(), more.end());
  }
  ASSERT_GT(got.size(), 1u);
  EXPECT_TRUE(giop::decode_header(got.front()).more_fragments);
  EXPECT_EQ(giop::decode_header(got.back()).type, giop::MsgType::fragment);
  for (const auto& m : got) EXPECT_LE(m.size(), 4096u);
}

TEST(FragmentingSend, Giop10MessageTooLargeCannotBeFragmented) {
  auto pair = connected_pair();
  ASSERT_TRUE(pair.server);
  cdr::OutputStream os;
  large_request(os, giop::giop_1_0, 5'000);
  EXPECT_THROW(send_fragmented(*pair.client, os, 4096), CORBA::BAD_PARAM);
}

TEST(ConnectionHandler, StrayFragmentIsAnsweredWithMessageErrorAndDropped) {
  RecordingServer server;
  auto client = connect(server.endpoint);
  cdr::OutputStream os;
  const auto start = giop::encode_fragment(os, giop::giop_1_2, 77, false);
  os.write_ulong(1);
  giop::end_message(os, start);
  client->send(os);
  bool accepted = false;
  server.pump_until([&] {
    accepted = accepted || server.reactor.handler_count() == 2;
    return accepted && server.reactor.handler_count() == 1;
  });
  EXPECT_TRUE(accepted);
  EXPECT_EQ(server.reactor.handler_count(), 1u);  // only the acceptor is left
  EXPECT_TRUE(server.received.empty());
  const auto reply = client->receive_message(10s);
  EXPECT_EQ(giop::decode_header(reply).type, giop::MsgType::message_error);
}

}  // namespace
}  // namespace rtorb::transport
