// UTF-16 <-> wchar_t (UTF-32 on Linux) conversion used by the wchar/wstring codecs.
#pragma once

#include <rtorb/cdr/byte_order.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace rtorb::cdr::detail {

// Appends the UTF-16 units of `text`. A code point above 0x10FFFF, or a surrogate held in a
// wchar_t on its own, raises DATA_CONVERSION (data_conversion_char): the caller's fault.
void append_utf16(std::u16string& out, std::wstring_view text);

// Decodes `count` units read by `unit(i)`; a lone or reversed surrogate raises MARSHAL
// (marshal_bad_wchar): the peer's fault.
template <class UnitAt>
std::wstring decode_utf16(std::size_t count, UnitAt unit);

[[noreturn]] void fail_bad_utf16(const char* why);

inline bool is_high_surrogate(std::uint32_t u) noexcept { return u >= 0xD800 && u <= 0xDBFF; }
inline bool is_low_surrogate(std::uint32_t u) noexcept { return u >= 0xDC00 && u <= 0xDFFF; }

template <class UnitAt>
std::wstring decode_utf16(std::size_t count, UnitAt unit) {
  std::wstring out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t u = unit(i);
    if (is_low_surrogate(u)) fail_bad_utf16("UTF-16 low surrogate without a high surrogate");
    if (!is_high_surrogate(u)) {
      out.push_back(static_cast<wchar_t>(u));
      continue;
    }
    if (i + 1 == count || !is_low_surrogate(unit(i + 1))) {
      fail_bad_utf16("UTF-16 high surrogate without a low surrogate");
    }
    const std::uint32_t low = unit(++i);
    out.push_back(static_cast<wchar_t>(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00)));
  }
  return out;
}

// A UTF-16 unit from two bytes in the given order.
inline std::uint16_t unit_from_bytes(const std::uint8_t* p, ByteOrder order) noexcept {
  return order == ByteOrder::big_endian ? static_cast<std::uint16_t>(p[0] << 8 | p[1])
                                        : static_cast<std::uint16_t>(p[1] << 8 | p[0]);
}

}  // namespace rtorb::cdr::detail
