// Helpers every unit test uses: byte vectors written as hex, and the minor code of a raised
// system exception.
#pragma once

#include <rtorb/corba/exception.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb::test {

using Bytes = std::vector<std::uint8_t>;

// Golden vectors as hex text ("47494f50 0102 | ..."); spaces, newlines and '|' are ignored.
inline Bytes hex_bytes(std::string_view text) {
  Bytes out;
  int high = -1;
  for (char c : text) {
    int v;
    if (c >= '0' && c <= '9') {
      v = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      v = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      v = c - 'A' + 10;
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

inline std::string hex(const Bytes& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (std::uint8_t b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 0xf];
  }
  return out;
}

inline Bytes text_bytes(std::string_view s) { return Bytes(s.begin(), s.end()); }

inline Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

// Runs `f` and returns the minor code of the E it raises; fails the test otherwise.
template <class E>
std::uint32_t minor_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.minor();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "raised a different exception: " << e.what();
    return 0;
  }
  ADD_FAILURE() << "raised nothing";
  return 0;
}

}  // namespace rtorb::test
