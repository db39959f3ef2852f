// Generic CDR encoding of constructed types: sequences (bounded and unbounded), arrays and
// enums, built on the stream primitives. Generated code and hand-written codecs specialise
// Codec<T> for structs, unions and exceptions; the templates here compose them.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/base/raise.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace rtorb::cdr {

// Codec<T>::write(OutputStream&, const T&) and Codec<T>::read(InputStream&, T&).
// `min_size` is the fewest bytes one encoded T can take: what read_length() checks a count
// against before a vector is sized.
template <class T, class Enable = void>
struct Codec;

template <class T>
inline constexpr bool is_bulk_primitive_v =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char> &&
    !std::is_same_v<T, wchar_t> && !std::is_same_v<T, long double>;

#define RTORB_PRIMITIVE_CODEC(TYPE, SUFFIX)                                         \
  template <>                                                                       \
  struct Codec<TYPE> {                                                              \
    static constexpr std::size_t min_size = sizeof(TYPE) > 8 ? 16 : sizeof(TYPE);   \
    static void write(OutputStream& os, TYPE v) { os.write_##SUFFIX(v); }           \
    static void read(InputStream& is, TYPE& v) { v = is.read_##SUFFIX(); }          \
  };
RTORB_PRIMITIVE_CODEC(bool, boolean)
RTORB_PRIMITIVE_CODEC(char, char)
RTORB_PRIMITIVE_CODEC(std::uint8_t, octet)
RTORB_PRIMITIVE_CODEC(std::int16_t, short)
RTORB_PRIMITIVE_CODEC(std::uint16_t, ushort)
RTORB_PRIMITIVE_CODEC(std::int32_t, long)
RTORB_PRIMITIVE_CODEC(std::uint32_t, ulong)
RTORB_PRIMITIVE_CODEC(std::int64_t, longlong)
RTORB_PRIMITIVE_CODEC(std::uint64_t, ulonglong)
RTORB_PRIMITIVE_CODEC(float, float)
RTORB_PRIMITIVE_CODEC(double, double)
RTORB_PRIMITIVE_CODEC(long double, long_double)
#undef RTORB_PRIMITIVE_CODEC

template <>
struct Codec<wchar_t> {
  static constexpr std::size_t min_size = 1;
  static void write(OutputStream& os, wchar_t v) { os.write_wchar(v); }
  static void read(InputStream& is, wchar_t& v) { v = is.read_wchar(); }
};

template <>
struct Codec<std::string> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const std::string& v) { os.write_string(v); }
  static void read(InputStream& is, std::string& v) { v = is.read_string(); }
};

template <>
struct Codec<std::wstring> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const std::wstring& v) { os.write_wstring(v); }
  static void read(InputStream& is, std::wstring& v) { v = is.read_wstring(); }
};

// IDL enums map to `enum class E : uint32_t`; the codec needs the number of enumerators
// to refuse out-of-range values, which generated code supplies through this trait.
template <class E>
struct EnumTraits;  // static constexpr std::uint32_t count;

template <class E>
struct Codec<E, std::enable_if_t<std::is_enum_v<E>>> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, E v) { os.write_ulong(static_cast<std::uint32_t>(v)); }
  static void read(InputStream& is, E& v) {
    const std::uint32_t raw = is.read_ulong();
    if (raw >= EnumTraits<E>::count) {
      raise<CORBA::MARSHAL>(minor::marshal_bad_enum,
                            "enum value " + std::to_string(raw) + " out of range 0.." +
                                std::to_string(EnumTraits<E>::count - 1));
    }
    v = static_cast<E>(raw);
  }
};

// --- sequences --------------------------------------------------------------------------

// `bound` 0 means unbounded. A bounded sequence longer than its bound raises BAD_PARAM on
// write (the caller's fault) and MARSHAL on read (the peer's).
template <class T>
void write_sequence(OutputStream& os, const std::vector<T>& v, std::uint32_t bound = 0) {
  if (bound != 0 && v.size() > bound) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bound_exceeded,
                            "sequence of " + std::to_string(v.size()) + " exceeds its bound " +
                                std::to_string(bound));
  }
  os.write_ulong(static_cast<std::uint32_t>(v.size()));
  if constexpr (is_bulk_primitive_v<T>) {
    os.write_array(v.data(), v.size());
  } else {
    for (const T& e : v) Codec<T>::write(os, e);
  }
}

namespace detail {

// `count` primitives from the stream into `v` with one copy out of the message buffer.
// resize() would first zero every element, a second pass over a large sequence; assign()
// from the bytes does not. The bytes are viewed as T only where the buffer is aligned for
// T (it is a byte array, which may hold objects of any type since C++20, P0593), and
// assign() copies trivially copyable elements with memmove; a misaligned buffer takes the
// resize-and-memcpy path. Elements of a message still arriving are received into `v`
// itself: the zero-fill is then the only pass before the kernel's copy.
template <class T>
void read_bulk(InputStream& is, std::vector<T>& v, std::uint32_t count) {
  if (count == 0) {
    v.clear();  // no elements, no padding
    return;
  }
  is.align(sizeof(T));
  const std::size_t size = std::size_t{count} * sizeof(T);
  if (!is.buffered(size) && size <= is.remaining()) {
    v.resize(count);
    is.read_array(v.data(), count);
    return;
  }
  const std::span<const std::uint8_t> bytes = is.read_raw(size);
  if (reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(T) == 0) {
    const T* first = reinterpret_cast<const T*>(bytes.data());
    v.assign(first, first + count);
  } else {
    v.resize(count);
    std::memcpy(v.data(), bytes.data(), bytes.size());
  }
  if constexpr (sizeof(T) > 1) {
    if (is.byte_order() != native_byte_order) {
      for (T& e : v) e = byte_swap(e);
    }
  }
}

}  // namespace detail

template <class T>
void read_sequence(InputStream& is, std::vector<T>& v, std::uint32_t bound = 0) {
  const std::uint32_t count = is.read_length(Codec<T>::min_size, bound);
  if constexpr (is_bulk_primitive_v<T>) {
    detail::read_bulk(is, v, count);
  } else {
    v.clear();
    v.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
      T e{};
      Codec<T>::read(is, e);
      v.push_back(std::move(e));
    }
  }
}

template <class T>
struct Codec<std::vector<T>> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const std::vector<T>& v) { write_sequence(os, v); }
  static void read(InputStream& is, std::vector<T>& v) { read_sequence(is, v); }
};

// Bounded strings: same wire form as unbounded, with the bound enforced.
void write_bounded_string(OutputStream& os, std::string_view s, std::uint32_t bound);
std::string read_bounded_string(InputStream& is, std::uint32_t bound);

// --- arrays (fixed length, no count on the wire) ---------------------------------------

template <class T, std::size_t N>
struct Codec<std::array<T, N>> {
  static constexpr std::size_t min_size = N * Codec<T>::min_size;
  static void write(OutputStream& os, const std::array<T, N>& a) {
    if constexpr (is_bulk_primitive_v<T>) {
      os.write_array(a.data(), N);
    } else {
      for (const T& e : a) Codec<T>::write(os, e);
    }
  }
  static void read(InputStream& is, std::array<T, N>& a) {
    if constexpr (is_bulk_primitive_v<T>) {
      is.read_array(a.data(), N);
    } else {
      for (T& e : a) Codec<T>::read(is, e);
    }
  }
};

template <class T>
void write(OutputStream& os, const T& v) {
  Codec<T>::write(os, v);
}
template <class T>
T read(InputStream& is) {
  T v{};
  Codec<T>::read(is, v);
  return v;
}

}  // namespace rtorb::cdr
