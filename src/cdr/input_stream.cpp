// Out-of-line parts of the CDR decoder: checks, strings, encapsulations.
#include <rtorb/cdr/input_stream.hpp>

#include <rtorb/cdr/message_rest.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>

namespace rtorb::cdr {

void InputStream::fail_truncated(std::size_t wanted) const {
  raise<CORBA::MARSHAL>(minor::marshal_truncated,
                        "need " + std::to_string(wanted) + " bytes at offset " +
                            std::to_string(pos_) + ", " + std::to_string(remaining()) +
                            " remain");
}

void InputStream::receive_or_fail(std::size_t size) {
  if (rest_ == nullptr || size > remaining()) fail_truncated(size);
  readable_ = rest_->receive_until(pos_, size);
}

void InputStream::receive_array(void* out, std::size_t size) {
  if (rest_ == nullptr || size > remaining()) fail_truncated(size);
  readable_ = rest_->receive_into(pos_, size, out);
  pos_ += size;
}

void InputStream::skip(std::size_t size) {
  require(size);
  pos_ += size;
}

void InputStream::seek(std::size_t position) {
  if (position > data_.size()) {
    raise<CORBA::MARSHAL>(minor::marshal_truncated,
                          "seek to " + std::to_string(position) + " beyond " +
                              std::to_string(data_.size()) + " bytes");
  }
  pos_ = position;
  // Backwards, the bytes may be in a gap left by receive_into: the rest decides.
  if (rest_ != nullptr) readable_ = position;
}

std::span<const std::uint8_t> InputStream::read_raw(std::size_t size) {
  require(size);
  const auto view = data_.subspan(pos_, size);
  pos_ += size;
  return view;
}

bool InputStream::read_boolean() {
  const std::uint8_t v = read_octet();
  if (v > 1) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_boolean,
                          "boolean octet " + std::to_string(v) + " is neither 0 nor 1");
  }
  return v == 1;
}

std::uint32_t InputStream::read_length(std::size_t min_element_size, std::uint32_t bound) {
  const std::size_t at = pos_;
  const std::uint32_t count = read_ulong();
  if (bound != 0 && count > bound) {
    raise<CORBA::MARSHAL>(minor::marshal_bound_exceeded,
                          "sequence of " + std::to_string(count) + " exceeds its bound " +
                              std::to_string(bound));
  }
  if (count > options_.limits.max_sequence_length) {
    raise<CORBA::MARSHAL>(minor::marshal_limit_exceeded,
                          "sequence length " + std::to_string(count) + " at offset " +
                              std::to_string(at) + " exceeds the limit " +
                              std::to_string(options_.limits.max_sequence_length));
  }
  // 64-bit product: count < 2^32 and element sizes are small, so this cannot overflow.
  const std::uint64_t need = std::uint64_t{count} * min_element_size;
  if (need > remaining()) {
    raise<CORBA::MARSHAL>(minor::marshal_length_too_large,
                          "sequence length " + std::to_string(count) + " at offset " +
                              std::to_string(at) + " needs " + std::to_string(need) +
                              " bytes, " + std::to_string(remaining()) + " remain");
  }
  return count;
}

std::string_view InputStream::read_string_view() {
  const std::size_t at = pos_;
  const std::uint32_t length = read_ulong();
  // Some ORBs send 0 for an empty string although the NUL should be counted; accept it.
  if (length == 0) return {};
  if (length > options_.limits.max_string_length) {
    raise<CORBA::MARSHAL>(minor::marshal_limit_exceeded,
                          "string length " + std::to_string(length) + " at offset " +
                              std::to_string(at) + " exceeds the limit " +
                              std::to_string(options_.limits.max_string_length));
  }
  if (length > remaining()) {
    raise<CORBA::MARSHAL>(minor::marshal_length_too_large,
                          "string length " + std::to_string(length) + " at offset " +
                              std::to_string(at) + ", " + std::to_string(remaining()) +
                              " bytes remain");
  }
  const auto bytes = read_raw(length);
  if (bytes[length - 1] != 0) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_string,
                          "string at offset " + std::to_string(at) + " is not NUL-terminated");
  }
  return {reinterpret_cast<const char*>(bytes.data()), length - 1};
}

InputStream InputStream::read_encapsulation() {
  const std::size_t at = pos_;
  const std::uint32_t length = read_ulong();
  if (length > remaining()) {
    raise<CORBA::MARSHAL>(minor::marshal_length_too_large,
                          "encapsulation length " + std::to_string(length) + " at offset " +
                              std::to_string(at) + ", " + std::to_string(remaining()) +
                              " bytes remain");
  }
  return open_encapsulation(read_raw(length));
}

InputStream InputStream::open_encapsulation(std::span<const std::uint8_t> bytes) const {
  if (depth_ + 1 > options_.limits.max_nesting_depth) {
    raise<CORBA::MARSHAL>(minor::marshal_nesting_too_deep,
                          "encapsulations nested deeper than " +
                              std::to_string(options_.limits.max_nesting_depth));
  }
  if (bytes.empty()) {
    raise<CORBA::MARSHAL>(minor::marshal_truncated, "empty encapsulation has no byte-order octet");
  }
  if (bytes[0] > 1) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_byte_order,
                          "encapsulation byte-order octet is " + std::to_string(bytes[0]));
  }
  InputStream inner(bytes, static_cast<ByteOrder>(bytes[0]), options_);
  inner.depth_ = depth_ + 1;
  inner.pos_ = 1;
  return inner;
}

void InputStream::enter_nested() {
  if (depth_ + 1 > options_.limits.max_nesting_depth) {
    raise<CORBA::MARSHAL>(minor::marshal_nesting_too_deep,
                          "data nested deeper than " +
                              std::to_string(options_.limits.max_nesting_depth));
  }
  ++depth_;
}

}  // namespace rtorb::cdr
