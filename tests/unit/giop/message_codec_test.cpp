// Golden byte vectors for every message type and GIOP version, in both byte orders, written
// by hand from CORBA 3.x chapter 15; plus encoder output, round trips and bad input.
#include "giop/message_codec.hpp"
#include "giop/system_exception_body.hpp"
#include "hex_bytes.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace rtorb::giop {
namespace {

using test::hex_bytes;

std::string hex(std::span<const std::uint8_t> bytes) {
  std::string s;
  for (std::uint8_t b : bytes) {
    s += "0123456789abcdef"[b >> 4];
    s += "0123456789abcdef"[b & 15];
  }
  return s;
}

std::string target_text(const TargetAddress& t) {
  if (const auto* k = std::get_if<KeyAddr>(&t)) return "key=" + hex(k->object_key);
  if (const auto* p = std::get_if<ProfileAddr>(&t)) {
    return "profile=" + std::to_string(p->profile.tag) + ":" + hex(p->profile.profile_data);
  }
  const auto& r = std::get<ReferenceAddr>(t);
  return "ref=" + std::to_string(r.selected_profile_index) + ":" + r.ior.type_id + ":" +
         std::to_string(r.ior.profiles.size());
}

std::string contexts_text(const ServiceContextList& list) {
  std::string s = "[";
  for (const auto& sc : list) s += std::to_string(sc.context_id) + ":" + hex(sc.context_data) + ";";
  return s + "]";
}

// Everything decoded except the byte order, so big- and little-endian vectors compare equal.
std::string summary(const Message& m) {
  std::ostringstream s;
  s << to_string(m.header.type) << " 1." << int(m.header.version.minor)
    << (m.header.more_fragments ? " more" : "");
  if (const auto* r = m.get<RequestHeader>()) {
    s << " id=" << r->request_id << " flags=" << int(r->response_flags) << " "
      << target_text(r->target) << " op=" << r->operation << " sc=" << contexts_text(r->service_context)
      << " principal=" << hex(r->requesting_principal);
  } else if (const auto* r = m.get<ReplyHeader>()) {
    s << " id=" << r->request_id << " status=" << to_string(r->reply_status)
      << " sc=" << contexts_text(r->service_context);
  } else if (const auto* r = m.get<CancelRequestHeader>()) {
    s << " id=" << r->request_id;
  } else if (const auto* r = m.get<LocateRequestHeader>()) {
    s << " id=" << r->request_id << " " << target_text(r->target);
  } else if (const auto* r = m.get<LocateReplyHeader>()) {
    s << " id=" << r->request_id << " status=" << to_string(r->locate_status);
  } else if (const auto* r = m.get<FragmentHeader>()) {
    if (r->request_id) s << " id=" << *r->request_id;
  }
  s << " body=" << m.body().size() << "@" << m.body_offset;
  return s.str();
}

struct Golden {
  const char* name;
  const char* big_endian;
  const char* little_endian;
  const char* expected;
};

const Golden goldens[] = {
    {"Request 1.0",
     "47494f50 0100 00 00 00000024 | 00000000 00000007 01 000000 00000003 6b6579 00"
     " 00000005 6563686f00 000000 00000000",
     "47494f50 0100 01 00 24000000 | 00000000 07000000 01 000000 03000000 6b6579 00"
     " 05000000 6563686f00 000000 00000000",
     "Request 1.0 id=7 flags=3 key=6b6579 op=echo sc=[] principal= body=0@48"},
    {"Request 1.1 with a service context and a body",
     "47494f50 0101 00 00 00000034 | 00000001 00000001 00000004 0000002a 00000007 01 000000"
     " 00000003 6b6579 00 00000005 6563686f00 000000 00000000 | 0000002a",
     "47494f50 0101 01 00 34000000 | 01000000 01000000 04000000 0000002a 07000000 01 000000"
     " 03000000 6b6579 00 05000000 6563686f00 000000 00000000 | 2a000000",
     "Request 1.1 id=7 flags=3 key=6b6579 op=echo sc=[1:0000002a;] principal= body=4@60"},
    {"Request 1.0 oneway with a principal",
     "47494f50 0100 00 00 00000023 | 00000000 00000008 00 000000 00000001 6b 000000"
     " 00000002 6f00 0000 00000003 616263",
     "47494f50 0100 01 00 23000000 | 00000000 08000000 00 000000 01000000 6b 000000"
     " 02000000 6f00 0000 03000000 616263",
     "Request 1.0 id=8 flags=0 key=6b op=o sc=[] principal=616263 body=0@47"},
    {"Request 1.2 KeyAddr with body aligned to 8",
     "47494f50 0102 00 00 00000028 | 00000005 03 000000 0000 0000 00000003 6b6579 00"
     " 00000005 6563686f00 000000 00000000 | 00000007",
     "47494f50 0102 01 00 28000000 | 05000000 03 000000 0000 0000 03000000 6b6579 00"
     " 05000000 6563686f00 000000 00000000 | 07000000",
     "Request 1.2 id=5 flags=3 key=6b6579 op=echo sc=[] principal= body=4@48"},
    {"Request 1.2 SYNC_WITH_SERVER ProfileAddr RTCorbaPriority context, no body padding",
     "47494f50 0102 00 00 00000030 | 00000006 01 000000 0001 0000 00000000 00000004 01020304"
     " 00000002 6f00 0000 00000001 0000000a 00000004 00000064",
     "47494f50 0102 01 00 30000000 | 06000000 01 000000 0100 0000 00000000 04000000 01020304"
     " 02000000 6f00 0000 01000000 0a000000 04000000 00000064",
     "Request 1.2 id=6 flags=1 profile=0:01020304 op=o sc=[10:00000064;] principal= body=0@60"},
    {"Request 1.2 ReferenceAddr",
     "47494f50 0102 00 00 00000030 | 00000001 00 000000 0002 0000 00000000 0000000a"
     " 49444c3a413a312e3000 0000 00000000 00000002 6f00 0000 00000000",
     "47494f50 0102 01 00 30000000 | 01000000 00 000000 0200 0000 00000000 0a000000"
     " 49444c3a413a312e3000 0000 00000000 02000000 6f00 0000 00000000",
     "Request 1.2 id=1 flags=0 ref=0:IDL:A:1.0:0 op=o sc=[] principal= body=0@60"},
    {"Reply 1.0 SYSTEM_EXCEPTION",
     "47494f50 0100 00 01 00000038 | 00000000 00000007 00000002 | 0000001e"
     " 49444c3a6f6d672e6f72672f434f5242412f4d41525348414c3a312e3000 0000 52540101 00000001",
     "47494f50 0100 01 01 38000000 | 00000000 07000000 02000000 | 1e000000"
     " 49444c3a6f6d672e6f72672f434f5242412f4d41525348414c3a312e3000 0000 01015452 01000000",
     "Reply 1.0 id=7 status=SYSTEM_EXCEPTION sc=[] body=44@24"},
    {"Reply 1.1 NO_EXCEPTION with CodeSets context",
     "47494f50 0101 00 01 00000018 | 00000001 00000001 00000000 00000007 00000000 | 0000002a",
     "47494f50 0101 01 01 18000000 | 01000000 01000000 00000000 07000000 00000000 | 2a000000",
     "Reply 1.1 id=7 status=NO_EXCEPTION sc=[1:;] body=4@32"},
    {"Reply 1.2 LOCATION_FORWARD_PERM with IOR body at 8",
     "47494f50 0102 00 01 00000020 | 00000007 00000004 00000000 | 0000000a"
     " 49444c3a413a312e3000 0000 00000000",
     "47494f50 0102 01 01 20000000 | 07000000 04000000 00000000 | 0a000000"
     " 49444c3a413a312e3000 0000 00000000",
     "Reply 1.2 id=7 status=LOCATION_FORWARD_PERM sc=[] body=20@24"},
    {"Reply 1.2 NEEDS_ADDRESSING_MODE",
     "47494f50 0102 00 01 0000000e | 00000003 00000005 00000000 | 0002",
     "47494f50 0102 01 01 0e000000 | 03000000 05000000 00000000 | 0200",
     "Reply 1.2 id=3 status=NEEDS_ADDRESSING_MODE sc=[] body=2@24"},
    {"CancelRequest 1.0", "47494f50 0100 00 02 00000004 00000009",
     "47494f50 0100 01 02 04000000 09000000", "CancelRequest 1.0 id=9 body=0@16"},
    {"CancelRequest 1.1", "47494f50 0101 00 02 00000004 00000009",
     "47494f50 0101 01 02 04000000 09000000", "CancelRequest 1.1 id=9 body=0@16"},
    {"CancelRequest 1.2", "47494f50 0102 00 02 00000004 00000009",
     "47494f50 0102 01 02 04000000 09000000", "CancelRequest 1.2 id=9 body=0@16"},
    {"LocateRequest 1.0", "47494f50 0100 00 03 0000000b 00000009 00000003 6b6579",
     "47494f50 0100 01 03 0b000000 09000000 03000000 6b6579",
     "LocateRequest 1.0 id=9 key=6b6579 body=0@23"},
    {"LocateRequest 1.1", "47494f50 0101 00 03 0000000b 00000009 00000003 6b6579",
     "47494f50 0101 01 03 0b000000 09000000 03000000 6b6579",
     "LocateRequest 1.1 id=9 key=6b6579 body=0@23"},
    {"LocateRequest 1.2", "47494f50 0102 00 03 0000000f 00000009 0000 0000 00000003 6b6579",
     "47494f50 0102 01 03 0f000000 09000000 0000 0000 03000000 6b6579",
     "LocateRequest 1.2 id=9 key=6b6579 body=0@27"},
    {"LocateReply 1.0", "47494f50 0100 00 04 00000008 00000009 00000001",
     "47494f50 0100 01 04 08000000 09000000 01000000",
     "LocateReply 1.0 id=9 status=OBJECT_HERE body=0@20"},
    {"LocateReply 1.1 OBJECT_FORWARD", "47494f50 0101 00 04 00000008 00000009 00000002",
     "47494f50 0101 01 04 08000000 09000000 02000000",
     "LocateReply 1.1 id=9 status=OBJECT_FORWARD body=0@20"},
    {"LocateReply 1.2 OBJECT_FORWARD_PERM with IOR at 8",
     "47494f50 0102 00 04 00000020 00000009 00000003 00000000 0000000a"
     " 49444c3a413a312e3000 0000 00000000",
     "47494f50 0102 01 04 20000000 09000000 03000000 00000000 0a000000"
     " 49444c3a413a312e3000 0000 00000000",
     "LocateReply 1.2 id=9 status=OBJECT_FORWARD_PERM body=20@24"},
    {"LocateReply 1.2 LOC_NEEDS_ADDRESSING_MODE",
     "47494f50 0102 00 04 00000008 00000009 00000005",
     "47494f50 0102 01 04 08000000 09000000 05000000",
     "LocateReply 1.2 id=9 status=LOC_NEEDS_ADDRESSING_MODE body=0@20"},
    {"CloseConnection 1.0", "47494f50 0100 00 05 00000000", "47494f50 0100 01 05 00000000",
     "CloseConnection 1.0 body=0@12"},
    {"CloseConnection 1.2", "47494f50 0102 00 05 00000000", "47494f50 0102 01 05 00000000",
     "CloseConnection 1.2 body=0@12"},
    {"MessageError 1.1", "47494f50 0101 00 06 00000000", "47494f50 0101 01 06 00000000",
     "MessageError 1.1 body=0@12"},
    {"Fragment 1.1", "47494f50 0101 02 07 00000004 deadbeef",
     "47494f50 0101 03 07 04000000 deadbeef", "Fragment 1.1 more body=4@12"},
    {"Fragment 1.2", "47494f50 0102 00 07 00000008 00000009 deadbeef",
     "47494f50 0102 01 07 08000000 09000000 deadbeef", "Fragment 1.2 id=9 body=4@16"},
};

class GoldenMessage : public ::testing::TestWithParam<Golden> {};

TEST_P(GoldenMessage, DecodesBothByteOrdersToTheSameHeaders) {
  const auto be = hex_bytes(GetParam().big_endian);
  const auto le = hex_bytes(GetParam().little_endian);
  const Message mb = decode_message(be);
  const Message ml = decode_message(le);
  EXPECT_EQ(mb.header.byte_order, cdr::ByteOrder::big_endian);
  EXPECT_EQ(ml.header.byte_order, cdr::ByteOrder::little_endian);
  EXPECT_EQ(summary(mb), GetParam().expected);
  EXPECT_EQ(summary(ml), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(AllTypesAndVersions, GoldenMessage, ::testing::ValuesIn(goldens),
                         [](const auto& info) { return "Vector" + std::to_string(info.index); });

// The encoder writes native order; these vectors are the little-endian goldens above.
const std::vector<std::uint8_t> key = test::text_bytes("key");

std::vector<std::uint8_t> finish(cdr::OutputStream& os, const MessageStart& start) {
  end_message(os, start);
  return os.to_bytes();
}

class NativeEncoding : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cdr::native_byte_order != cdr::ByteOrder::little_endian) GTEST_SKIP();
  }
  cdr::OutputStream os;
};

TEST_F(NativeEncoding, EncodesRequest10ExactlyAsTheGoldenVector) {
  RequestHeader r{7, ResponseFlags::sync_with_target, KeyAddr{key}, "echo", {}, {}};
  EXPECT_EQ(finish(os, encode_request(os, giop_1_0, r)), hex_bytes(goldens[0].little_endian));
}

TEST_F(NativeEncoding, EncodesRequest11ExactlyAsTheGoldenVector) {
  const auto data = hex_bytes("0000002a");
  RequestHeader r{7, ResponseFlags::sync_with_target, KeyAddr{key}, "echo",
                  {{service_id::code_sets, data}}, {}};
  const auto start = encode_request(os, giop_1_1, r);
  os.write_long(42);
  EXPECT_EQ(finish(os, start), hex_bytes(goldens[1].little_endian));
}

TEST_F(NativeEncoding, EncodesRequest12ExactlyAsTheGoldenVector) {
  RequestHeader r{5, ResponseFlags::sync_with_target, KeyAddr{key}, "echo", {}, {}};
  const auto start = encode_request(os, giop_1_2, r);
  os.write_long(7);
  EXPECT_EQ(finish(os, start), hex_bytes(goldens[3].little_endian));
}

// Our encoder always aligns the 1.2 body to 8, even when it is empty (the golden omits it).
TEST_F(NativeEncoding, EncodesReferenceAddrWithoutPaddingWhenNoBodyFollows) {
  RequestHeader r{1, ResponseFlags::sync_none, ReferenceAddr{0, {"IDL:A:1.0", {}}}, "o", {}, {}};
  EXPECT_EQ(finish(os, encode_request(os, giop_1_2, r)),
            hex_bytes("47494f50 0102 01 00 30000000 | 01000000 00 000000 0200 0000 00000000"
                      " 0a000000 49444c3a413a312e3000 0000 00000000 02000000 6f00 0000 00000000"));
}

TEST_F(NativeEncoding, AlignsANonEmptyBodyTo8) {
  RequestHeader r{1, ResponseFlags::sync_none, ReferenceAddr{0, {"IDL:A:1.0", {}}}, "o", {}, {}};
  const auto start = encode_request(os, giop_1_2, r);
  os.write_octet(0xAB);
  const auto bytes = finish(os, start);
  ASSERT_EQ(bytes.size(), 65u);
  EXPECT_EQ(bytes[60], 0x00);  // padding from 60 kept because a body follows
  EXPECT_EQ(bytes[64], 0xAB);
}

TEST_F(NativeEncoding, SendsA12LocateReplyWithNoBodyUnpaddedAsOmniorbDoes) {
  EXPECT_EQ(finish(os, encode_locate_reply(os, giop_1_2, {9, LocateStatus::object_here})),
            hex_bytes("47494f50 0102 01 04 08000000 | 09000000 01000000"));
}

TEST_F(NativeEncoding, EncodesSystemExceptionReplyExactlyAsTheGoldenVector) {
  const auto start = encode_reply(os, giop_1_0, {7, ReplyStatus::system_exception, {}});
  write_system_exception(os, to_body(CORBA::MARSHAL(minor::marshal_bad_giop_header,
                                                    CORBA::CompletionStatus::COMPLETED_NO)));
  EXPECT_EQ(finish(os, start), hex_bytes(goldens[6].little_endian));
}

TEST_F(NativeEncoding, EncodesLocationForwardReplyExactlyAsTheGoldenVector) {
  const auto start = encode_reply(os, giop_1_2, {7, ReplyStatus::location_forward_perm, {}});
  cdr::write_ior(os, {"IDL:A:1.0", {}});
  EXPECT_EQ(finish(os, start), hex_bytes(goldens[8].little_endian));
}

TEST_F(NativeEncoding, EncodesTheSmallMessagesExactlyAsTheGoldenVectors) {
  EXPECT_EQ(finish(os, encode_cancel_request(os, giop_1_2, {9})), hex_bytes(goldens[12].little_endian));
  os.reset();
  EXPECT_EQ(finish(os, encode_locate_request(os, giop_1_0, {9, KeyAddr{key}})),
            hex_bytes(goldens[13].little_endian));
  os.reset();
  EXPECT_EQ(finish(os, encode_locate_request(os, giop_1_2, {9, KeyAddr{key}})),
            hex_bytes(goldens[15].little_endian));
  os.reset();
  EXPECT_EQ(finish(os, encode_locate_reply(os, giop_1_0, {9, LocateStatus::object_here})),
            hex_bytes(goldens[16].little_endian));
  os.reset();
  EXPECT_EQ(finish(os, encode_close_connection(os, giop_1_2)), hex_bytes(goldens[21].little_endian));
  os.reset();
  EXPECT_EQ(finish(os, encode_message_error(os, giop_1_1)), hex_bytes(goldens[22].little_endian));
  os.reset();
  const auto start = encode_fragment(os, giop_1_2, 9, false);
  os.write_raw(hex_bytes("deadbeef").data(), 4);
  EXPECT_EQ(finish(os, start), hex_bytes(goldens[24].little_endian));
}

TEST(MessageRoundTrip, KeepsEveryRequestFieldInEveryVersion) {
  const auto sc_data = hex_bytes("01 000000 00000064");
  for (Version v : {giop_1_0, giop_1_1, giop_1_2}) {
    for (ResponseFlags flags : {ResponseFlags::sync_none, ResponseFlags::sync_with_target}) {
      cdr::OutputStream os;
      RequestHeader r{42, flags, KeyAddr{key}, "an_operation",
                      {{service_id::rt_corba_priority, sc_data}, {service_id::bi_dir_iiop, {}}}, {}};
      const auto start = encode_request(os, v, r);
      os.write_double(2.5);
      end_message(os, start);
      const auto bytes = os.to_bytes();
      const Message m = decode_message(bytes);
      const auto* d = m.get<RequestHeader>();
      ASSERT_NE(d, nullptr);
      EXPECT_EQ(d->request_id, 42u);
      EXPECT_EQ(d->response_flags, flags);
      EXPECT_EQ(d->operation, "an_operation");
      ASSERT_EQ(d->service_context.size(), 2u);
      EXPECT_EQ(hex(d->service_context[0].context_data), hex(sc_data));
      EXPECT_EQ(hex(std::get<KeyAddr>(d->target).object_key), "6b6579");
      auto body = body_stream(m);
      EXPECT_EQ(body.read_double(), 2.5);
      EXPECT_EQ(body.remaining(), 0u);
    }
  }
}

TEST(MessageRoundTrip, ViewsTheObjectKeyInTheMessageBuffer) {
  cdr::OutputStream os;
  end_message(os, encode_request(os, giop_1_2, {1, ResponseFlags::sync_with_target, KeyAddr{key}, "o", {}, {}}));
  const auto bytes = os.to_bytes();
  const Message m = decode_message(bytes);
  const auto k = std::get<KeyAddr>(m.get<RequestHeader>()->target).object_key;
  EXPECT_GE(k.data(), bytes.data());
  EXPECT_LT(k.data(), bytes.data() + bytes.size());
}

TEST(MessageRoundTrip, KeepsProfileAddr) {
  cdr::OutputStream os;
  const cdr::TaggedProfile profile{cdr::profile_tag::internet_iop, hex_bytes("00010200 00000004")};
  end_message(os, encode_locate_request(os, giop_1_2, {3, ProfileAddr{profile}}));
  const auto bytes = os.to_bytes();
  const Message m = decode_message(bytes);
  const auto* d = m.get<LocateRequestHeader>();
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(std::get<ProfileAddr>(d->target).profile, profile);
}

TEST(MessageRoundTrip, KeepsEveryReplyStatusOfGiop12) {
  for (std::uint32_t s = 0; s <= 5; ++s) {
    cdr::OutputStream os;
    end_message(os, encode_reply(os, giop_1_2, {s, static_cast<ReplyStatus>(s), {}}));
    const auto bytes = os.to_bytes();
    const Message m = decode_message(bytes);
    EXPECT_EQ(m.get<ReplyHeader>()->reply_status, static_cast<ReplyStatus>(s));
  }
}

TEST(ResponseFlagsMapping, MapsSyncScopesToResponseExpected) {
  EXPECT_FALSE(response_expected(ResponseFlags::sync_none));
  EXPECT_FALSE(response_expected(ResponseFlags::sync_with_transport));
  EXPECT_TRUE(response_expected(ResponseFlags::sync_with_server));
  EXPECT_TRUE(response_expected(ResponseFlags::sync_with_target));
  EXPECT_EQ(response_flags_from_expected(true), ResponseFlags::sync_with_target);
  EXPECT_EQ(static_cast<int>(ResponseFlags::sync_with_server), 0x01);
  EXPECT_EQ(static_cast<int>(ResponseFlags::sync_with_target), 0x03);
}

TEST(MessageEncoding, RefusesToSendGiop12OnlyValuesInOlderVersions) {
  cdr::OutputStream os;
  EXPECT_THROW(encode_reply(os, giop_1_1, {1, ReplyStatus::location_forward_perm, {}}),
               CORBA::BAD_PARAM);
  cdr::OutputStream os2;
  EXPECT_THROW(encode_request(os2, giop_1_1, {1, ResponseFlags::sync_with_target,
                                              ProfileAddr{}, "o", {}, {}}),
               CORBA::BAD_PARAM);
  cdr::OutputStream os3;
  EXPECT_THROW(encode_fragment(os3, giop_1_0, 1, false), CORBA::BAD_PARAM);
}

TEST(SystemExceptionBodies, RaiseTheExceptionTheyName) {
  const SystemExceptionBody body{"IDL:omg.org/CORBA/TRANSIENT:1.0", 7,
                                 CORBA::CompletionStatus::COMPLETED_MAYBE};
  try {
    raise_system_exception(body);
    FAIL();
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), 7u);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
  EXPECT_THROW(raise_system_exception({"IDL:x/Y:1.0", 1, {}}), CORBA::UNKNOWN);
}

TEST(SystemExceptionBodies, DecodeFromAGoldenReply) {
  const auto bytes = hex_bytes(goldens[6].big_endian);
  const Message m = decode_message(bytes);
  auto is = body_stream(m);
  const auto body = read_system_exception(is);
  EXPECT_EQ(body.exception_id, "IDL:omg.org/CORBA/MARSHAL:1.0");
  EXPECT_EQ(body.minor, minor::marshal_bad_giop_header);
  EXPECT_EQ(body.completed, CORBA::CompletionStatus::COMPLETED_NO);
}

TEST(SystemExceptionBodies, RejectBadCompletionStatus) {
  const auto bytes = hex_bytes("00000002 4100 0000 00000001 00000003");
  cdr::InputStream is(bytes, cdr::ByteOrder::big_endian);
  EXPECT_THROW(read_system_exception(is), CORBA::MARSHAL);
}

// --- bad input ------------------------------------------------------------------------

template <class F>
std::uint32_t marshal_minor(F&& f) {
  try {
    f();
  } catch (const CORBA::MARSHAL& e) {
    return e.minor();
  }
  ADD_FAILURE() << "MARSHAL was not raised";
  return 0;
}

std::uint32_t decode_minor(const char* text) {
  const auto bytes = hex_bytes(text);
  return marshal_minor([&] { decode_message(bytes); });
}

TEST(BadMessages, RejectMessageSizeLargerThanTheData) {
  EXPECT_EQ(decode_minor("47494f50 0102 00 02 00000008 00000009"), minor::marshal_bad_message);
}

TEST(BadMessages, RejectTrailingBytesAfterTheMessage) {
  EXPECT_EQ(decode_minor("47494f50 0102 00 02 00000004 00000009 00"), minor::marshal_bad_message);
}

TEST(BadMessages, RejectTruncatedHeaderFields) {
  EXPECT_EQ(decode_minor("47494f50 0102 00 00 00000006 00000005 0300"), minor::marshal_truncated);
  EXPECT_EQ(decode_minor("47494f50 0100 00 02 00000002 0000"), minor::marshal_truncated);
}

TEST(BadMessages, RejectObjectKeyLengthsNear4GiB) {
  const std::uint32_t m1 = decode_minor("47494f50 0102 00 03 0000000c 00000009 0000 0000 ffffffff");
  EXPECT_TRUE(m1 == minor::marshal_limit_exceeded || m1 == minor::marshal_length_too_large);
  EXPECT_EQ(decode_minor("47494f50 0100 00 03 0000000b 00000009 00fffff0 6b6579"),
            minor::marshal_length_too_large);
}

TEST(BadMessages, RejectOperationNameLengthsNear4GiB) {
  const std::uint32_t m = decode_minor(
      "47494f50 0102 00 00 00000018 00000005 03 000000 0000 0000 00000000 fffffffe 6f00 0000");
  EXPECT_TRUE(m == minor::marshal_limit_exceeded || m == minor::marshal_length_too_large);
}

TEST(BadMessages, RejectServiceContextLengthsNear4GiB) {
  const std::uint32_t count = decode_minor("47494f50 0101 00 01 00000008 ffffffff 00000000");
  EXPECT_TRUE(count == minor::marshal_limit_exceeded || count == minor::marshal_length_too_large);
  EXPECT_EQ(decode_minor("47494f50 0101 00 01 00000010 00000001 00000001 00fffffc 00000000"),
            minor::marshal_length_too_large);
}

TEST(BadMessages, RejectUnknownReplyAndLocateStatus) {
  EXPECT_EQ(decode_minor("47494f50 0101 00 01 0000000c 00000000 00000001 00000004"),
            minor::marshal_bad_message);
  EXPECT_EQ(decode_minor("47494f50 0102 00 01 0000000c 00000001 00000006 00000000"),
            minor::marshal_bad_message);
  EXPECT_EQ(decode_minor("47494f50 0100 00 04 00000008 00000009 00000003"),
            minor::marshal_bad_message);
}

TEST(BadMessages, RejectUnknownAddressingDisposition) {
  EXPECT_EQ(decode_minor("47494f50 0102 00 03 00000008 00000009 0003 0000"),
            minor::marshal_bad_message);
}

TEST(BadMessages, RejectResponseExpectedThatIsNotABoolean) {
  EXPECT_EQ(decode_minor("47494f50 0100 00 00 0000000c 00000000 00000007 02 000000"),
            minor::marshal_bad_boolean);
}

TEST(BadMessages, RejectOperationNamesWithoutNul) {
  EXPECT_EQ(decode_minor("47494f50 0102 00 00 00000016 00000005 03 000000 0000 0000 00000000"
                         " 00000002 6f6f"),
            minor::marshal_bad_string);
}

}  // namespace
}  // namespace rtorb::giop
