// The INVOCATION_POLICIES service context (IOP id 7, CORBA Messaging 22.2.5.x): a
// Messaging::PolicyValueSeq in an encapsulation, each value's pvalue itself an
// encapsulation. rtorb sends one entry, the request's end time (REQUEST_END_TIME_POLICY_TYPE
// 28, a TimeBase::UtcT), as JacORB does for RelativeRequestTimeout, and reads that entry
// from any peer.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>

namespace rtorb::giop {

inline constexpr std::uint32_t request_end_time_policy_type = 28;

// 100 ns units since 15 October 1582 UTC (TimeBase::TimeT in a UtcT).
using UtcTime = std::uint64_t;
// The system clock now, plus `after`.
UtcTime utc_after(std::chrono::nanoseconds after) noexcept;
UtcTime utc_now() noexcept;

// The context's data for one RequestEndTime entry: 40 bytes, native byte order.
using InvocationPoliciesContext = std::array<std::uint8_t, 40>;
InvocationPoliciesContext encode_request_end_time(UtcTime end) noexcept;

// The earliest RequestEndTime entry of a context's data; nullopt when there is none.
// Raises MARSHAL for malformed data (bounds checked before anything is read).
std::optional<UtcTime> decode_request_end_time(std::span<const std::uint8_t> context_data);

}  // namespace rtorb::giop
