// GIOP header decoding, framing and MessageError replies.
#include "giop/message_header.hpp"
#include "hex_bytes.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>

namespace rtorb::giop {
namespace {

using test::hex_bytes;

using test::minor_of;

TEST(GiopHeader, DecodesBigAndLittleEndianAlike) {
  const auto be = decode_header(hex_bytes("47494f50 0102 00 00 00000028"));
  const auto le = decode_header(hex_bytes("47494f50 0102 01 00 28000000"));
  EXPECT_EQ(be.version, giop_1_2);
  EXPECT_EQ(be.type, MsgType::request);
  EXPECT_EQ(be.message_size, 40u);
  EXPECT_EQ(le.message_size, 40u);
  EXPECT_EQ(be.byte_order, cdr::ByteOrder::big_endian);
  EXPECT_EQ(le.byte_order, cdr::ByteOrder::little_endian);
  EXPECT_EQ(be.total_size(), 52u);
}

TEST(GiopHeader, ReadsTheMoreFragmentsBitFromVersion11On) {
  const auto h = decode_header(hex_bytes("47494f50 0101 03 01 10000000"));
  EXPECT_TRUE(h.more_fragments);
  EXPECT_EQ(h.byte_order, cdr::ByteOrder::little_endian);
  EXPECT_EQ(h.type, MsgType::reply);
}

TEST(GiopHeader, RejectsWrongMagic) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { decode_header(hex_bytes("47494f51 0102 00 00 00000000")); }),
            minor::marshal_bad_giop_header);
}

TEST(GiopHeader, RejectsUnknownVersions) {
  for (const char* v : {"0103", "0200", "0009", "0000"}) {
    const auto bytes = hex_bytes(std::string("47494f50 ") + v + " 00 00 00000000");
    EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { decode_header(bytes); }), minor::marshal_bad_giop_header)
        << v;
  }
}

TEST(GiopHeader, RejectsUnknownMessageTypes) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { decode_header(hex_bytes("47494f50 0102 00 08 00000000")); }),
            minor::marshal_bad_giop_header);
  // Fragment does not exist in GIOP 1.0.
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { decode_header(hex_bytes("47494f50 0100 00 07 00000000")); }),
            minor::marshal_bad_giop_header);
}

TEST(GiopHeader, RejectsUndefinedFlagBits) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { decode_header(hex_bytes("47494f50 0100 02 00 00000000")); }),
            minor::marshal_bad_giop_header);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { decode_header(hex_bytes("47494f50 0102 04 00 00000000")); }),
            minor::marshal_bad_giop_header);
}

TEST(GiopHeader, RejectsTruncatedHeader) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { decode_header(hex_bytes("47494f50 0102 00 00 000000")); }),
            minor::marshal_truncated);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { decode_header({}); }), minor::marshal_truncated);
}

TEST(GiopHeader, RefusesMessageSizeAboveTheLimit) {
  const MessageLimits limits{1000};
  EXPECT_EQ(minor_of<CORBA::IMP_LIMIT>([&] {
              decode_header(hex_bytes("47494f50 0102 00 00 000003e9"), HeaderMode::standard, limits);
            }),
            minor::imp_limit_message_too_large);
  EXPECT_NO_THROW(
      decode_header(hex_bytes("47494f50 0102 00 00 000003e8"), HeaderMode::standard, limits));
  EXPECT_THROW(decode_header(hex_bytes("47494f50 0102 00 00 ffffffff")), CORBA::IMP_LIMIT);
}

TEST(GiopFraming, AsksForTheRestOfTheHeader) {
  const auto status = frame_message(hex_bytes("47494f50 01"));
  EXPECT_FALSE(status.complete);
  EXPECT_EQ(status.bytes, 7u);
  EXPECT_EQ(frame_message({}).bytes, 12u);
}

TEST(GiopFraming, RefusesGarbageBeforeTheHeaderIsComplete) {
  EXPECT_THROW(frame_message(hex_bytes("474554")), CORBA::MARSHAL);  // "GET"
}

TEST(GiopFraming, AsksForTheRestOfTheBody) {
  const auto status = frame_message(hex_bytes("47494f50 0102 00 05 00000008 0000"));
  EXPECT_FALSE(status.complete);
  EXPECT_EQ(status.bytes, 6u);
}

TEST(GiopFraming, ReportsTheFirstCompleteMessageEvenWithMoreBytesBehindIt) {
  const auto status =
      frame_message(hex_bytes("47494f50 0102 00 02 00000004 00000001 47494f50"));
  EXPECT_TRUE(status.complete);
  EXPECT_EQ(status.bytes, 16u);
}

TEST(GiopFraming, FramesGiopLiteMessages) {
  const auto status = frame_message(hex_bytes("04000000 02 0000"), HeaderMode::lite);
  EXPECT_FALSE(status.complete);
  EXPECT_EQ(status.bytes, 2u);
}

TEST(MessageErrorReply, UsesTheReceivedVersionWhenKnown) {
  const auto reply = message_error_reply(hex_bytes("47494f50 0101 00 00 00000000"));
  EXPECT_EQ(reply[5], 1);
  EXPECT_EQ(reply[7], static_cast<std::uint8_t>(MsgType::message_error));
  const auto h = decode_header(reply);
  EXPECT_EQ(h.message_size, 0u);
}

TEST(MessageErrorReply, UsesTheHighestVersionForAnUnknownOne) {
  const auto reply = message_error_reply(hex_bytes("47494f50 0103"));
  EXPECT_EQ(decode_header(reply).version, giop_1_2);
}

TEST(MessageHeaderEncoding, WritesTheNativeHeaderAndPatchesTheSize) {
  cdr::OutputStream os;
  const auto start = begin_message(os, giop_1_1, MsgType::reply, true);
  os.write_ulong(1);
  end_message(os, start);
  const auto bytes = os.to_bytes();
  const auto h = decode_header(bytes);
  EXPECT_EQ(h.version, giop_1_1);
  EXPECT_EQ(h.type, MsgType::reply);
  EXPECT_TRUE(h.more_fragments);
  EXPECT_EQ(h.byte_order, cdr::native_byte_order);
  EXPECT_EQ(h.message_size, 4u);
}

}  // namespace
}  // namespace rtorb::giop
