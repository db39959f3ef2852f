#include "giop/invocation_policies.hpp"

#include <rtorb/cdr/input_stream.hpp>

#include <algorithm>
#include <cstring>

namespace rtorb::giop {
namespace {

// From 1582-10-15 (the Gregorian calendar's first day, TimeBase's epoch) to 1970-01-01,
// in 100 ns units.
constexpr UtcTime gregorian_to_unix = 0x01B21DD213814000ULL;

template <class T>
void put(InvocationPoliciesContext& bytes, std::size_t at, T value) noexcept {
  std::memcpy(bytes.data() + at, &value, sizeof value);
}

}  // namespace

UtcTime utc_after(std::chrono::nanoseconds after) noexcept {
  const auto since_unix = std::chrono::system_clock::now().time_since_epoch() + after;
  const auto ticks = std::chrono::duration_cast<std::chrono::nanoseconds>(since_unix).count() / 100;
  return gregorian_to_unix + static_cast<UtcTime>(std::max<std::int64_t>(ticks, 0));
}

UtcTime utc_now() noexcept { return utc_after(std::chrono::nanoseconds(0)); }

InvocationPoliciesContext encode_request_end_time(UtcTime end) noexcept {
  InvocationPoliciesContext bytes{};
  const auto order = static_cast<std::uint8_t>(cdr::native_byte_order);
  bytes[0] = order;                                     // outer encapsulation, then padding
  put<std::uint32_t>(bytes, 4, 1);                      // one PolicyValue
  put<std::uint32_t>(bytes, 8, request_end_time_policy_type);
  put<std::uint32_t>(bytes, 12, 24);                    // pvalue: 24 octets
  bytes[16] = order;                                    // inner encapsulation, 7 pad octets
  put<std::uint64_t>(bytes, 24, end);                   // UtcT.time (inacclo, inacchi, tdf 0)
  return bytes;
}

std::optional<UtcTime> decode_request_end_time(std::span<const std::uint8_t> context_data) {
  const cdr::InputStream outer(std::span<const std::uint8_t>{}, cdr::ByteOrder::big_endian);
  cdr::InputStream is = outer.open_encapsulation(context_data);
  const std::uint32_t count = is.read_length(8);  // each PolicyValue takes 8 octets at least
  std::optional<UtcTime> earliest;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t type = is.read_ulong();
    const std::uint32_t size = is.read_length(1);
    const auto value = is.read_raw(size);
    if (type != request_end_time_policy_type) continue;
    cdr::InputStream utc = outer.open_encapsulation(value);
    const UtcTime end = utc.read_ulonglong();
    if (!earliest || end < *earliest) earliest = end;
  }
  return earliest;
}

}  // namespace rtorb::giop
