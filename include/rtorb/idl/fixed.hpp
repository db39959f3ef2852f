// fixed<digits, scale> of the mapping: rtorb::cdr::Fixed with its digits and scale in the
// type, which the CDR form needs (the wire carries no digit count).
#pragma once

#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/fixed.hpp>

#include <cstdint>

namespace IDL {

template <std::uint16_t Digits, std::int16_t Scale>
class fixed : public rtorb::cdr::Fixed {
 public:
  using Fixed::Fixed;
  fixed() = default;
  fixed(const Fixed& f) : Fixed(f) {}  // NOLINT: implicit by design
  static constexpr std::uint16_t digits() noexcept { return Digits; }
  static constexpr std::int16_t scale() noexcept { return Scale; }
};

}  // namespace IDL

namespace rtorb::cdr {

template <std::uint16_t Digits, std::int16_t Scale>
struct Codec<IDL::fixed<Digits, Scale>> {
  static constexpr std::size_t min_size = Digits / 2 + 1;
  static void write(OutputStream& os, const IDL::fixed<Digits, Scale>& v) {
    write_fixed(os, v, Digits, Scale);
  }
  static void read(InputStream& is, IDL::fixed<Digits, Scale>& v) {
    v = read_fixed(is, Digits, Scale);
  }
};

}  // namespace rtorb::cdr
