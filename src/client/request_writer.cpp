// Writing one attempt's GIOP Request: the header with its target address and service
// contexts (CodeSets, RTCorbaPriority, INVOCATION_POLICIES), then the arguments.
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <array>
#include <cstring>

#include "client/invocation_state.hpp"
#include "core/seams/request_priority.hpp"
#include "giop/invocation_policies.hpp"
#include "giop/message_codec.hpp"
#include "giop/service_context.hpp"
#include "ior/object_reference.hpp"

namespace rtorb::orb {
namespace {

// The CodeSets service context body: byte-order octet, padding, two ulongs.
std::array<std::uint8_t, 12> code_sets_context(const cdr::CodeSetServiceContext& c) noexcept {
  std::array<std::uint8_t, 12> bytes{};
  bytes[0] = static_cast<std::uint8_t>(cdr::native_byte_order);
  std::memcpy(bytes.data() + 4, &c.char_data, 4);
  std::memcpy(bytes.data() + 8, &c.wchar_data, 4);
  return bytes;
}

// The RTCorbaPriority context body: byte-order octet, padding, the short (RT-CORBA 1.2,
// 4.7.3).
std::array<std::uint8_t, 4> priority_context(std::int16_t priority) noexcept {
  std::array<std::uint8_t, 4> bytes{};
  bytes[0] = static_cast<std::uint8_t>(cdr::native_byte_order);
  std::memcpy(bytes.data() + 2, &priority, 2);
  return bytes;
}

giop::TargetAddress target_address(const Target& target,
                                   giop::AddressingDisposition addressing) {
  switch (addressing) {
    case giop::AddressingDisposition::profile_addr:
      return giop::ProfileAddr{ior::encode_profile(target.profile)};
    case giop::AddressingDisposition::reference_addr:
      return giop::ReferenceAddr{static_cast<std::uint32_t>(target.profile_index),
                                 ior::encode_reference(target.reference)};
    case giop::AddressingDisposition::key_addr:
      break;
  }
  return giop::KeyAddr{target.profile.object_key};
}

// GIOPlite when the connection's endpoint speaks it (it has no service contexts); a
// collocated request is served in-process in standard form.
giop::Format request_format(const Attempt& a) noexcept {
  const bool lite = a.carrier != Carrier::collocated && a.cache_key.endpoint.giop_lite;
  return {a.target.version, lite ? giop::HeaderMode::lite : giop::HeaderMode::standard};
}

}  // namespace

void InvocationState::write_request(cdr::OutputStream& os, const Attempt& a,
                                    ArgumentWriter& arguments, giop::ResponseFlags flags,
                                    giop::AddressingDisposition addressing) {
  const Target& target = a.target;
  // The request leaves before the send mode returns, while the caller's arguments live.
  os.borrow_arrays_from(cdr::OutputStream::default_borrow_threshold);
  giop::RequestHeader header;
  header.request_id = a.id;
  header.response_flags = flags;
  header.operation = operation;
  header.target = target_address(target, addressing);
  // The context bodies live here until the header is encoded: the header views them.
  // CodeSets goes in a connection's first request only (13.10.2.5): the server keeps it.
  const auto code_sets = code_sets_context(target.code_set_context);
  if (a.first_request && target.version.minor >= 1 && target.has_code_sets) {
    header.service_context.push_back({giop::service_id::code_sets, code_sets});
  }
  // CLIENT_PROPAGATED: the RTCorbaPriority context (id 10) on every request.
  const auto priority = priority_context(static_cast<std::int16_t>(a.priority));
  if (a.priority != no_priority && target.priority_model &&
      target.priority_model->model == ior::PriorityModel::client_propagated) {
    header.service_context.push_back({giop::service_id::rt_corba_priority, priority});
  }
  // RelativeRequestTimeout: the end time, fixed as the request is made (JacORB's encoding).
  giop::InvocationPoliciesContext end_time;
  if (has_policies && policies.request_timeout) {
    if (policies.request_timeout->count() <= 0) {
      raise<CORBA::TIMEOUT>(minor::timeout_request_expired,
                            "RelativeRequestTimeout passed before the request was sent");
    }
    end_time = giop::encode_request_end_time(giop::utc_after(*policies.request_timeout));
    header.service_context.push_back({giop::service_id::invocation_policies, end_time});
  }
  // What the interceptors' send_request points added (they own the bytes).
  if (interception) [[unlikely]] {
    for (const giop::ServiceContext& c : interception->request_contexts()) {
      header.service_context.push_back(c);
    }
  }
  const auto start = giop::encode_request(os, request_format(a), header);
  request_body_at = os.size();
  arguments(os);
  giop::end_message(os, start);
}

}  // namespace rtorb::orb
