// IDL fixed-point decimal values and their CDR form (packed BCD, CORBA 3.x 9.3.2.8).
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace rtorb::cdr {

// A decimal number of at most 31 significant digits with `scale` of them after the point.
// Immutable; trailing fraction zeros are kept ("1.50" has 3 digits, scale 2) but do not
// affect equality.
class Fixed {
 public:
  static constexpr std::uint16_t max_digits = 31;

  Fixed() = default;  // zero
  // Parses [+-]digits[.digits][d|D]. Raises BAD_PARAM (bad_param_bad_fixed) on bad syntax or
  // more than 31 significant digits.
  explicit Fixed(std::string_view text);

  // "-123.45"; "0" for zero; "0.05" keeps the leading zero.
  std::string to_string() const;
  std::uint16_t fixed_digits() const noexcept { return static_cast<std::uint16_t>(digits_.size()); }
  std::uint16_t fixed_scale() const noexcept { return scale_; }
  bool is_negative() const noexcept { return negative_; }
  // This value with exactly `scale` fraction digits: extra digits are truncated, missing
  // ones are zeros.
  Fixed rescaled(std::uint16_t scale) const;

  friend bool operator==(const Fixed& a, const Fixed& b) noexcept;

 private:
  void normalise();
  std::string digits_;      // '0'-'9', most significant first, no leading zeros
  std::uint16_t scale_ = 0;  // how many of digits_ are after the point
  bool negative_ = false;
};

// fixed<digits, scale> on the wire: digits/2 + 1 octets of BCD, a leading zero nibble when
// `digits` is even, and a sign nibble (0xC positive, 0xD negative) last. Writing raises
// BAD_PARAM (bad_param_bad_fixed) when the value's integer part needs more than
// digits - scale digits, or digits/scale are out of range; extra fraction digits are
// truncated. Reading raises MARSHAL (marshal_bad_fixed) for a nibble that is not a digit,
// a bad sign or a nonzero pad nibble.
void write_fixed(OutputStream& os, const Fixed& value, std::uint16_t digits, std::int16_t scale);
Fixed read_fixed(InputStream& is, std::uint16_t digits, std::int16_t scale);

}  // namespace rtorb::cdr
