// Constant-expression arithmetic: exact integers, long double floats, decimal fixed.
#include "frontend/const_value.hpp"

#include <cmath>
#include <sstream>

#include "frontend/ast.hpp"

namespace rtorb::idl {

namespace {

constexpr Int128 int64_min = -(Int128(1) << 63);
constexpr Int128 uint64_max = (Int128(1) << 64) - 1;
constexpr int max_fixed_digits = 31;

std::string int128_to_string(Int128 value) {
  if (value == 0) return "0";
  const bool negative = value < 0;
  std::string out;
  while (value != 0) {
    const int digit = static_cast<int>(value % 10);
    out.insert(out.begin(), static_cast<char>('0' + (digit < 0 ? -digit : digit)));
    value /= 10;
  }
  return negative ? "-" + out : out;
}

Int128 power_of_ten(int n) {
  Int128 result = 1;
  for (int i = 0; i < n; ++i) result *= 10;
  return result;
}

bool fixed_fits(const FixedValue& value) { return value.digit_count() <= max_fixed_digits; }

ConstValue make_integer(Int128 v) {
  ConstValue out;
  out.kind = ValueKind::integer;
  out.integer = v;
  return out;
}

std::optional<ConstValue> integer_binary(const std::string& op, Int128 a, Int128 b,
                                         std::string& error) {
  Int128 r = 0;
  if (op == "+") r = a + b;
  else if (op == "-") r = a - b;
  else if (op == "*") {
    // Operands are within 65 bits; check before multiplying so the product cannot wrap.
    const Int128 limit = uint64_max;
    if (a != 0 && (b > limit / (a < 0 ? -a : a) || b < -(limit / (a < 0 ? -a : a)))) {
      error = "integer overflow in constant expression";
      return std::nullopt;
    }
    r = a * b;
  } else if (op == "/" || op == "%") {
    if (b == 0) {
      error = "division by zero in constant expression";
      return std::nullopt;
    }
    r = op == "/" ? a / b : a % b;
  } else if (op == "<<" || op == ">>") {
    if (b < 0 || b >= 64) {
      error = "shift count must be between 0 and 63";
      return std::nullopt;
    }
    if (op == ">>") {
      r = a >> static_cast<int>(b);
    } else if ((a < 0 ? -a : a) > (uint64_max >> static_cast<int>(b))) {
      error = "integer overflow in constant expression";
      return std::nullopt;
    } else {
      r = a * (Int128(1) << static_cast<int>(b));
    }
  } else if (op == "&") r = a & b;
  else if (op == "|") r = a | b;
  else if (op == "^") r = a ^ b;
  if (r < int64_min || r > uint64_max) {
    error = "integer overflow in constant expression";
    return std::nullopt;
  }
  return make_integer(r);
}

std::optional<ConstValue> float_binary(const std::string& op, long double a, long double b,
                                       std::string& error) {
  ConstValue out;
  out.kind = ValueKind::floating;
  if (op == "+") out.floating = a + b;
  else if (op == "-") out.floating = a - b;
  else if (op == "*") out.floating = a * b;
  else if (op == "/") {
    if (b == 0) {
      error = "division by zero in constant expression";
      return std::nullopt;
    }
    out.floating = a / b;
  } else {
    error = "operator '" + op + "' needs integer operands";
    return std::nullopt;
  }
  if (!std::isfinite(out.floating)) {
    error = "floating-point overflow in constant expression";
    return std::nullopt;
  }
  return out;
}

std::optional<ConstValue> fixed_binary(const std::string& op, FixedValue a, FixedValue b,
                                       std::string& error) {
  ConstValue out;
  out.kind = ValueKind::fixed;
  const int scale = a.scale > b.scale ? a.scale : b.scale;
  const auto align = [&](FixedValue& v) { v.digits *= power_of_ten(scale - v.scale); v.scale = scale; };
  if (op == "+" || op == "-") {
    align(a);
    align(b);
    out.fixed = FixedValue{op == "+" ? a.digits + b.digits : a.digits - b.digits, scale};
  } else if (op == "*") {
    out.fixed = FixedValue{a.digits * b.digits, a.scale + b.scale};
  } else if (op == "/") {
    if (b.digits == 0) {
      error = "division by zero in constant expression";
      return std::nullopt;
    }
    // Keep as many fractional digits as 31 total digits allow.
    Int128 numerator = a.digits;
    int extra = 0;
    while (extra < max_fixed_digits && FixedValue{numerator * 10, 0}.digit_count() <= max_fixed_digits) {
      numerator *= 10;
      ++extra;
    }
    out.fixed = FixedValue{numerator / b.digits, a.scale + extra - b.scale};
    while (out.fixed.scale < 0) {
      out.fixed.digits *= 10;
      ++out.fixed.scale;
    }
  } else {
    error = "operator '" + op + "' needs integer operands";
    return std::nullopt;
  }
  while (out.fixed.scale > 0 && out.fixed.digits % 10 == 0) {
    out.fixed.digits /= 10;
    --out.fixed.scale;
  }
  if (!fixed_fits(out.fixed)) {
    error = "fixed-point constant exceeds 31 digits";
    return std::nullopt;
  }
  return out;
}

}  // namespace

int FixedValue::digit_count() const {
  int count = 0;
  for (Int128 v = digits < 0 ? -digits : digits; v != 0; v /= 10) ++count;
  return count;
}

std::string FixedValue::to_string() const {
  std::string body = int128_to_string(digits < 0 ? -digits : digits);
  if (scale > 0) {
    while (static_cast<int>(body.size()) <= scale) body.insert(body.begin(), '0');
    body.insert(body.end() - scale, '.');
  }
  return (digits < 0 ? "-" : "") + body + "d";
}

std::optional<FixedValue> parse_fixed(const std::string& literal) {
  FixedValue value;
  bool after_point = false;
  for (char c : literal) {
    if (c == '.') {
      after_point = true;
      continue;
    }
    value.digits = value.digits * 10 + (c - '0');
    if (after_point) ++value.scale;
    if (value.digit_count() > max_fixed_digits) return std::nullopt;
  }
  while (value.scale > 0 && value.digits % 10 == 0) {
    value.digits /= 10;
    --value.scale;
  }
  return value;
}

const char* value_kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::integer: return "integer";
    case ValueKind::floating: return "floating-point";
    case ValueKind::fixed: return "fixed-point";
    case ValueKind::boolean: return "boolean";
    case ValueKind::character: return "character";
    case ValueKind::wide_character: return "wide character";
    case ValueKind::string: return "string";
    case ValueKind::wide_string: return "wide string";
    case ValueKind::enumerator: return "enumerator";
  }
  return "?";
}

std::string ConstValue::to_string() const {
  switch (kind) {
    case ValueKind::integer: return int128_to_string(integer);
    case ValueKind::floating: {
      std::ostringstream out;
      out.precision(17);
      out << static_cast<double>(floating);
      return out.str();
    }
    case ValueKind::fixed: return fixed.to_string();
    case ValueKind::boolean: return boolean ? "TRUE" : "FALSE";
    case ValueKind::character:
    case ValueKind::wide_character: {
      const bool plain = integer >= 0x20 && integer < 0x7F && integer != '\'' && integer != '\\';
      const std::string body = plain ? std::string(1, static_cast<char>(integer))
                                     : "\\u" + int128_to_string(integer);
      return (kind == ValueKind::wide_character ? "L'" : "'") + body + "'";
    }
    case ValueKind::string: return "\"" + text + "\"";
    case ValueKind::wide_string: return "L\"" + text + "\"";
    case ValueKind::enumerator: return enumerator ? enumerator->scoped_name() : "?";
  }
  return "?";
}

std::optional<ConstValue> apply_unary(char op, const ConstValue& operand, std::string& error) {
  ConstValue out = operand;
  if (operand.kind == ValueKind::integer) {
    if (op == '-') out.integer = -operand.integer;
    if (op == '~') out.integer = -operand.integer - 1;  // two's complement in the signed view
    if (out.integer < int64_min || out.integer > uint64_max) {
      error = "integer overflow in constant expression";
      return std::nullopt;
    }
    return out;
  }
  if (op == '~') {
    error = "operator '~' needs an integer operand";
    return std::nullopt;
  }
  if (operand.kind == ValueKind::floating) {
    if (op == '-') out.floating = -operand.floating;
    return out;
  }
  if (operand.kind == ValueKind::fixed) {
    if (op == '-') out.fixed.digits = -operand.fixed.digits;
    return out;
  }
  error = std::string("operator '") + op + "' needs a numeric operand, not a " +
          value_kind_name(operand.kind);
  return std::nullopt;
}

std::optional<ConstValue> apply_binary(const std::string& op, const ConstValue& left_in,
                                       const ConstValue& right_in, std::string& error) {
  // An integer meeting a floating-point operand is promoted, as C and other IDL compilers do.
  ConstValue left = left_in;
  ConstValue right = right_in;
  for (auto* side : {&left, &right}) {
    const ConstValue& other = side == &left ? right_in : left_in;
    if (side->kind == ValueKind::integer && other.kind == ValueKind::floating) {
      side->kind = ValueKind::floating;
      side->floating = static_cast<long double>(side->integer);
    }
  }
  if (left.kind != right.kind) {
    error = std::string("operands of '") + op + "' have different types (" +
            value_kind_name(left.kind) + " and " + value_kind_name(right.kind) + ")";
    return std::nullopt;
  }
  switch (left.kind) {
    case ValueKind::integer: return integer_binary(op, left.integer, right.integer, error);
    case ValueKind::floating: return float_binary(op, left.floating, right.floating, error);
    case ValueKind::fixed: return fixed_binary(op, left.fixed, right.fixed, error);
    default: break;
  }
  error = std::string("operator '") + op + "' is not defined for " + value_kind_name(left.kind) +
          " operands";
  return std::nullopt;
}

}  // namespace rtorb::idl
