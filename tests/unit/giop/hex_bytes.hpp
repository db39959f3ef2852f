// Test helper: golden byte vectors written as hex text ("47494f50 0102 ..."), spaces ignored.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace rtorb::giop::test {

inline std::vector<std::uint8_t> hex_bytes(std::string_view text) {
  std::vector<std::uint8_t> out;
  int high = -1;
  for (char c : text) {
    int v;
    if (c >= '0' && c <= '9') {
      v = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      v = c - 'a' + 10;
    } else if (c == ' ' || c == '\n' || c == '|') {
      continue;
    } else {
      throw std::invalid_argument("bad hex in test vector");
    }
    if (high < 0) {
      high = v;
    } else {
      out.push_back(static_cast<std::uint8_t>(high << 4 | v));
      high = -1;
    }
  }
  if (high >= 0) throw std::invalid_argument("odd hex digit count in test vector");
  return out;
}

inline std::vector<std::uint8_t> text_bytes(std::string_view s) { return {s.begin(), s.end()}; }

}  // namespace rtorb::giop::test
