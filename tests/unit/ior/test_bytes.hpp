// Helpers shared by the ior tests: byte vectors, hex, and exception checks.
#pragma once

#include <rtorb/corba/exception.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rtorb::ior::test {

using Bytes = std::vector<std::uint8_t>;

inline Bytes str_bytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

inline std::string hex(const Bytes& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (std::uint8_t b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 0xf];
  }
  return out;
}

inline Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

// Runs f and returns the minor code of the E it raises; fails the test otherwise.
template <class E>
std::uint32_t minor_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.minor();
  } catch (const CORBA::SystemException& e) {
    ADD_FAILURE() << "raised a different exception: " << e.what();
    return 0;
  }
  ADD_FAILURE() << "raised nothing";
  return 0;
}

}  // namespace rtorb::ior::test
