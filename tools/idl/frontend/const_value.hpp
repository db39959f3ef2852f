// Values of IDL constant expressions, with the arithmetic and range checks the spec asks for.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace rtorb::idl {

// Wide enough for every value of every IDL integer type (-2^63 .. 2^64-1) plus one
// operation's overflow, so range checks are exact.
__extension__ using Int128 = __int128;

struct EnumeratorDecl;

enum class ValueKind { integer, floating, fixed, boolean, character, wide_character, string,
                       wide_string, enumerator };

// A fixed-point value: digits * 10^-scale, at most 31 significant digits.
struct FixedValue {
  Int128 digits = 0;
  int scale = 0;
  [[nodiscard]] std::string to_string() const;
  [[nodiscard]] int digit_count() const;
};

struct ConstValue {
  ValueKind kind = ValueKind::integer;
  Int128 integer = 0;                    // integer; character code points
  long double floating = 0;
  FixedValue fixed;
  bool boolean = false;
  std::string text;                      // string, wide_string (UTF-8)
  const EnumeratorDecl* enumerator = nullptr;

  [[nodiscard]] std::string to_string() const;  // IDL spelling, for dumps and messages
};

const char* value_kind_name(ValueKind kind);

// Arithmetic on constant values. Each returns std::nullopt and sets `error` when the
// operation is not defined for the operands or overflows the 64-bit integer range.
std::optional<ConstValue> apply_unary(char op, const ConstValue& operand, std::string& error);
std::optional<ConstValue> apply_binary(const std::string& op, const ConstValue& left,
                                       const ConstValue& right, std::string& error);

// Parses a fixed-point literal's digits ("123.45"); nullopt when over 31 digits.
std::optional<FixedValue> parse_fixed(const std::string& digits);

}  // namespace rtorb::idl
