// The per-type GIOP message headers (CORBA 3.x, 15.4.2-15.4.9) and a decoded message.
// Decoded headers may view the message buffer (object keys, operation names, service
// context data, principals): keep the buffer alive while you use them.
#pragma once

#include "giop/message_header.hpp"
#include "giop/service_context.hpp"
#include "giop/target_address.hpp"

#include <rtorb/cdr/message_rest.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <variant>

namespace rtorb::giop {

// GIOP 1.2 response_flags: the Messaging SyncScope of the request (Messaging 22.2.2.1).
// SYNC_NONE and SYNC_WITH_TRANSPORT are both 0x00 on the wire: the server cannot tell
// them apart and sends no reply.
enum class ResponseFlags : std::uint8_t {
  sync_none = 0x00,
  sync_with_transport = 0x00,
  sync_with_server = 0x01,
  sync_with_target = 0x03,  // also every twoway request
};
// GIOP 1.0/1.1 response_expected: a reply is expected for WITH_SERVER and WITH_TARGET.
constexpr bool response_expected(ResponseFlags flags) noexcept {
  return (static_cast<std::uint8_t>(flags) & 0x01) != 0;
}
constexpr ResponseFlags response_flags_from_expected(bool expected) noexcept {
  return expected ? ResponseFlags::sync_with_target : ResponseFlags::sync_none;
}

enum class ReplyStatus : std::uint32_t {
  no_exception = 0,
  user_exception = 1,
  system_exception = 2,
  location_forward = 3,
  location_forward_perm = 4,   // GIOP 1.2
  needs_addressing_mode = 5,   // GIOP 1.2
};

enum class LocateStatus : std::uint32_t {
  unknown_object = 0,
  object_here = 1,
  object_forward = 2,
  object_forward_perm = 3,        // GIOP 1.2
  loc_system_exception = 4,       // GIOP 1.2
  loc_needs_addressing_mode = 5,  // GIOP 1.2
};

std::string_view to_string(ReplyStatus status) noexcept;
std::string_view to_string(LocateStatus status) noexcept;
std::string_view to_string(ResponseFlags flags) noexcept;

// In 1.0/1.1 the target is always a KeyAddr; response_flags is derived from
// response_expected and requesting_principal is present (empty in 1.2).
struct RequestHeader {
  std::uint32_t request_id = 0;
  ResponseFlags response_flags = ResponseFlags::sync_with_target;
  TargetAddress target = KeyAddr{};
  std::string_view operation;
  ServiceContextList service_context;
  std::span<const std::uint8_t> requesting_principal;  // 1.0/1.1 only
};

struct ReplyHeader {
  std::uint32_t request_id = 0;
  ReplyStatus reply_status = ReplyStatus::no_exception;
  ServiceContextList service_context;
};

struct CancelRequestHeader {
  std::uint32_t request_id = 0;
};

struct LocateRequestHeader {
  std::uint32_t request_id = 0;
  TargetAddress target = KeyAddr{};  // a KeyAddr in 1.0/1.1
};

struct LocateReplyHeader {
  std::uint32_t request_id = 0;
  LocateStatus locate_status = LocateStatus::unknown_object;
};

struct CloseConnectionHeader {};
struct MessageErrorHeader {};

// 1.1 fragments carry no header; 1.2 fragments name the request they continue.
struct FragmentHeader {
  std::optional<std::uint32_t> request_id;
};

using MessageBody = std::variant<RequestHeader, ReplyHeader, CancelRequestHeader,
                                 LocateRequestHeader, LocateReplyHeader, CloseConnectionHeader,
                                 MessageErrorHeader, FragmentHeader>;

// One decoded message: the GIOP header, the type's own header, and where the body (the
// request arguments, reply result, forward IOR, exception, or fragment payload) lies.
struct Message {
  MessageHeader header;
  MessageBody body_header;
  std::span<const std::uint8_t> bytes;  // the whole message: header and body
  std::size_t body_offset = 0;          // offset of the body in `bytes`
  // Set while the message is still arriving: only what it says is readable of `bytes`.
  cdr::MessageRest* rest = nullptr;

  std::span<const std::uint8_t> body() const noexcept { return bytes.subspan(body_offset); }
  template <class T>
  const T* get() const noexcept { return std::get_if<T>(&body_header); }
};

}  // namespace rtorb::giop
