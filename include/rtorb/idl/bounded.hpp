// Bounded strings and sequences of the IDL to C++11 mapping: the standard containers with
// the bound carried in the type, so the codec can check it (BAD_PARAM when writing a value
// over its bound, MARSHAL when the peer sends one).
#pragma once

#include <rtorb/base/idl_traits.hpp>
#include <rtorb/cdr/codec.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace IDL {

template <class CharT, std::uint32_t N>
class bounded_basic_string : public std::basic_string<CharT> {
 public:
  using base_type = std::basic_string<CharT>;
  using base_type::base_type;
  bounded_basic_string() = default;
  bounded_basic_string(const base_type& s) : base_type(s) {}           // NOLINT: implicit by design
  bounded_basic_string(base_type&& s) noexcept : base_type(std::move(s)) {}  // NOLINT
  static constexpr std::uint32_t bound() noexcept { return N; }
};

template <std::uint32_t N>
using bounded_string = bounded_basic_string<char, N>;
template <std::uint32_t N>
using bounded_wstring = bounded_basic_string<wchar_t, N>;

template <class T, std::uint32_t N>
class bounded_vector : public std::vector<T> {
 public:
  using base_type = std::vector<T>;
  using base_type::base_type;
  bounded_vector() = default;
  bounded_vector(const base_type& v) : base_type(v) {}           // NOLINT: implicit by design
  bounded_vector(base_type&& v) noexcept : base_type(std::move(v)) {}  // NOLINT
  static constexpr std::uint32_t bound() noexcept { return N; }
};

template <class CharT, std::uint32_t N>
struct traits<bounded_basic_string<CharT, N>>
    : detail::value_traits<bounded_basic_string<CharT, N>, true, N> {};

template <class T, std::uint32_t N>
struct traits<bounded_vector<T, N>> : detail::value_traits<bounded_vector<T, N>, true, N> {
  using element_traits = traits<T>;
};

}  // namespace IDL

namespace rtorb::cdr {

template <std::uint32_t N>
struct Codec<IDL::bounded_basic_string<char, N>> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const IDL::bounded_basic_string<char, N>& v) {
    write_bounded_string(os, v, N);
  }
  static void read(InputStream& is, IDL::bounded_basic_string<char, N>& v) {
    v = read_bounded_string(is, N);
  }
};

template <std::uint32_t N>
struct Codec<IDL::bounded_basic_string<wchar_t, N>> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const IDL::bounded_basic_string<wchar_t, N>& v) {
    if (v.size() > N) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bound_exceeded,
                              "wstring of " + std::to_string(v.size()) + " exceeds its bound " +
                                  std::to_string(N));
    }
    os.write_wstring(v);
  }
  static void read(InputStream& is, IDL::bounded_basic_string<wchar_t, N>& v) {
    std::wstring s = is.read_wstring();
    if (s.size() > N) {
      raise<CORBA::MARSHAL>(minor::marshal_bound_exceeded,
                            "wstring of " + std::to_string(s.size()) + " exceeds its bound " +
                                std::to_string(N));
    }
    v = std::move(s);
  }
};

template <class T, std::uint32_t N>
struct Codec<IDL::bounded_vector<T, N>> {
  static constexpr std::size_t min_size = 4;
  static void write(OutputStream& os, const IDL::bounded_vector<T, N>& v) { write_sequence(os, v, N); }
  static void read(InputStream& is, IDL::bounded_vector<T, N>& v) { read_sequence(is, v, N); }
};

}  // namespace rtorb::cdr
