// Splitting messages into fragments and reassembling them, including the bounds.
#include "giop/fragments.hpp"
#include "giop/message_codec.hpp"
#include "hex_bytes.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>

#include <numeric>

namespace rtorb::giop {
namespace {

using test::hex_bytes;

const std::vector<std::uint8_t> key = test::text_bytes("a/key");

// A Request whose body is `longs` longs counting up from 0.
std::vector<std::uint8_t> big_request(Version v, std::uint32_t id, std::size_t longs) {
  cdr::OutputStream os;
  const auto start = encode_request(os, v, {id, ResponseFlags::sync_with_target, KeyAddr{key},
                                            "take", {}, {}});
  for (std::size_t i = 0; i < longs; ++i) os.write_long(static_cast<std::int32_t>(i));
  end_message(os, start);
  return os.to_bytes();
}

std::vector<std::uint8_t> reassemble(FragmentAssembler& a,
                                     const std::vector<std::vector<std::uint8_t>>& fragments) {
  for (std::size_t i = 0; i < fragments.size(); ++i) {
    const auto r = a.add(fragments[i]);
    EXPECT_EQ(r.complete, i + 1 == fragments.size()) << "fragment " << i;
    if (r.complete) return {r.message.begin(), r.message.end()};
  }
  return {};
}

TEST(SplitMessage, KeepsGiop12FragmentsAMultipleOf8ExceptTheLast) {
  const auto message = big_request(giop_1_2, 1, 300);
  const auto fragments = split_message(message, 100);
  ASSERT_GT(fragments.size(), 10u);
  for (std::size_t i = 0; i < fragments.size(); ++i) {
    EXPECT_LE(fragments[i].size(), 100u);
    if (i + 1 < fragments.size()) {
      EXPECT_EQ(fragments[i].size() % 8, 0u) << i;
    }
    const auto h = decode_header(fragments[i]);
    EXPECT_EQ(h.more_fragments, i + 1 < fragments.size());
    EXPECT_EQ(h.type, i == 0 ? MsgType::request : MsgType::fragment);
    EXPECT_EQ(decode_message(fragments[i]).header.total_size(), fragments[i].size());
  }
  const Message third = decode_message(fragments[3]);
  EXPECT_EQ(third.get<FragmentHeader>()->request_id, std::optional<std::uint32_t>(1));
}

TEST(SplitMessage, ReturnsAMessageThatFitsWhole) {
  const auto message = big_request(giop_1_2, 1, 2);
  const auto fragments = split_message(message, 1000);
  ASSERT_EQ(fragments.size(), 1u);
  EXPECT_EQ(fragments[0], message);
}

TEST(SplitMessage, RefusesWhatCannotBeFragmented) {
  EXPECT_THROW(split_message(big_request(giop_1_0, 1, 100), 64), CORBA::BAD_PARAM);
  cdr::OutputStream os;
  const auto start = encode_locate_request(os, giop_1_1, {1, KeyAddr{std::vector<std::uint8_t>(200)}});
  end_message(os, start);
  EXPECT_THROW(split_message(os.to_bytes(), 64), CORBA::BAD_PARAM);
  EXPECT_THROW(split_message(big_request(giop_1_2, 1, 100), 16), CORBA::BAD_PARAM);
}

TEST(FragmentAssembler, ReassemblesGiop12Fragments) {
  const auto message = big_request(giop_1_2, 77, 500);
  FragmentAssembler a;
  EXPECT_EQ(reassemble(a, split_message(message, 128)), message);
  EXPECT_EQ(a.pending(), 0u);
  EXPECT_EQ(a.buffered_bytes(), 0u);
}

TEST(FragmentAssembler, ReassemblesGiop11FragmentsAndTheBodyStillDecodes) {
  const auto message = big_request(giop_1_1, 5, 200);
  FragmentAssembler a;
  const auto whole = reassemble(a, split_message(message, 64));
  ASSERT_EQ(whole, message);
  const Message m = decode_message(whole);
  auto body = body_stream(m);
  for (std::int32_t i = 0; i < 200; ++i) ASSERT_EQ(body.read_long(), i);
}

TEST(FragmentAssembler, ReassemblesInterleavedGiop12Requests) {
  const auto one = big_request(giop_1_2, 1, 100);
  const auto two = big_request(giop_1_2, 2, 150);
  const auto f1 = split_message(one, 64);
  const auto f2 = split_message(two, 96);
  FragmentAssembler a;
  std::size_t i = 0, j = 0;
  std::vector<std::uint8_t> got1, got2;
  while (i < f1.size() || j < f2.size()) {
    if (i < f1.size()) {
      const auto r = a.add(f1[i++]);
      if (r.complete) got1.assign(r.message.begin(), r.message.end());
    }
    if (j < f2.size()) {
      const auto r = a.add(f2[j++]);
      if (r.complete) got2.assign(r.message.begin(), r.message.end());
    }
    if (i == 2) {
      EXPECT_EQ(a.pending(), 2u);
    }
  }
  EXPECT_EQ(got1, one);
  EXPECT_EQ(got2, two);
}

TEST(FragmentAssembler, PassesUnfragmentedMessagesThroughWithoutCopying) {
  const auto message = big_request(giop_1_2, 1, 3);
  FragmentAssembler a;
  const auto r = a.add(message);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.message.data(), message.data());
}

TEST(FragmentAssembler, RefusesAMessageLargerThanTheBound) {
  const auto fragments = split_message(big_request(giop_1_2, 1, 200), 128);
  FragmentAssembler a(AssemblerLimits{400, 1 << 20});
  try {
    for (const auto& f : fragments) a.add(f);
    FAIL() << "IMP_LIMIT was not raised";
  } catch (const CORBA::IMP_LIMIT& e) {
    EXPECT_EQ(e.minor(), minor::imp_limit_message_too_large);
  }
  EXPECT_EQ(a.pending(), 0u);
  EXPECT_EQ(a.buffered_bytes(), 0u);
}

TEST(FragmentAssembler, RefusesToBufferMoreThanTheBoundAcrossRequests) {
  FragmentAssembler a(AssemblerLimits{1 << 20, 300});
  const auto f1 = split_message(big_request(giop_1_2, 1, 100), 128);
  const auto f2 = split_message(big_request(giop_1_2, 2, 100), 128);
  a.add(f1[0]);
  a.add(f1[1]);
  EXPECT_THROW({ a.add(f2[0]); a.add(f2[1]); a.add(f2[2]); }, CORBA::IMP_LIMIT);
  EXPECT_LE(a.buffered_bytes(), 300u);
}

TEST(FragmentAssembler, RefusesAFragmentWithoutAStart) {
  FragmentAssembler a;
  for (const char* text : {"47494f50 0101 00 07 00000004 deadbeef",
                           "47494f50 0102 00 07 00000008 00000009 deadbeef"}) {
    try {
      a.add(hex_bytes(text));
      ADD_FAILURE() << text;
    } catch (const CORBA::MARSHAL& e) {
      EXPECT_EQ(e.minor(), minor::marshal_fragment);
    }
  }
}

TEST(FragmentAssembler, RefusesAGiop12FragmentWithoutARequestId) {
  FragmentAssembler a;
  EXPECT_THROW(a.add(hex_bytes("47494f50 0102 00 07 00000002 0000")), CORBA::MARSHAL);
}

TEST(FragmentAssembler, RefusesARepeatedRequestId) {
  const auto fragments = split_message(big_request(giop_1_2, 4, 100), 128);
  FragmentAssembler a;
  a.add(fragments[0]);
  EXPECT_THROW(a.add(fragments[0]), CORBA::MARSHAL);
}

TEST(FragmentAssembler, RefusesFragmentsOfMessagesThatCannotBeFragmented) {
  FragmentAssembler a;
  // CancelRequest with the more-fragments bit.
  EXPECT_THROW(a.add(hex_bytes("47494f50 0102 02 02 00000004 00000009")), CORBA::MARSHAL);
  // LocateRequest may be fragmented in 1.2 but not in 1.1.
  EXPECT_THROW(a.add(hex_bytes("47494f50 0101 02 03 0000000b 00000009 00000003 6b6579")),
               CORBA::MARSHAL);
}

TEST(FragmentAssembler, RefusesAFragmentInTheOtherByteOrder) {
  const auto fragments = split_message(big_request(giop_1_2, 1, 100), 128);
  FragmentAssembler a;
  a.add(fragments[0]);
  auto flipped = fragments[1];
  flipped[6] ^= 0x01;  // byte order bit: the size and request id now read differently
  std::swap(flipped[8], flipped[11]);
  std::swap(flipped[9], flipped[10]);
  std::swap(flipped[12], flipped[15]);
  std::swap(flipped[13], flipped[14]);
  try {
    a.add(flipped);
    FAIL();
  } catch (const CORBA::MARSHAL& e) {
    EXPECT_EQ(e.minor(), minor::marshal_fragment);
  }
  EXPECT_EQ(a.pending(), 0u);
}

TEST(FragmentAssembler, ForgetsACancelledRequest) {
  const auto fragments = split_message(big_request(giop_1_2, 8, 100), 128);
  FragmentAssembler a;
  a.add(fragments[0]);
  a.cancel(8);
  EXPECT_EQ(a.pending(), 0u);
  EXPECT_THROW(a.add(fragments[1]), CORBA::MARSHAL);
}

TEST(FragmentAssembler, RefusesANewGiop11MessageBeforeTheLastCompleted) {
  const auto fragments = split_message(big_request(giop_1_1, 1, 100), 128);
  FragmentAssembler a;
  a.add(fragments[0]);
  EXPECT_THROW(a.add(fragments[0]), CORBA::MARSHAL);
}

}  // namespace
}  // namespace rtorb::giop
