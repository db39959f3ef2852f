// CDR byte order flag and the byte swapping it implies.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace rtorb::cdr {

// Values are the CDR/GIOP flag bit: 0 big-endian, 1 little-endian.
enum class ByteOrder : std::uint8_t { big_endian = 0, little_endian = 1 };

inline constexpr ByteOrder native_byte_order =
    std::endian::native == std::endian::little ? ByteOrder::little_endian : ByteOrder::big_endian;

template <class T>
constexpr T byte_swap(T value) noexcept {
  static_assert(std::is_trivially_copyable_v<T>);
  if constexpr (sizeof(T) == 1) {
    return value;
  } else if constexpr (sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) {
    // One bswap instruction; the byte loop below does not always vectorise.
    using U = std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                 std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>;
    U bits;
    std::memcpy(&bits, &value, sizeof(T));
    if constexpr (sizeof(T) == 2) bits = __builtin_bswap16(bits);
    if constexpr (sizeof(T) == 4) bits = __builtin_bswap32(bits);
    if constexpr (sizeof(T) == 8) bits = __builtin_bswap64(bits);
    std::memcpy(&value, &bits, sizeof(T));
    return value;
  } else {
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    for (std::size_t i = 0; i < sizeof(T) / 2; ++i) {
      const unsigned char tmp = bytes[i];
      bytes[i] = bytes[sizeof(T) - 1 - i];
      bytes[sizeof(T) - 1 - i] = tmp;
    }
    std::memcpy(&value, bytes, sizeof(T));
    return value;
  }
}

}  // namespace rtorb::cdr
