// A real omniORB client (omni_client) calls us: the test plays the server on a loopback
// socket, decodes omniORB's requests with rtorb::giop and answers with rtorb's encoder, so
// omniORB's unmarshalling checks our replies.
#include <gtest/gtest.h>

#include <optional>
#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/input_stream.hpp>
#include <string>
#include <variant>
#include <vector>

#include "interop_support.hpp"
#include "ior/component.hpp"
#include "ior/ior_string.hpp"

namespace rtorb::interop {
namespace {

std::string version_text(giop::Version v) {
  return std::to_string(v.major) + "." + std::to_string(v.minor);
}

// One call as the test server saw it: the decoded request is kept with its bytes.
struct ReceivedRequest {
  std::vector<std::uint8_t> bytes;
  giop::Message message;
  int wire_messages = 0;
  const giop::RequestHeader& header() const { return *message.get<giop::RequestHeader>(); }
};

// Serves one connection until a Request arrives: LocateRequests for the Echo key get
// OBJECT_HERE (omniORB asks first when verifyObjectExistsAndType is on).
ReceivedRequest next_request(Connection& connection, giop::FragmentAssembler& assembler,
                             int* locate_requests = nullptr) {
  for (;;) {
    ReceivedRequest r;
    r.bytes = read_whole_message(connection, assembler, &r.wire_messages);
    r.message = giop::decode_message(r.bytes);
    if (r.message.get<giop::RequestHeader>() != nullptr) return r;
    const auto* locate = r.message.get<giop::LocateRequestHeader>();
    if (locate == nullptr) throw std::runtime_error("unexpected message from omniORB");
    if (locate_requests != nullptr) ++*locate_requests;
    const giop::LocateReplyHeader reply{locate->request_id, giop::LocateStatus::object_here};
    const giop::Version version = r.message.header.version;
    connection.write_all(build_message(
        [&](cdr::OutputStream& os) { return giop::encode_locate_reply(os, version, reply); }));
  }
}

void send_reply(Connection& connection, const ReceivedRequest& request,
                const std::function<void(cdr::OutputStream&)>& write_result,
                std::size_t max_fragment = 0) {
  const giop::ReplyHeader reply{
      request.header().request_id, giop::ReplyStatus::no_exception, {}};
  const giop::Version version = request.message.header.version;
  const auto bytes = build_message(
      [&](cdr::OutputStream& os) { return giop::encode_reply(os, version, reply); },
      write_result);
  send_message(connection, bytes, max_fragment);
}

// Without verifyObjectExistsAndType 0, omniORB sends a LocateRequest before the first call
// on a corbaloc; LocateRequestComesFirstAndOurObjectHereIsAccepted covers that path.
std::vector<std::string> client_command(const std::string& reference,
                                        std::vector<std::string> operation,
                                        bool verify_object_first = false) {
  std::vector<std::string> argv{program_path("omni_client")};
  if (!verify_object_first) {
    argv.insert(argv.end(), {"-ORBverifyObjectExistsAndType", "0"});
  }
  argv.push_back(reference);
  argv.insert(argv.end(), operation.begin(), operation.end());
  return argv;
}

class OmniClientCalls : public ::testing::TestWithParam<giop::Version> {
 protected:
  std::string corbaloc() const {
    return "corbaloc:iiop:" + version_text(GetParam()) + "@" + listener_.corbaloc_host() + ":" +
           std::to_string(listener_.port()) + "/Echo";
  }
  Listener listener_{Family::ipv4};
  giop::FragmentAssembler assembler_;
};

TEST_P(OmniClientCalls, LocateRequestComesFirstAndOurObjectHereIsAccepted) {
  ChildProcess client(client_command(corbaloc(), {"cube_long", "2"}, true));
  Connection connection = listener_.accept(io_timeout);
  int locate_requests = 0;
  std::optional<ReceivedRequest> request;
  try {
    request = next_request(connection, assembler_, &locate_requests);
  } catch (const std::runtime_error& e) {
    // omniORB closes the connection when it rejects our LocateReply.
    FAIL() << e.what() << " after " << locate_requests
           << " LocateReply; omni_client says: " << client.rest_of_output(io_timeout);
  }
  EXPECT_EQ(locate_requests, 1);
  EXPECT_EQ(request->header().operation, "cube_long");
  send_reply(connection, *request, [](cdr::OutputStream& os) { os.write_long(8); });
  EXPECT_EQ(client.value_of("cube_long ", io_timeout), "8");
  EXPECT_EQ(client.wait(io_timeout), 0);
}

TEST_P(OmniClientCalls, EchoStringIsDecodedAndOurReplyAccepted) {
  ChildProcess client(client_command(corbaloc(), {"echo_string", "hello omniORB"}));
  Connection connection = listener_.accept(io_timeout);
  const ReceivedRequest request = next_request(connection, assembler_);
  EXPECT_EQ(request.message.header.version, GetParam());
  EXPECT_EQ(request.header().operation, "echo_string");
  EXPECT_TRUE(giop::response_expected(request.header().response_flags));
  const auto* key = std::get_if<giop::KeyAddr>(&request.header().target);
  ASSERT_NE(key, nullptr);
  EXPECT_EQ(as_text(key->object_key), "Echo");
  cdr::InputStream body = giop::body_stream(request.message);
  const std::string argument = body.read_string();
  EXPECT_EQ(argument, "hello omniORB");

  send_reply(connection, request,
             [](cdr::OutputStream& os) { os.write_string("reply from rtorb"); });
  EXPECT_EQ(client.value_of("echo_string ", io_timeout), "reply from rtorb");
  EXPECT_EQ(client.wait(io_timeout), 0);
}

TEST_P(OmniClientCalls, CubeLongArgumentAndResultCrossTheWire) {
  ChildProcess client(client_command(corbaloc(), {"cube_long", "-7"}));
  Connection connection = listener_.accept(io_timeout);
  const ReceivedRequest request = next_request(connection, assembler_);
  EXPECT_EQ(request.header().operation, "cube_long");
  cdr::InputStream body = giop::body_stream(request.message);
  const std::int32_t l = body.read_long();
  EXPECT_EQ(l, -7);
  send_reply(connection, request, [l](cdr::OutputStream& os) { os.write_long(l * l * l); });
  EXPECT_EQ(client.value_of("cube_long ", io_timeout), "-343");
  EXPECT_EQ(client.wait(io_timeout), 0);
}

// 100000 longs (400 KB): omniORB fragments in 1.1 and 1.2; our reply goes back in 8 KiB
// fragments so omniORB reassembles ours too.
TEST_P(OmniClientCalls, LargeSequenceSurvivesFragmentationBothWays) {
  constexpr std::uint32_t count = 100000;
  ChildProcess client(client_command(corbaloc(), {"echo_seq", std::to_string(count)}));
  Connection connection = listener_.accept(io_timeout);
  const ReceivedRequest request = next_request(connection, assembler_);
  if (GetParam() == giop::giop_1_0) {
    EXPECT_EQ(request.wire_messages, 1);
  } else {
    EXPECT_GT(request.wire_messages, 1);
  }
  EXPECT_EQ(request.header().operation, "echo_seq");
  cdr::InputStream body = giop::body_stream(request.message);
  std::vector<std::int32_t> elements;
  cdr::read_sequence(body, elements);
  ASSERT_EQ(elements.size(), count);
  for (std::uint32_t i = 0; i < count; ++i)
    ASSERT_EQ(elements[i], seq_element(i)) << "element " << i;

  const std::size_t fragment = GetParam() == giop::giop_1_0 ? 0 : 8192;
  send_reply(
      connection, request, [&](cdr::OutputStream& os) { cdr::write_sequence(os, elements); },
      fragment);
  EXPECT_EQ(client.value_of("echo_seq ", io_timeout), "100000 ok");
  EXPECT_EQ(client.wait(io_timeout), 0);
}

// 3000 longs: omniORB's 8 KiB buffer fills once, so 1.1/1.2 send exactly two messages.
TEST_P(OmniClientCalls, SequenceOverEightKilobytesArrivesInTwoFragments) {
  constexpr std::uint32_t count = 3000;
  ChildProcess client(client_command(corbaloc(), {"echo_seq", std::to_string(count)}));
  Connection connection = listener_.accept(io_timeout);
  const ReceivedRequest request = next_request(connection, assembler_);
  EXPECT_EQ(request.wire_messages, GetParam() == giop::giop_1_0 ? 1 : 2);
  cdr::InputStream body = giop::body_stream(request.message);
  std::vector<std::int32_t> elements;
  cdr::read_sequence(body, elements);
  ASSERT_EQ(elements.size(), count);
  EXPECT_EQ(elements.front(), seq_element(0));
  EXPECT_EQ(elements.back(), seq_element(count - 1));
  send_reply(connection, request,
             [&](cdr::OutputStream& os) { cdr::write_sequence(os, elements); });
  EXPECT_EQ(client.value_of("echo_seq ", io_timeout), "3000 ok");
  EXPECT_EQ(client.wait(io_timeout), 0);
}

TEST_P(OmniClientCalls, OnewayPingExpectsNoReply) {
  ChildProcess client(client_command(corbaloc(), {"ping"}));
  Connection connection = listener_.accept(io_timeout);
  const ReceivedRequest request = next_request(connection, assembler_);
  EXPECT_EQ(request.header().operation, "ping");
  EXPECT_FALSE(giop::response_expected(request.header().response_flags));
  EXPECT_EQ(client.wait(io_timeout), 0);
}

INSTANTIATE_TEST_SUITE_P(Giop, OmniClientCalls,
                         ::testing::Values(giop::giop_1_0, giop::giop_1_1, giop::giop_1_2),
                         [](const auto& info) {
                           return "V1_" + std::to_string(info.param.minor);
                         });

TEST(OmniClientOverIpv6, EchoStringRequestArrivesOnLoopbackV6) {
  if (!loopback_available(Family::ipv6)) GTEST_SKIP() << "no IPv6 loopback";
  Listener listener(Family::ipv6);
  giop::FragmentAssembler assembler;
  ChildProcess client(
      client_command("corbaloc:iiop:1.2@[::1]:" + std::to_string(listener.port()) + "/Echo",
                     {"echo_string", "v6"}));
  Connection connection = listener.accept(io_timeout);
  const ReceivedRequest request = next_request(connection, assembler);
  cdr::InputStream body = giop::body_stream(request.message);
  EXPECT_EQ(body.read_string(), "v6");
  send_reply(connection, request, [](cdr::OutputStream& os) { os.write_string("six"); });
  EXPECT_EQ(client.value_of("echo_string ", io_timeout), "six");
  EXPECT_EQ(client.wait(io_timeout), 0);
}

// An IOR written by rtorb::ior, with a code sets component, makes omniORB negotiate code
// sets: it sends a CodeSets service context and can then marshal a wstring.
std::string rtorb_ior_for(std::uint16_t port) {
  ior::IiopProfile profile;
  profile.version = {1, 2};
  profile.host = "127.0.0.1";
  profile.port = port;
  profile.object_key.assign(echo_key().begin(), echo_key().end());
  ior::CodeSetsComponent code_sets;
  code_sets.info.for_char_data.native_code_set = cdr::code_set::iso_8859_1;
  code_sets.info.for_char_data.conversion_code_sets = {cdr::code_set::utf_8};
  code_sets.info.for_wchar_data.native_code_set = cdr::code_set::utf_16;
  profile.components.push_back(
      ior::encode_component(ior::OrbTypeComponent{ior::orb_type::rtorb}));
  profile.components.push_back(ior::encode_component(code_sets));
  ior::ObjectReference reference;
  reference.type_id = "IDL:rtorb_interop/Echo:1.0";
  reference.profiles.emplace_back(profile);
  return ior::to_ior_string(reference);
}

TEST(OmniClientThroughRtorbIor, CodeSetsAreNegotiatedAndWstringsCrossTheWire) {
  Listener listener(Family::ipv4);
  giop::FragmentAssembler assembler;
  ChildProcess client(client_command(rtorb_ior_for(listener.port()), {"echo_wstring", "wide"}));
  Connection connection = listener.accept(io_timeout);
  const ReceivedRequest request = next_request(connection, assembler);
  EXPECT_EQ(request.header().operation, "echo_wstring");
  const giop::ServiceContext* context =
      giop::find_service_context(request.header().service_context, giop::service_id::code_sets);
  ASSERT_NE(context, nullptr);
  const cdr::InputStream outer(context->context_data, cdr::ByteOrder::big_endian);
  cdr::InputStream code_sets = outer.open_encapsulation(context->context_data);
  EXPECT_EQ(code_sets.read_ulong(), cdr::code_set::iso_8859_1);
  EXPECT_EQ(code_sets.read_ulong(), cdr::code_set::utf_16);
  cdr::InputStream body = giop::body_stream(request.message);
  EXPECT_EQ(body.read_wstring(), L"wide");
  send_reply(connection, request, [](cdr::OutputStream& os) { os.write_wstring(L"narrow"); });
  EXPECT_EQ(client.value_of("echo_wstring ", io_timeout), "narrow");
  EXPECT_EQ(client.wait(io_timeout), 0);
}

}  // namespace
}  // namespace rtorb::interop
