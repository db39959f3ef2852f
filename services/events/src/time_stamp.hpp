// The channel's time stamps (EventHeader::ec_recv_time, ec_send_time): TimeBase::TimeT,
// 100 ns units since 15 October 1582 UTC, as TAO stamps them.
#pragma once

#include <chrono>
#include <cstdint>

namespace rtorb::events::detail {

inline std::uint64_t time_base_now() noexcept {
  // From the Unix epoch to 15 October 1582, in 100 ns units.
  constexpr std::uint64_t gregorian_offset = 0x01B21DD213814000ULL;
  const auto since_unix = std::chrono::system_clock::now().time_since_epoch();
  return gregorian_offset +
         static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(since_unix).count() / 100);
}

}  // namespace rtorb::events::detail
