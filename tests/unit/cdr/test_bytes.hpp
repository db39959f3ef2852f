// Helpers shared by the CDR tests: streams over hand-written bytes, and exception checks.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/exception.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

namespace rtorb::cdr::testing {

using Bytes = std::vector<std::uint8_t>;

// Streams only view their bytes; tests often build them inline, so the helpers keep a
// copy alive for the rest of the test program.
inline const Bytes& keep(Bytes b) {
  static std::deque<Bytes> kept;
  kept.push_back(std::move(b));
  return kept.back();
}

inline InputStream big_endian(Bytes b, std::uint8_t giop_minor = 2) {
  InputOptions o;
  o.giop_minor = giop_minor;
  return InputStream(keep(std::move(b)), ByteOrder::big_endian, o);
}

inline InputStream little_endian(Bytes b, std::uint8_t giop_minor = 2) {
  InputOptions o;
  o.giop_minor = giop_minor;
  return InputStream(keep(std::move(b)), ByteOrder::little_endian, o);
}

inline OutputOptions giop(std::uint8_t minor) {
  OutputOptions o;
  o.giop_minor = minor;
  return o;
}

// Runs `f` and returns the minor code of the E it raises (fails the test if none).
template <class E>
std::uint32_t minor_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.minor();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception: " << e.what();
    return 0;
  }
  ADD_FAILURE() << "no exception raised";
  return 0;
}

// Appends a ulong in big-endian order.
inline void put_be32(Bytes& b, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) b.push_back(static_cast<std::uint8_t>(v >> shift));
}

}  // namespace rtorb::cdr::testing
