// ASCII letter case for names the protocols and the command line define as case-insensitive
// (URL schemes, "IOR:", -ORB options): locale-free, unlike std::tolower.
#pragma once

#include <cstddef>
#include <string_view>

namespace rtorb {

constexpr char ascii_lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

constexpr bool equals_ignoring_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

constexpr bool starts_with_ignoring_case(std::string_view text,
                                         std::string_view prefix) noexcept {
  return text.size() >= prefix.size() &&
         equals_ignoring_case(text.substr(0, prefix.size()), prefix);
}

}  // namespace rtorb
