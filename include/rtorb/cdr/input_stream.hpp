// Bounds-checked CDR decoder over one contiguous buffer, in either byte order.
#pragma once

#include <rtorb/cdr/byte_order.hpp>
#include <rtorb/cdr/code_set.hpp>
#include <rtorb/base/minor_code.hpp>
#include <rtorb/base/object_reference.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace CORBA {
class ValueFactoryBase;
}  // namespace CORBA

namespace rtorb::cdr {

class InputStream;
class MessageRest;
struct ValueDecoding;

// Looks a value factory up by repository id: the ORB's registry (rtorb::orb supplies it, as
// InputOptions::references names the ORB); null when there is none.
using ValueFactoryLookup = CORBA::object_reference<CORBA::ValueFactoryBase> (*)(
    const InputStream& is, const std::string& repository_id);

// Limits applied before anything read from the wire is allocated. A length beyond the bytes
// that remain, or beyond these, raises MARSHAL (marshal_length_too_large or
// marshal_limit_exceeded) without touching the heap.
struct DecodeLimits {
  std::uint32_t max_string_length = 16 * 1024 * 1024;    // bytes
  std::uint32_t max_sequence_length = 64 * 1024 * 1024;  // elements
  std::uint32_t max_nesting_depth = 64;                  // encapsulations, TypeCodes, anys
  std::uint32_t max_value_depth = 512;                   // values nested in values (a chain)
};

struct InputOptions {
  std::uint8_t giop_minor = 2;  // selects the wchar/wstring rules (1.0, 1.1, 1.2)
  CodeSetContext code_sets = {};
  DecodeLimits limits = {};
  // The ORB that object references read from this stream belong to (an rtorb::orb::OrbCore,
  // opaque to this layer); null where no ORB is known (references then raise MARSHAL).
  void* references = nullptr;
  // The factories of that ORB, for the values a TypeCode does not describe (the value of an
  // abstract interface inside an any); null where no ORB is known.
  ValueFactoryLookup value_factories = nullptr;
};

// Reads the CDR in `data`. Alignment is relative to the start of `data` (for a GIOP message,
// its first header byte; for an encapsulation, its byte-order octet). Every read checks the
// bytes that remain and raises CORBA::MARSHAL with a named minor code on a short buffer.
// The stream never owns memory; views it returns (read_string_view, read_octet_view,
// read_encapsulation) live as long as the buffer.
//
// A stream over a message still arriving (attach_rest) reads the rest on demand: reads past
// what has arrived receive more into the buffer, and read_array receives a large run of
// primitives straight into the caller's memory. The inline paths are unchanged: they compare
// against the end of what is readable instead of the end of the buffer.
class InputStream {
 public:
  using Options = InputOptions;

  InputStream(std::span<const std::uint8_t> data, ByteOrder order) noexcept
      : InputStream(data, order, Options{}) {}
  InputStream(std::span<const std::uint8_t> data, ByteOrder order, Options options) noexcept
      : data_(data),
        readable_(data.size()),
        order_(order),
        swap_(order != native_byte_order),
        options_(options) {}

  // `data` is a whole message of which only the part `rest` says has arrived may be read;
  // `rest` must outlive the stream and its copies.
  void attach_rest(MessageRest* rest) noexcept {
    rest_ = rest;
    readable_ = pos_;  // the first read asks the rest what is there
  }
  // True when the next `size` bytes are in the buffer: always, unless the stream reads a
  // message still arriving. A reader that would copy them out can instead read_array
  // them into its own storage, from the socket.
  bool buffered(std::size_t size) const noexcept { return size <= readable_ - pos_; }

  ByteOrder byte_order() const noexcept { return order_; }
  void set_byte_order(ByteOrder order) noexcept {
    order_ = order;
    swap_ = order != native_byte_order;
  }
  const Options& options() const noexcept { return options_; }
  void set_giop_minor(std::uint8_t minor) noexcept { options_.giop_minor = minor; }
  void set_code_sets(const CodeSetContext& code_sets) noexcept { options_.code_sets = code_sets; }
  void set_references(void* orb, ValueFactoryLookup value_factories) noexcept {
    options_.references = orb;
    options_.value_factories = value_factories;
  }
  const DecodeLimits& limits() const noexcept { return options_.limits; }
  std::uint32_t depth() const noexcept { return depth_; }

  // --- primitives ----------------------------------------------------------------------
  std::uint8_t read_octet() { return read_primitive<std::uint8_t>(); }
  bool read_boolean();  // 0 or 1; anything else is MARSHAL marshal_bad_boolean
  char read_char();
  std::int16_t read_short() { return read_primitive<std::int16_t>(); }
  std::uint16_t read_ushort() { return read_primitive<std::uint16_t>(); }
  std::int32_t read_long() { return read_primitive<std::int32_t>(); }
  std::uint32_t read_ulong() { return read_primitive<std::uint32_t>(); }
  std::int64_t read_longlong() { return read_primitive<std::int64_t>(); }
  std::uint64_t read_ulonglong() { return read_primitive<std::uint64_t>(); }
  float read_float() { return read_primitive<float>(); }
  double read_double() { return read_primitive<double>(); }
  long double read_long_double();
  wchar_t read_wchar();

  // --- strings -------------------------------------------------------------------------
  std::string read_string();
  // The string's bytes inside the buffer, without the NUL; no copy, no conversion.
  std::string_view read_string_view();
  std::wstring read_wstring();

  // --- sequences and bulk ----------------------------------------------------------------
  // Reads a sequence/array count and checks that count * min_element_size bytes remain and
  // that count is within max_sequence_length (and within `bound` when nonzero, raising
  // marshal_bound_exceeded). Call it before reserving storage for the elements.
  std::uint32_t read_length(std::size_t min_element_size, std::uint32_t bound = 0);

  template <class T>
  void read_array(T* out, std::size_t count) {
    static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool> &&
                  !std::is_same_v<T, long double>);
    if (count == 0) return;
    align(sizeof(T));
    const std::size_t size = count * sizeof(T);
    if (size > readable_ - pos_) [[unlikely]] {
      receive_array(out, size);
    } else {
      std::memcpy(out, data_.data() + pos_, size);
      pos_ += size;
    }
    if (swap_ && sizeof(T) > 1) {
      for (std::size_t i = 0; i < count; ++i) out[i] = byte_swap(out[i]);
    }
  }
  // `size` raw bytes viewed in the buffer.
  std::span<const std::uint8_t> read_raw(std::size_t size);

  // --- encapsulations ------------------------------------------------------------------
  // Reads ulong length + bytes and returns a stream over them that has read the byte-order
  // octet already. Nesting deeper than limits().max_nesting_depth raises
  // marshal_nesting_too_deep.
  InputStream read_encapsulation();
  // A stream over `bytes` that are themselves an encapsulation (e.g. a profile body).
  InputStream open_encapsulation(std::span<const std::uint8_t> bytes) const;
  // Call when entering a recursive structure (TypeCode, any) that is not an encapsulation.
  void enter_nested();
  void leave_nested() noexcept { --depth_; }

  // --- value types (value_codec.hpp) ----------------------------------------------------
  // What this stream has read of value types so far (the targets of indirections, the
  // chunk being read): made on first use, shared by copies of this stream (they read the
  // same buffer), never by the streams of encapsulations (indirections do not cross them).
  ValueDecoding& value_decoding();

  // --- position ------------------------------------------------------------------------
  void align(std::size_t alignment) {
    const std::size_t pad = (alignment - pos_ % alignment) % alignment;
    require(pad);
    pos_ += pad;
  }
  void skip(std::size_t size);
  std::size_t position() const noexcept { return pos_; }
  std::size_t remaining() const noexcept { return data_.size() - pos_; }
  std::span<const std::uint8_t> buffer() const noexcept { return data_; }
  void seek(std::size_t position);  // absolute, within the buffer (TypeCode indirection)

 private:
  template <class T>
  T read_primitive() {
    align(sizeof(T) > 8 ? 8 : sizeof(T));
    require(sizeof(T));
    T v;
    std::memcpy(&v, data_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return swap_ ? byte_swap(v) : v;
  }
  void require(std::size_t size) {
    if (size > readable_ - pos_) [[unlikely]] receive_or_fail(size);
  }
  // Beyond what is readable: the rest of the message if it is still arriving, MARSHAL
  // marshal_truncated if it is not there at all.
  void receive_or_fail(std::size_t size);
  void receive_array(void* out, std::size_t size);
  [[noreturn]] void fail_truncated(std::size_t wanted) const;

  std::span<const std::uint8_t> data_;
  std::size_t pos_ = 0;
  std::size_t readable_;  // [pos_, readable_) is in the buffer; data_.size() but for a rest
  MessageRest* rest_ = nullptr;
  ByteOrder order_;
  bool swap_;
  std::uint32_t depth_ = 0;
  Options options_;
  std::shared_ptr<ValueDecoding> values_;
};

}  // namespace rtorb::cdr
