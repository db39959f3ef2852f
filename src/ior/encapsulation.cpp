// Opening stand-alone encapsulations and octet sequences.
#include "ior/encapsulation.hpp"

namespace rtorb::ior {

cdr::InputStream open_encapsulation(std::span<const std::uint8_t> bytes) {
  // The outer stream only lends its options and depth; its byte order is irrelevant.
  const cdr::InputStream outer(std::span<const std::uint8_t>{}, cdr::ByteOrder::big_endian);
  return outer.open_encapsulation(bytes);
}

std::span<const std::uint8_t> read_octet_sequence(cdr::InputStream& is) {
  const std::uint32_t size = is.read_length(1);
  return is.read_raw(size);
}

void write_octet_sequence(cdr::OutputStream& os, std::span<const std::uint8_t> bytes) {
  os.write_ulong(static_cast<std::uint32_t>(bytes.size()));
  os.write_raw(bytes.data(), bytes.size());
}

}  // namespace rtorb::ior
