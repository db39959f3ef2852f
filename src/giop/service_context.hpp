// IOP::ServiceContextList (CORBA 3.x, 13.7): context ids and their encapsulated data.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace rtorb::giop {

using ServiceId = std::uint32_t;

// Well-known IOP::ServiceId values.
namespace service_id {
inline constexpr ServiceId transaction_service = 0;
inline constexpr ServiceId code_sets = 1;
inline constexpr ServiceId chain_bypass_check = 2;
inline constexpr ServiceId chain_bypass_info = 3;
inline constexpr ServiceId logical_thread_id = 4;
inline constexpr ServiceId bi_dir_iiop = 5;
inline constexpr ServiceId sending_context_run_time = 6;
inline constexpr ServiceId invocation_policies = 7;
inline constexpr ServiceId forwarded_identity = 8;
inline constexpr ServiceId unknown_exception_info = 9;
inline constexpr ServiceId rt_corba_priority = 10;
inline constexpr ServiceId rt_corba_priority_range = 11;
inline constexpr ServiceId ft_group_version = 12;
inline constexpr ServiceId ft_request = 13;
inline constexpr ServiceId exception_details = 14;
inline constexpr ServiceId security_attribute_service = 15;
}  // namespace service_id

// Name of a well-known id ("CodeSets", "RTCorbaPriority"), or "" when unknown.
std::string_view service_id_name(ServiceId id) noexcept;

// One entry. context_data is the raw encapsulation (byte-order octet first) viewed in the
// message buffer on decode, or in caller storage on encode; it is never copied.
struct ServiceContext {
  ServiceId context_id = 0;
  std::span<const std::uint8_t> context_data;
};

using ServiceContextList = std::vector<ServiceContext>;

void write_service_context_list(cdr::OutputStream& os, const ServiceContextList& list);
// Raises MARSHAL (marshal_length_too_large, marshal_limit_exceeded, marshal_truncated) when a
// count or length exceeds the bytes present.
ServiceContextList read_service_context_list(cdr::InputStream& is);

// The entry with `id`, or nullptr.
const ServiceContext* find_service_context(const ServiceContextList& list, ServiceId id) noexcept;

}  // namespace rtorb::giop
