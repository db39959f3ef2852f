// Messages and references captured from omniORB 4.2.5 (tests/interop/data), decoded with
// rtorb's giop and ior layers; no omniORB process is needed.
#include <gtest/gtest.h>

#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/code_set.hpp>
#include <rtorb/cdr/input_stream.hpp>
#include <string>
#include <variant>
#include <vector>

#include "interop_support.hpp"
#include "ior/component.hpp"
#include "ior/ior_string.hpp"

namespace rtorb::interop {
namespace {

std::vector<std::uint8_t> fixture(const std::string& name) {
  return read_file(fixture_path(name));
}

const giop::KeyAddr* key_of(const giop::TargetAddress& target) {
  return std::get_if<giop::KeyAddr>(&target);
}

struct VersionCase {
  const char* suffix;
  giop::Version version;
};
const VersionCase all_versions[] = {
    {"1_0", giop::giop_1_0}, {"1_1", giop::giop_1_1}, {"1_2", giop::giop_1_2}};

TEST(OmniorbFixtures, EchoStringRequestsDecodeInEveryVersion) {
  for (const VersionCase& c : all_versions) {
    SCOPED_TRACE(c.suffix);
    const auto bytes = fixture(std::string("client_request_echo_string_") + c.suffix + ".giop");
    const giop::Message message = giop::decode_message(bytes);
    EXPECT_EQ(message.header.version, c.version);
    EXPECT_EQ(message.header.byte_order, cdr::ByteOrder::little_endian);
    EXPECT_FALSE(message.header.more_fragments);
    const auto* request = message.get<giop::RequestHeader>();
    ASSERT_NE(request, nullptr);
    EXPECT_EQ(request->request_id, 2u);
    EXPECT_EQ(request->operation, "echo_string");
    EXPECT_EQ(request->response_flags, giop::ResponseFlags::sync_with_target);
    ASSERT_NE(key_of(request->target), nullptr);
    EXPECT_EQ(as_text(key_of(request->target)->object_key), "Echo");
    // A corbaloc carries no code sets component, so omniORB sends no service context.
    EXPECT_TRUE(request->service_context.empty());
    cdr::InputStream body = giop::body_stream(message);
    EXPECT_EQ(body.read_string(), "hello");
    EXPECT_EQ(body.remaining(), 0u);
  }
}

TEST(OmniorbFixtures, LocateRequestsNameTheEchoKey) {
  for (const VersionCase& c : all_versions) {
    SCOPED_TRACE(c.suffix);
    const auto bytes = fixture(std::string("client_locate_request_") + c.suffix + ".giop");
    const giop::Message message = giop::decode_message(bytes);
    EXPECT_EQ(message.header.version, c.version);
    const auto* locate = message.get<giop::LocateRequestHeader>();
    ASSERT_NE(locate, nullptr);
    ASSERT_NE(key_of(locate->target), nullptr);
    EXPECT_EQ(as_text(key_of(locate->target)->object_key), "Echo");
  }
}

TEST(OmniorbFixtures, CubeLongRequestCarriesOneLong) {
  const auto bytes = fixture("client_request_cube_long_1_2.giop");
  const giop::Message message = giop::decode_message(bytes);
  ASSERT_NE(message.get<giop::RequestHeader>(), nullptr);
  EXPECT_EQ(message.get<giop::RequestHeader>()->operation, "cube_long");
  cdr::InputStream body = giop::body_stream(message);
  EXPECT_EQ(body.read_long(), 3);
}

TEST(OmniorbFixtures, OnewayPingExpectsNoResponse) {
  const auto bytes = fixture("client_request_ping_1_2.giop");
  const giop::Message message = giop::decode_message(bytes);
  const auto* request = message.get<giop::RequestHeader>();
  ASSERT_NE(request, nullptr);
  EXPECT_EQ(request->operation, "ping");
  EXPECT_FALSE(giop::response_expected(request->response_flags));
  EXPECT_EQ(message.body().size(), 0u);
}

TEST(OmniorbFixtures, RequestThroughIorCarriesCodeSetsContext) {
  const auto bytes = fixture("client_request_codesets_echo_string_1_2.giop");
  const giop::Message message = giop::decode_message(bytes);
  const auto* request = message.get<giop::RequestHeader>();
  ASSERT_NE(request, nullptr);
  ASSERT_EQ(request->service_context.size(), 1u);
  const giop::ServiceContext* code_sets =
      giop::find_service_context(request->service_context, giop::service_id::code_sets);
  ASSERT_NE(code_sets, nullptr);
  const cdr::InputStream outer(code_sets->context_data, cdr::ByteOrder::big_endian);
  cdr::InputStream context = outer.open_encapsulation(code_sets->context_data);
  EXPECT_EQ(context.read_ulong(), cdr::code_set::iso_8859_1);
  EXPECT_EQ(context.read_ulong(), cdr::code_set::utf_16);
  cdr::InputStream body = giop::body_stream(message);
  EXPECT_EQ(body.read_string(), "hello");
}

TEST(OmniorbFixtures, WstringArgumentDecodesWithItsByteOrderMark) {
  const auto bytes = fixture("client_request_codesets_echo_wstring_1_2.giop");
  const giop::Message message = giop::decode_message(bytes);
  ASSERT_NE(message.get<giop::RequestHeader>(), nullptr);
  EXPECT_EQ(message.get<giop::RequestHeader>()->operation, "echo_wstring");
  cdr::InputStream body = giop::body_stream(message);
  EXPECT_EQ(body.read_wstring(), L"wide");
}

void expect_reassembled_sequence(const std::string& version) {
  const auto part1 = fixture("client_request_echo_seq_3000_" + version + ".part1.giop");
  const auto part2 = fixture("client_request_echo_seq_3000_" + version + ".part2.giop");
  giop::FragmentAssembler assembler;
  EXPECT_TRUE(giop::decode_header(part1).more_fragments);
  EXPECT_FALSE(assembler.add(part1).complete);
  const auto result = assembler.add(part2);
  ASSERT_TRUE(result.complete);
  const std::vector<std::uint8_t> whole(result.message.begin(), result.message.end());
  const giop::Message message = giop::decode_message(whole);
  EXPECT_FALSE(message.header.more_fragments);
  ASSERT_NE(message.get<giop::RequestHeader>(), nullptr);
  EXPECT_EQ(message.get<giop::RequestHeader>()->operation, "echo_seq");
  cdr::InputStream body = giop::body_stream(message);
  std::vector<std::int32_t> elements;
  cdr::read_sequence(body, elements);
  ASSERT_EQ(elements.size(), 3000u);
  for (std::uint32_t i = 0; i < elements.size(); ++i) ASSERT_EQ(elements[i], seq_element(i)) << i;
  EXPECT_EQ(body.remaining(), 0u);
}

TEST(OmniorbFixtures, FragmentedSequenceReassemblesInGiop11) {
  expect_reassembled_sequence("1_1");
}
TEST(OmniorbFixtures, FragmentedSequenceReassemblesInGiop12) {
  expect_reassembled_sequence("1_2");
}

TEST(OmniorbFixtures, EchoStringRepliesDecodeInEveryVersion) {
  for (const VersionCase& c : all_versions) {
    SCOPED_TRACE(c.suffix);
    const auto bytes = fixture(std::string("server_reply_echo_string_") + c.suffix + ".giop");
    const giop::Message message = giop::decode_message(bytes);
    EXPECT_EQ(message.header.version, c.version);
    const auto* reply = message.get<giop::ReplyHeader>();
    ASSERT_NE(reply, nullptr);
    EXPECT_EQ(reply->request_id, 2u);
    EXPECT_EQ(reply->reply_status, giop::ReplyStatus::no_exception);
    cdr::InputStream body = giop::body_stream(message);
    EXPECT_EQ(body.read_string(), "hello");
  }
}

TEST(OmniorbFixtures, LocateRepliesSayObjectHere) {
  for (const VersionCase& c : all_versions) {
    SCOPED_TRACE(c.suffix);
    const auto bytes = fixture(std::string("server_locate_reply_") + c.suffix + ".giop");
    const giop::Message message = giop::decode_message(bytes);
    const auto* reply = message.get<giop::LocateReplyHeader>();
    ASSERT_NE(reply, nullptr);
    EXPECT_EQ(reply->locate_status, giop::LocateStatus::object_here);
  }
}

TEST(OmniorbFixtures, UnknownKeyRepliesCarryObjectNotExist) {
  for (const char* suffix : {"1_0", "1_2"}) {
    SCOPED_TRACE(suffix);
    const auto bytes =
        fixture(std::string("server_reply_object_not_exist_") + suffix + ".giop");
    const giop::Message message = giop::decode_message(bytes);
    const auto* reply = message.get<giop::ReplyHeader>();
    ASSERT_NE(reply, nullptr);
    EXPECT_EQ(reply->reply_status, giop::ReplyStatus::system_exception);
    cdr::InputStream body = giop::body_stream(message);
    const giop::SystemExceptionBody e = giop::read_system_exception(body);
    EXPECT_EQ(e.exception_id, "IDL:omg.org/CORBA/OBJECT_NOT_EXIST:1.0");
    EXPECT_EQ(e.minor, minor::omg_vmcid | 1);
    EXPECT_EQ(e.completed, CORBA::CompletionStatus::COMPLETED_NO);
  }
}

TEST(OmniorbFixtures, CubeLongReplyHoldsTwentySeven) {
  const auto bytes = fixture("server_reply_cube_long_1_2.giop");
  const giop::Message message = giop::decode_message(bytes);
  cdr::InputStream body = giop::body_stream(message);
  EXPECT_EQ(body.read_long(), 27);
}

TEST(OmniorbFixtures, MessageErrorHasAnEmptyBody) {
  const auto bytes = fixture("server_message_error_1_2.giop");
  const giop::Message message = giop::decode_message(bytes);
  EXPECT_EQ(message.header.type, giop::MsgType::message_error);
  EXPECT_NE(message.get<giop::MessageErrorHeader>(), nullptr);
  EXPECT_EQ(message.header.message_size, 0u);
}

// omniORB writes little-endian and rtorb writes native order, so on a little-endian host
// rtorb's encoding of the same reply must be omniORB's bytes exactly.
bool host_is_little_endian() { return cdr::native_byte_order == cdr::ByteOrder::little_endian; }

TEST(OmniorbFixtures, OurRepliesAreByteForByteOmniorbs) {
  if (!host_is_little_endian()) GTEST_SKIP() << "fixtures are little-endian";
  for (const VersionCase& c : all_versions) {
    SCOPED_TRACE(c.suffix);
    const giop::ReplyHeader header{2, giop::ReplyStatus::no_exception, {}};
    const auto ours = build_message(
        [&](cdr::OutputStream& os) { return giop::encode_reply(os, c.version, header); },
        [](cdr::OutputStream& os) { os.write_string("hello"); });
    EXPECT_EQ(ours, fixture(std::string("server_reply_echo_string_") + c.suffix + ".giop"));
  }
}

TEST(OmniorbFixtures, OurLocateRepliesAreByteForByteOmniorbs) {
  if (!host_is_little_endian()) GTEST_SKIP() << "fixtures are little-endian";
  for (const VersionCase& c : all_versions) {
    SCOPED_TRACE(c.suffix);
    const giop::LocateReplyHeader header{2, giop::LocateStatus::object_here};
    const auto ours = build_message([&](cdr::OutputStream& os) {
      return giop::encode_locate_reply(os, c.version, header);
    });
    EXPECT_EQ(ours, fixture(std::string("server_locate_reply_") + c.suffix + ".giop"));
  }
}

TEST(OmniorbFixtures, OurObjectNotExistReplyIsByteForByteOmniorbs) {
  if (!host_is_little_endian()) GTEST_SKIP() << "fixtures are little-endian";
  const giop::SystemExceptionBody e{"IDL:omg.org/CORBA/OBJECT_NOT_EXIST:1.0",
                                    minor::omg_vmcid | 1,
                                    CORBA::CompletionStatus::COMPLETED_NO};
  const giop::ReplyHeader header{2, giop::ReplyStatus::system_exception, {}};
  const auto ours = build_message(
      [&](cdr::OutputStream& os) { return giop::encode_reply(os, giop::giop_1_2, header); },
      [&](cdr::OutputStream& os) { giop::write_system_exception(os, e); });
  EXPECT_EQ(ours, fixture("server_reply_object_not_exist_1_2.giop"));
}

void expect_omniorb_reference(const std::string& file, const std::string& host,
                              std::uint16_t port) {
  const std::string text = read_text_file(fixture_path(file));
  const ior::ObjectReference ref = ior::reference_from_ior_string(text);
  EXPECT_EQ(ref.type_id, "IDL:rtorb_interop/Echo:1.0");
  ASSERT_EQ(ref.profiles.size(), 1u);
  const auto* iiop = std::get_if<ior::IiopProfile>(&ref.profiles[0]);
  ASSERT_NE(iiop, nullptr);
  EXPECT_EQ(iiop->version, (ior::IiopVersion{1, 2}));
  EXPECT_EQ(iiop->host, host);
  EXPECT_EQ(iiop->port, port);
  EXPECT_EQ(as_text(iiop->object_key), "Echo");
  ASSERT_EQ(iiop->components.size(), 2u);
  const auto orb_type = ior::decode_component(iiop->components[0]);
  ASSERT_TRUE(std::holds_alternative<ior::OrbTypeComponent>(orb_type));
  EXPECT_EQ(std::get<ior::OrbTypeComponent>(orb_type).orb_type, ior::orb_type::omniorb);
  const auto code_sets = ior::decode_component(iiop->components[1]);
  ASSERT_TRUE(std::holds_alternative<ior::CodeSetsComponent>(code_sets));
  const cdr::CodeSetComponentInfo& info = std::get<ior::CodeSetsComponent>(code_sets).info;
  EXPECT_EQ(info.for_char_data.native_code_set, cdr::code_set::iso_8859_1);
  EXPECT_EQ(info.for_char_data.conversion_code_sets,
            std::vector<cdr::CodeSetId>{cdr::code_set::utf_8});
  EXPECT_EQ(info.for_wchar_data.native_code_set, cdr::code_set::utf_16);
  // Byte-exact round trip: omniORB writes little-endian, rtorb writes native (x86-64).
  EXPECT_EQ(ior::to_ior_string(ior::parse_ior_string(text)), text);
  EXPECT_EQ(ior::to_ior_string(ref), text);
}

TEST(OmniorbFixtures, Ipv4ReferenceDecodesAndRoundTrips) {
  expect_omniorb_reference("omniorb_server_ipv4.ior", "127.0.0.1", 49315);
}

TEST(OmniorbFixtures, Ipv6ReferenceDecodesAndRoundTrips) {
  expect_omniorb_reference("omniorb_server_ipv6.ior", "::1", 35657);
}

}  // namespace
}  // namespace rtorb::interop
