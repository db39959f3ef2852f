// Helpers shared by the CDR tests: streams over hand-written bytes, and exception checks.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <test_support/test_bytes.hpp>

#include <cstdint>
#include <deque>

namespace rtorb::cdr::testing {

using rtorb::test::Bytes;
using rtorb::test::minor_of;

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

// Appends a ulong in big-endian order.
inline void put_be32(Bytes& b, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) b.push_back(static_cast<std::uint8_t>(v >> shift));
}

}  // namespace rtorb::cdr::testing
