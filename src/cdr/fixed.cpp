// Fixed-point decimal parsing, printing and packed-BCD marshaling.
#include <rtorb/cdr/fixed.hpp>

#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <vector>

namespace rtorb::cdr {
namespace {

[[noreturn]] void bad_fixed(const std::string& why) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_fixed, why);
}

void check_type(std::uint16_t digits, std::int16_t scale) {
  if (digits == 0 || digits > Fixed::max_digits || scale < 0 || scale > digits) {
    bad_fixed("fixed<" + std::to_string(digits) + "," + std::to_string(scale) +
              "> is not a valid fixed type");
  }
}

constexpr std::uint8_t positive_sign = 0xC;
constexpr std::uint8_t negative_sign = 0xD;

}  // namespace

Fixed::Fixed(std::string_view text) {
  const std::string original(text);
  if (!text.empty() && (text.back() == 'd' || text.back() == 'D')) text.remove_suffix(1);
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative_ = text[0] == '-';
    text.remove_prefix(1);
  }
  bool seen_point = false;
  bool seen_digit = false;
  for (const char c : text) {
    if (c == '.' && !seen_point) {
      seen_point = true;
    } else if (c >= '0' && c <= '9') {
      digits_ += c;
      seen_digit = true;
      if (seen_point) ++scale_;
    } else {
      bad_fixed("\"" + original + "\" is not a fixed-point literal");
    }
  }
  if (!seen_digit) bad_fixed("\"" + original + "\" has no digits");
  normalise();
  if (digits_.size() > max_digits) bad_fixed("\"" + original + "\" has more than 31 digits");
}

void Fixed::normalise() {
  const std::size_t integer_digits = digits_.size() - scale_;
  std::size_t leading = 0;
  while (leading < integer_digits && digits_[leading] == '0') ++leading;
  digits_.erase(0, leading);
  if (std::all_of(digits_.begin(), digits_.end(), [](char c) { return c == '0'; })) {
    negative_ = false;
  }
}

std::string Fixed::to_string() const {
  std::string out = negative_ ? "-" : "";
  const std::size_t integer_digits = digits_.size() - scale_;
  out += integer_digits == 0 ? std::string("0") : digits_.substr(0, integer_digits);
  if (scale_ > 0) out += "." + digits_.substr(integer_digits);
  return out;
}

Fixed Fixed::rescaled(std::uint16_t scale) const {
  Fixed r = *this;
  if (scale < scale_) {
    r.digits_.resize(digits_.size() - (scale_ - scale));
  } else {
    r.digits_.append(scale - scale_, '0');
  }
  r.scale_ = scale;
  r.normalise();
  return r;
}

bool operator==(const Fixed& a, const Fixed& b) noexcept {
  const std::uint16_t scale = std::max(a.scale_, b.scale_);
  const Fixed x = a.rescaled(scale);
  const Fixed y = b.rescaled(scale);
  return x.negative_ == y.negative_ && x.digits_ == y.digits_;
}

void write_fixed(OutputStream& os, const Fixed& value, std::uint16_t digits, std::int16_t scale) {
  check_type(digits, scale);
  const Fixed v = value.rescaled(static_cast<std::uint16_t>(scale));
  const std::string text = v.to_string();
  std::string all;
  for (const char c : text) {
    if (c >= '0' && c <= '9') all += c;
  }
  all.erase(0, std::min(all.find_first_not_of('0'), all.size()));  // "0.05" -> "5"
  if (all.size() > digits) {
    bad_fixed(value.to_string() + " does not fit fixed<" + std::to_string(digits) + "," +
              std::to_string(scale) + ">");
  }
  // Nibbles: an optional zero pad so the total is even, the digits, the sign.
  std::vector<std::uint8_t> nibbles(digits % 2 == 0 ? 1 : 0, 0);
  nibbles.insert(nibbles.end(), digits - all.size(), 0);
  for (const char c : all) nibbles.push_back(static_cast<std::uint8_t>(c - '0'));
  nibbles.push_back(v.is_negative() ? negative_sign : positive_sign);
  std::vector<std::uint8_t> octets(nibbles.size() / 2);
  for (std::size_t i = 0; i < octets.size(); ++i) {
    octets[i] = static_cast<std::uint8_t>(nibbles[2 * i] << 4 | nibbles[2 * i + 1]);
  }
  os.write_raw(octets.data(), octets.size());
}

Fixed read_fixed(InputStream& is, std::uint16_t digits, std::int16_t scale) {
  check_type(digits, scale);
  const auto raw = is.read_raw(digits / 2 + 1);
  std::string text;
  for (std::size_t i = 0; i < raw.size() * 2 - 1; ++i) {
    const std::uint8_t nibble = i % 2 == 0 ? raw[i / 2] >> 4 : raw[i / 2] & 0xF;
    const bool pad = digits % 2 == 0 && i == 0;
    if (nibble > 9 || (pad && nibble != 0)) {
      raise<CORBA::MARSHAL>(minor::marshal_bad_fixed,
                            "fixed nibble " + std::to_string(nibble) + " at position " +
                                std::to_string(i) + " is not a decimal digit");
    }
    if (!pad) text += static_cast<char>('0' + nibble);
  }
  const std::uint8_t sign = raw.back() & 0xF;
  if (sign != positive_sign && sign != negative_sign) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_fixed,
                          "fixed sign nibble " + std::to_string(sign) + " is neither 0xC nor 0xD");
  }
  text.insert(text.size() - static_cast<std::size_t>(scale), ".");
  if (sign == negative_sign) text.insert(0, "-");
  return Fixed(text);
}

}  // namespace rtorb::cdr
