// Bad RTCorbaPriority contexts from the network: a truncated one and a negative priority are
// answered with a system exception, and the lane goes on serving.
#include <rtorb/corba/minor_code.hpp>

#include <array>

#include "giop/message_codec.hpp"
#include "giop/messages.hpp"
#include "giop/service_context.hpp"
#include "giop/system_exception_body.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_reference.hpp"
#include "priority_probeC.h"
#include "rt_test_support.hpp"
#include "transport/connector.hpp"

using namespace rt_test;

namespace {

// Sends upcall_scheduling to the first profile of `ior` with `context` as RTCorbaPriority
// and returns the reply's status and, for a system exception, its exception.
std::pair<rtorb::giop::ReplyStatus, rtorb::giop::SystemExceptionBody> send_with_context(
    const std::string& ior, std::span<const std::uint8_t> context) {
  const auto reference = rtorb::ior::decode_reference(rtorb::ior::parse_ior_string(ior));
  const auto& profile = std::get<rtorb::ior::IiopProfile>(reference.profiles.at(0));
  auto connection = rtorb::transport::connect({profile.host, profile.port});
  rtorb::giop::RequestHeader header;
  header.request_id = 5;
  header.response_flags = rtorb::giop::response_flags_from_expected(true);
  header.target = rtorb::giop::KeyAddr{profile.object_key};
  header.operation = "upcall_scheduling";
  header.service_context.push_back({rtorb::giop::service_id::rt_corba_priority, context});
  rtorb::cdr::OutputStream os;
  const auto start = rtorb::giop::encode_request(os, rtorb::giop::giop_1_2, header);
  rtorb::giop::end_message(os, start);
  connection->send(os);
  const auto view = connection->receive_message(std::chrono::seconds(10));
  const auto reply = rtorb::giop::decode_message(view);
  const auto status = reply.get<rtorb::giop::ReplyHeader>()->reply_status;
  rtorb::giop::SystemExceptionBody body;
  if (status == rtorb::giop::ReplyStatus::system_exception) {
    auto is = rtorb::giop::body_stream(reply);
    body = rtorb::giop::read_system_exception(is);
  }
  return {status, body};
}

}  // namespace

TEST(RtBadInput, MalformedPriorityContextsGetSystemExceptionsAndTheLaneServesOn) {
  auto server = make_orb();
  auto client = make_orb();
  auto rt = rt_orb(server);
  auto root = root_poa(server);
  const auto pool = rt->create_threadpool(0, 1, 0, 1000, false, 0, 0);
  auto poa = make_rt_poa(server, "propagated", RTCORBA::PriorityModel::CLIENT_PROPAGATED, 1000, pool);
  root->the_POAManager()->activate();
  const auto id = poa->activate_object(CORBA::make_reference<ProbeServant>());
  const std::string ior = server->object_to_string(poa->id_to_reference(id));

  const std::array<std::uint8_t, 2> truncated{1, 0};
  auto [status, body] = send_with_context(ior, truncated);
  EXPECT_EQ(status, rtorb::giop::ReplyStatus::system_exception);
  EXPECT_EQ(body.exception_id, "IDL:omg.org/CORBA/MARSHAL:1.0");

  const std::array<std::uint8_t, 4> negative{1, 0, 0xfe, 0xff};  // little-endian -2
  std::tie(status, body) = send_with_context(ior, negative);
  EXPECT_EQ(status, rtorb::giop::ReplyStatus::system_exception);
  EXPECT_EQ(body.exception_id, "IDL:omg.org/CORBA/BAD_PARAM:1.0");
  EXPECT_EQ(body.minor, rtorb::minor::bad_param_bad_priority);

  auto probe = IDL::traits<PriorityProbe>::narrow(client->string_to_object(ior));
  EXPECT_EQ(probe->upcall_scheduling().corba_priority(), 1000);
  client->destroy();
  server->destroy();
}
