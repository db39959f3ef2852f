// ExactTime's arithmetic: 128-bit intermediates, reduced results, overflow raised.
#include <numeric>
#include <rtorb/scheduling/exact_time.hpp>

namespace rtorb::scheduling {
namespace {

__extension__ typedef __int128 Wide;  // GCC and Clang; -Wpedantic knows it as an extension

std::int64_t narrow(Wide value) {
  if (value > INT64_MAX || value < INT64_MIN) throw TimeOverflow("time arithmetic overflows");
  return static_cast<std::int64_t>(value);
}

Wide gcd_wide(Wide a, Wide b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    const Wide rest = a % b;
    a = b;
    b = rest;
  }
  return a;
}

ExactTime reduced(Wide numerator, Wide denominator) {
  if (denominator < 0) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const Wide common = gcd_wide(numerator, denominator);
  if (common > 1) {
    numerator /= common;
    denominator /= common;
  }
  return ExactTime(narrow(numerator), narrow(denominator));
}

Wide floor_div(Wide a, Wide b) {  // b > 0
  Wide q = a / b;
  if ((a % b != 0) && (a < 0)) --q;
  return q;
}

}  // namespace

ExactTime::ExactTime(std::int64_t numerator, std::int64_t denominator) {
  if (denominator == 0) throw std::invalid_argument("zero denominator");
  Wide n = numerator;
  Wide d = denominator;
  if (d < 0) {
    n = -n;
    d = -d;
  }
  const Wide common = gcd_wide(n, d);
  numerator_ = narrow(common > 1 ? n / common : n);
  denominator_ = narrow(common > 1 ? d / common : d);
}

ExactTime operator+(const ExactTime& a, const ExactTime& b) {
  return reduced(Wide(a.numerator_) * b.denominator_ + Wide(b.numerator_) * a.denominator_,
                 Wide(a.denominator_) * b.denominator_);
}

ExactTime operator-(const ExactTime& a, const ExactTime& b) {
  return reduced(Wide(a.numerator_) * b.denominator_ - Wide(b.numerator_) * a.denominator_,
                 Wide(a.denominator_) * b.denominator_);
}

ExactTime operator*(const ExactTime& a, std::int64_t factor) {
  return reduced(Wide(a.numerator_) * factor, a.denominator_);
}

ExactTime operator/(const ExactTime& a, std::int64_t divisor) {
  if (divisor == 0) throw std::invalid_argument("division by zero");
  return reduced(a.numerator_, Wide(a.denominator_) * divisor);
}

ExactTime ratio(const ExactTime& a, const ExactTime& b) {
  if (b.numerator_ == 0) throw std::invalid_argument("division by zero");
  return reduced(Wide(a.numerator_) * b.denominator_, Wide(a.denominator_) * b.numerator_);
}

std::strong_ordering operator<=>(const ExactTime& a, const ExactTime& b) noexcept {
  return Wide(a.numerator_) * b.denominator_ <=> Wide(b.numerator_) * a.denominator_;
}

bool ExactTime::divides(const ExactTime& longer) const {
  if (!is_positive() || !longer.is_positive()) return false;
  const ExactTime quotient = ratio(longer, *this);
  return quotient.denominator_ == 1;
}

std::int64_t ExactTime::ceil_div(const ExactTime& other) const {
  const ExactTime quotient = ratio(*this, other);
  return narrow(-floor_div(-Wide(quotient.numerator_), quotient.denominator_));
}

std::int64_t ExactTime::round_to(const ExactTime& unit, bool* exact) const {
  const ExactTime quotient = ratio(*this, unit);
  if (exact) *exact = quotient.denominator_ == 1;
  const Wide doubled = Wide(quotient.numerator_) * 2;
  const Wide d = quotient.denominator_;
  const Wide half_up = doubled >= 0 ? (doubled + d) / (2 * d) : -((-doubled + d) / (2 * d));
  return narrow(half_up);
}

std::string ExactTime::to_milliseconds_string(int decimals) const {
  Wide scale = 1000;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  const Wide scaled_num = Wide(numerator_) * scale;
  const bool negative = scaled_num < 0;
  const Wide magnitude = negative ? -scaled_num : scaled_num;
  const Wide units = (magnitude * 2 + denominator_) / (Wide(denominator_) * 2);
  Wide divisor = 1;
  for (int i = 0; i < decimals; ++i) divisor *= 10;
  std::string whole = std::to_string(static_cast<long long>(units / divisor));
  if (negative && units != 0) whole = "-" + whole;
  if (decimals == 0) return whole;
  std::string fraction = std::to_string(static_cast<long long>(units % divisor));
  fraction.insert(0, static_cast<std::size_t>(decimals) - fraction.size(), '0');
  return whole + "." + fraction;
}

}  // namespace rtorb::scheduling
