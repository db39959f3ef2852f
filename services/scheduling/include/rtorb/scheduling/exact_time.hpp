// ExactTime: a duration in seconds as an exact fraction, so 1/30 s divides 1/15 s and the
// response-time analysis adds and compares periods without rounding (docs/scheduling.md).
#pragma once

#include <compare>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace rtorb::scheduling {

// Raised when a sum or product leaves the 64-bit numerator or denominator; the analysis
// reports it as an anomaly rather than giving a rounded answer.
class TimeOverflow : public std::overflow_error {
 public:
  using std::overflow_error::overflow_error;
};

class ExactTime {
 public:
  constexpr ExactTime() = default;
  // numerator/denominator seconds; raises std::invalid_argument for a zero denominator.
  ExactTime(std::int64_t numerator, std::int64_t denominator);

  static ExactTime seconds(std::int64_t s) { return {s, 1}; }
  static ExactTime milliseconds(std::int64_t ms) { return {ms, 1000}; }
  static ExactTime microseconds(std::int64_t us) { return {us, 1000000}; }
  static ExactTime nanoseconds(std::int64_t ns) { return {ns, 1000000000}; }
  // One period of `hertz` events a second: 1/hertz s, exactly.
  static ExactTime period_of_hertz(std::int64_t hertz) { return {1, hertz}; }

  std::int64_t numerator() const noexcept { return numerator_; }
  std::int64_t denominator() const noexcept { return denominator_; }
  bool is_positive() const noexcept { return numerator_ > 0; }
  bool is_zero() const noexcept { return numerator_ == 0; }

  // Whether `longer` is a whole multiple of this (both positive): 1/30 s divides 1/5 s.
  bool divides(const ExactTime& longer) const;
  // ceil(this / other) for a positive `other`.
  std::int64_t ceil_div(const ExactTime& other) const;
  double to_seconds() const noexcept {
    return static_cast<double>(numerator_) / static_cast<double>(denominator_);
  }
  // The nearest whole count of `unit` (half away from zero), and whether it is exact.
  std::int64_t round_to(const ExactTime& unit, bool* exact = nullptr) const;

  // Milliseconds with `decimals` places, e.g. "33.333"; the places are rounded.
  std::string to_milliseconds_string(int decimals = 3) const;

  friend ExactTime operator+(const ExactTime& a, const ExactTime& b);
  friend ExactTime operator-(const ExactTime& a, const ExactTime& b);
  friend ExactTime operator*(const ExactTime& a, std::int64_t factor);
  friend ExactTime operator/(const ExactTime& a, std::int64_t divisor);
  // The ratio of two durations, as a fraction (a/b seconds per second).
  friend ExactTime ratio(const ExactTime& a, const ExactTime& b);
  ExactTime& operator+=(const ExactTime& other) { return *this = *this + other; }

  friend bool operator==(const ExactTime& a, const ExactTime& b) noexcept {
    return a.numerator_ == b.numerator_ && a.denominator_ == b.denominator_;
  }
  friend std::strong_ordering operator<=>(const ExactTime& a, const ExactTime& b) noexcept;

 private:
  // Always reduced, denominator positive: equal values compare equal member-wise.
  std::int64_t numerator_ = 0;
  std::int64_t denominator_ = 1;
};

}  // namespace rtorb::scheduling
