// The one-pass GIOP 1.2 Request/Reply headers (call_headers.cpp) against the general
// encoder and decoder: the same bytes out, the same fields in, the same errors for bad input.
#include "giop/call_headers.hpp"
#include "giop/message_codec.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

namespace rtorb::giop {
namespace {

std::vector<std::uint8_t> key_of_size(std::size_t n) {
  std::vector<std::uint8_t> key(n);
  for (std::size_t i = 0; i < n; ++i) key[i] = static_cast<std::uint8_t>(0xa0 + i);
  return key;
}

RequestHeader request(std::span<const std::uint8_t> key, std::string_view operation) {
  RequestHeader r;
  r.request_id = 0x01020304;
  r.response_flags = ResponseFlags::sync_with_target;
  r.target = KeyAddr{key};
  r.operation = operation;
  return r;
}

// The request and a body long as `body` octets, through a stream with `first_block` bytes
// on the stack: a block too small for the header forces the general path.
template <class Encode>
std::vector<std::uint8_t> encode_with_block(std::size_t first_block, std::size_t body,
                                            Encode encode) {
  std::vector<std::uint8_t> block(first_block);
  cdr::OutputStream os(block);
  const MessageStart start = encode(os);
  for (std::size_t i = 0; i < body; ++i) os.write_octet(static_cast<std::uint8_t>(i));
  end_message(os, start);
  return os.to_bytes();
}

constexpr std::size_t room = 1024;
constexpr std::size_t too_small = 8;

TEST(CallHeaders, RequestBytesMatchTheGeneralEncoderForEveryPadding) {
  for (std::size_t key_size = 0; key_size <= 9; ++key_size) {
    for (const std::string op : {"", "a", "ab", "abc", "abcd", "cube_long", "_get_name"}) {
      for (const std::size_t body : {0u, 1u, 4u}) {
        const auto key = key_of_size(key_size);
        const auto header = request(key, op);
        auto encode = [&](cdr::OutputStream& os) { return encode_request(os, giop_1_2, header); };
        EXPECT_EQ(encode_with_block(room, body, encode), encode_with_block(too_small, body, encode))
            << "key " << key_size << " op '" << op << "' body " << body;
      }
    }
  }
}

TEST(CallHeaders, ReplyBytesMatchTheGeneralEncoder) {
  for (const auto status : {ReplyStatus::no_exception, ReplyStatus::user_exception,
                            ReplyStatus::system_exception, ReplyStatus::location_forward}) {
    for (const std::size_t body : {0u, 4u}) {
      const ReplyHeader header{77, status, {}};
      auto encode = [&](cdr::OutputStream& os) { return encode_reply(os, giop_1_2, header); };
      EXPECT_EQ(encode_with_block(room, body, encode), encode_with_block(too_small, body, encode));
    }
  }
}

TEST(CallHeaders, EncodersDeclineWhatTheyDoNotCover) {
  std::array<std::uint8_t, room> block;
  const auto key = key_of_size(4);
  auto with_context = request(key, "op");
  const std::array<std::uint8_t, 4> data{0, 0, 0, 0};
  with_context.service_context.push_back({service_id::code_sets, data});
  MessageStart start{};
  cdr::OutputStream os(block);
  EXPECT_FALSE(detail::try_encode_request_1_2(os, with_context, start));
  ProfileAddr profile;
  auto by_profile = request(key, "op");
  by_profile.target = profile;
  EXPECT_FALSE(detail::try_encode_request_1_2(os, by_profile, start));
  os.write_octet(1);  // no longer at a multiple of 8
  EXPECT_FALSE(detail::try_encode_request_1_2(os, request(key, "op"), start));
  EXPECT_FALSE(detail::try_encode_reply_1_2(os, ReplyHeader{}, start));
  EXPECT_EQ(os.size(), 1u);  // declining wrote nothing
}

TEST(CallHeaders, DecodedRequestViewsKeyOperationAndBody) {
  for (std::size_t key_size = 0; key_size <= 9; ++key_size) {
    const auto key = key_of_size(key_size);
    const auto header = request(key, "cube_long");
    const auto bytes = encode_with_block(room, 4, [&](cdr::OutputStream& os) {
      return encode_request(os, giop_1_2, header);
    });
    const Message m = decode_message(bytes);
    const auto* r = m.get<RequestHeader>();
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->request_id, 0x01020304u);
    EXPECT_TRUE(response_expected(r->response_flags));
    EXPECT_EQ(r->operation, "cube_long");
    const auto& k = std::get<KeyAddr>(r->target).object_key;
    EXPECT_EQ(std::vector<std::uint8_t>(k.begin(), k.end()), key);
    EXPECT_TRUE(r->service_context.empty());
    ASSERT_EQ(m.body().size(), 4u);
    EXPECT_EQ(m.body()[3], 3);
  }
}

TEST(CallHeaders, DecodedReplyWithAndWithoutBody) {
  for (const std::size_t body : {0u, 8u}) {
    const auto bytes = encode_with_block(room, body, [](cdr::OutputStream& os) {
      return encode_reply(os, giop_1_2, ReplyHeader{9, ReplyStatus::user_exception, {}});
    });
    const Message m = decode_message(bytes);
    const auto* r = m.get<ReplyHeader>();
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->request_id, 9u);
    EXPECT_EQ(r->reply_status, ReplyStatus::user_exception);
    EXPECT_EQ(m.body().size(), body);
  }
}

TEST(CallHeaders, BigEndianRequestFromAnotherOrbDecodes) {
  // GIOP 1.2 Request, big-endian: id 5, twoway, key "k1", operation "op", no contexts.
  const std::vector<std::uint8_t> bytes = {
      'G', 'I', 'O', 'P', 1, 2, 0, 0, 0, 0, 0, 32,  // header, 32 body bytes
      0, 0, 0, 5, 3, 0, 0, 0,                       // id, flags, reserved
      0, 0, 0, 0, 0, 0, 0, 2, 'k', '1', 0, 0,       // KeyAddr, padding, key
      0, 0, 0, 3, 'o', 'p', 0, 0,                   // operation and padding
      0, 0, 0, 0};                                   // no service contexts
  const Message m = decode_message(bytes);
  const auto* r = m.get<RequestHeader>();
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->request_id, 5u);
  EXPECT_EQ(r->operation, "op");
  EXPECT_EQ(std::get<KeyAddr>(r->target).object_key.size(), 2u);
}

// Damages one ulong of an encoded request and expects the general decoder's MARSHAL.
void expect_marshal_after_patch(std::size_t at, std::uint32_t value, std::uint32_t minor_code) {
  const auto key = key_of_size(4);
  const auto header = request(key, "op");
  auto bytes = encode_with_block(room, 0, [&](cdr::OutputStream& os) {
    return encode_request(os, giop_1_2, header);
  });
  std::memcpy(bytes.data() + at, &value, sizeof value);
  try {
    decode_message(bytes);
    ADD_FAILURE() << "no exception for a patch at " << at;
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), minor_code) << "patch at " << at;
  }
}

TEST(CallHeaders, BadLengthsGetTheGeneralDecodersErrors) {
  // Layout with a 4-byte key and "op": key length at 24, operation length at 32, its
  // bytes at 36, context count at 40.
  expect_marshal_after_patch(24, 1000, minor::marshal_length_too_large);
  expect_marshal_after_patch(32, 1000, minor::marshal_length_too_large);
  expect_marshal_after_patch(36, 0x61616161, minor::marshal_bad_string);  // no NUL
  expect_marshal_after_patch(40, 1000, minor::marshal_length_too_large);
}

}  // namespace
}  // namespace rtorb::giop
