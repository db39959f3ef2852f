// Stand-alone CDR encapsulations: profile bodies, component data and policy values are
// each an octet sequence that starts with its own byte-order octet (CORBA 3.x, 9.3.3).
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace rtorb::ior {

// A stream over `bytes` positioned after the byte-order octet. Raises MARSHAL
// (marshal_truncated for no bytes, marshal_bad_byte_order for an octet other than 0/1).
cdr::InputStream open_encapsulation(std::span<const std::uint8_t> bytes);

// Runs `write(os)` on a fresh stream that already holds the native byte-order octet and
// returns the encapsulation's bytes.
template <class F>
std::vector<std::uint8_t> make_encapsulation(F&& write) {
  cdr::OutputStream os;
  os.write_octet(static_cast<std::uint8_t>(cdr::native_byte_order));
  write(os);
  return os.to_bytes();
}

// Reads a sequence<octet> and returns a view into the stream's buffer.
std::span<const std::uint8_t> read_octet_sequence(cdr::InputStream& is);
void write_octet_sequence(cdr::OutputStream& os, std::span<const std::uint8_t> bytes);

// A sequence of { ulong id; sequence<octet> data; }, the shape of both IOP tagged
// components and Messaging policy values; `id` and `data` name the two members of T.
template <class T, class Id>
void write_tagged_octets(cdr::OutputStream& os, const std::vector<T>& items, Id T::*id,
                         std::vector<std::uint8_t> T::*data) {
  os.write_ulong(static_cast<std::uint32_t>(items.size()));
  for (const T& item : items) {
    os.write_ulong(item.*id);
    write_octet_sequence(os, item.*data);
  }
}

template <class T, class Id>
std::vector<T> read_tagged_octets(cdr::InputStream& is, Id T::*id,
                                  std::vector<std::uint8_t> T::*data) {
  const std::uint32_t count = is.read_length(8);  // id + data length at least
  std::vector<T> items;
  items.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    T item;
    item.*id = is.read_ulong();
    const auto bytes = read_octet_sequence(is);
    (item.*data).assign(bytes.begin(), bytes.end());
    items.push_back(std::move(item));
  }
  return items;
}

}  // namespace rtorb::ior
