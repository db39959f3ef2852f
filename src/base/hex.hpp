// Hex digits in both directions, for IOR strings, %-escapes and bytes named in messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb {

enum class HexCase : std::uint8_t { lower, upper };

// The value of one hex digit in either case, or -1 when `c` is not one.
constexpr int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Appends the two digits of `byte`.
inline void append_hex(std::string& out, std::uint8_t byte, HexCase letters = HexCase::lower) {
  const char* digits = letters == HexCase::lower ? "0123456789abcdef" : "0123456789ABCDEF";
  out += digits[byte >> 4];
  out += digits[byte & 0x0f];
}

// Two digits per byte.
std::string hex_encode(std::span<const std::uint8_t> bytes, HexCase letters = HexCase::lower);

// The index of the first character of `text` that is not a hex digit, or npos.
std::size_t find_non_hex_digit(std::string_view text) noexcept;

// The bytes that pairs of hex digits (either case) spell; nullopt for an odd number of
// characters or one that is not a hex digit.
std::optional<std::vector<std::uint8_t>> hex_decode(std::string_view text);

}  // namespace rtorb
