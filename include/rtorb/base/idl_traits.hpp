// IDL::traits<T>: what the IDL to C++11 mapping says about each IDL type. Basic types,
// strings, sequences and arrays are described here (bounded ones in <rtorb/idl/bounded.hpp>);
// rtorb-idl specialises it for every enum, struct, union and exception it generates (adding
// repository_id and type_code()).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace IDL {

template <class T>
struct traits;

namespace detail {

template <class T, bool Bounded = false, std::uint32_t Bound = 0>
struct value_traits {
  using value_type = T;
  using in_type = std::conditional_t<std::is_arithmetic_v<T> || std::is_enum_v<T>, T, const T&>;
  using out_type = T&;
  using inout_type = T&;
  using is_bounded = std::bool_constant<Bounded>;
  using bound = std::integral_constant<std::uint32_t, Bound>;
};

}  // namespace detail

#define RTORB_IDL_BASIC_TRAITS(TYPE) \
  template <>                        \
  struct traits<TYPE> : detail::value_traits<TYPE> {};
RTORB_IDL_BASIC_TRAITS(bool)
RTORB_IDL_BASIC_TRAITS(char)
RTORB_IDL_BASIC_TRAITS(wchar_t)
RTORB_IDL_BASIC_TRAITS(std::uint8_t)
RTORB_IDL_BASIC_TRAITS(std::int16_t)
RTORB_IDL_BASIC_TRAITS(std::uint16_t)
RTORB_IDL_BASIC_TRAITS(std::int32_t)
RTORB_IDL_BASIC_TRAITS(std::uint32_t)
RTORB_IDL_BASIC_TRAITS(std::int64_t)
RTORB_IDL_BASIC_TRAITS(std::uint64_t)
RTORB_IDL_BASIC_TRAITS(float)
RTORB_IDL_BASIC_TRAITS(double)
RTORB_IDL_BASIC_TRAITS(long double)
RTORB_IDL_BASIC_TRAITS(std::string)
RTORB_IDL_BASIC_TRAITS(std::wstring)
#undef RTORB_IDL_BASIC_TRAITS

template <class T>
struct traits<std::vector<T>> : detail::value_traits<std::vector<T>> {
  using element_traits = traits<T>;
};

template <class T, std::size_t N>
struct traits<std::array<T, N>> : detail::value_traits<std::array<T, N>> {
  using element_traits = traits<T>;
  using dimension = std::integral_constant<std::size_t, N>;
};

}  // namespace IDL
