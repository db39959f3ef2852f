// GIOPlite: the compact header for closed systems (principle-patterns paper, Table 2).
#include "giop/message_codec.hpp"
#include "hex_bytes.hpp"

#include <rtorb/corba/exception.hpp>

#include <gtest/gtest.h>

namespace rtorb::giop {
namespace {

using test::hex_bytes;

const std::vector<std::uint8_t> key = test::text_bytes("key");
const Format lite{giop_1_2, HeaderMode::lite};
const DecodeOptions lite_decode{HeaderMode::lite, {}, {}};

std::vector<std::uint8_t> request(Format f) {
  cdr::OutputStream os;
  end_message(os, encode_request(os, f, {7, ResponseFlags::sync_with_target, KeyAddr{key}, "echo",
                                         {}, {}}));
  return os.to_bytes();
}

TEST(GiopLite, SavesFifteenBytesOnARequestAsThePaperCounts) {
  EXPECT_EQ(request(giop_1_0).size() - request(lite).size(), 15u);
}

TEST(GiopLite, EncodesTheCompactRequestLayout) {
  if (cdr::native_byte_order != cdr::ByteOrder::little_endian) GTEST_SKIP();
  EXPECT_EQ(request(lite), hex_bytes("1c000000 00 000000 07000000 03 000000 03000000 6b6579 00"
                                     " 05000000 6563686f00"));
}

TEST(GiopLite, RoundTripsRequestAndReply) {
  const auto bytes = request(lite);
  const Message m = decode_message(bytes, lite_decode);
  EXPECT_EQ(m.header.mode, HeaderMode::lite);
  const auto* r = m.get<RequestHeader>();
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->request_id, 7u);
  EXPECT_EQ(r->operation, "echo");
  EXPECT_EQ(std::get<KeyAddr>(r->target).object_key.size(), 3u);

  cdr::OutputStream os;
  const auto start = encode_reply(os, lite, {7, ReplyStatus::user_exception, {}});
  os.write_long(-1);
  end_message(os, start);
  const auto reply_bytes = os.to_bytes();
  const Message reply = decode_message(reply_bytes, lite_decode);
  EXPECT_EQ(reply.get<ReplyHeader>()->reply_status, ReplyStatus::user_exception);
  EXPECT_EQ(body_stream(reply).read_long(), -1);
}

TEST(GiopLite, RoundTripsTheSmallMessages) {
  cdr::OutputStream os;
  end_message(os, encode_locate_reply(os, lite, {3, LocateStatus::object_here}));
  const auto bytes = os.to_bytes();
  EXPECT_EQ(bytes.size(), 5u + 3u + 8u);
  const Message m = decode_message(bytes, lite_decode);
  EXPECT_EQ(m.get<LocateReplyHeader>()->locate_status, LocateStatus::object_here);
}

TEST(GiopLite, IsOffByDefault) {
  EXPECT_FALSE(Format{}.lite());
  EXPECT_THROW(decode_message(request(lite)), CORBA::MARSHAL);
}

TEST(GiopLite, RefusesFragmentsAndUnknownTypes) {
  EXPECT_THROW(decode_message(hex_bytes("00000000 07"), lite_decode), CORBA::MARSHAL);
  EXPECT_THROW(decode_message(hex_bytes("00000000 09"), lite_decode), CORBA::MARSHAL);
}

}  // namespace
}  // namespace rtorb::giop
