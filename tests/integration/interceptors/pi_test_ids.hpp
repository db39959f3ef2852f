// The service contexts the Portable Interceptors tests send (ids in rtorb's vendor range).
#pragma once

#include <cstdint>

namespace pi_test {

// The client's probe; the server interceptor answers it reversed, with the operation.
inline constexpr std::uint32_t probe_context = 0x52540100;
// One octet telling pi-server's interceptor where to raise NO_PERMISSION: 'r'
// receive_request_service_contexts, 'q' receive_request, 's' send_reply.
inline constexpr std::uint32_t control_context = 0x52540101;
// pi-server's answer from send_exception: the repository id being sent.
inline constexpr std::uint32_t exception_context = 0x52540102;

inline constexpr std::uint32_t minor_at_contexts = 0x52540f10;
inline constexpr std::uint32_t minor_at_request = 0x52540f11;
inline constexpr std::uint32_t minor_at_reply = 0x52540f12;

}  // namespace pi_test
