// Hex digits in both directions.
#include "base/hex.hpp"

namespace rtorb {

std::string hex_encode(std::span<const std::uint8_t> bytes, HexCase letters) {
  std::string out;
  out.reserve(2 * bytes.size());
  for (const std::uint8_t b : bytes) append_hex(out, b, letters);
  return out;
}

std::size_t find_non_hex_digit(std::string_view text) noexcept {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (hex_value(text[i]) < 0) return i;
  }
  return std::string_view::npos;
}

std::optional<std::vector<std::uint8_t>> hex_decode(std::string_view text) {
  if (text.size() % 2 != 0) return std::nullopt;
  std::vector<std::uint8_t> bytes(text.size() / 2);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const int high = hex_value(text[2 * i]);
    const int low = hex_value(text[2 * i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    bytes[i] = static_cast<std::uint8_t>(high << 4 | low);
  }
  return bytes;
}

}  // namespace rtorb
