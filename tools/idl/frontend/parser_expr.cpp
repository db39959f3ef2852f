// Parser: constant expressions, their evaluation and conversion to the declared type.
#include <algorithm>

#include "frontend/parser.hpp"

namespace rtorb::idl {

struct Expr {
  enum class Kind { literal, name, unary, binary };
  Kind kind = Kind::literal;
  SourceLocation where;
  ConstValue value;            // literal
  ScopedName name;             // name
  std::string op;              // unary, binary
  std::unique_ptr<Expr> left;  // unary operand or binary left
  std::unique_ptr<Expr> right;
};

namespace {

constexpr Int128 int64_min = -(Int128(1) << 63);

// Operators by precedence level, loosest first.
const std::vector<std::vector<std::string>> binary_levels = {
    {"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};

struct IntegerRange {
  Int128 min;
  Int128 max;
};

std::optional<IntegerRange> integer_range(PrimitiveKind kind) {
  switch (kind) {
    case PrimitiveKind::octet: return IntegerRange{0, 255};
    case PrimitiveKind::int16: return IntegerRange{-32768, 32767};
    case PrimitiveKind::uint16: return IntegerRange{0, 65535};
    case PrimitiveKind::int32: return IntegerRange{-(Int128(1) << 31), (Int128(1) << 31) - 1};
    case PrimitiveKind::uint32: return IntegerRange{0, (Int128(1) << 32) - 1};
    case PrimitiveKind::int64: return IntegerRange{int64_min, (Int128(1) << 63) - 1};
    case PrimitiveKind::uint64: return IntegerRange{0, (Int128(1) << 64) - 1};
    default: return std::nullopt;
  }
}

}  // namespace

std::unique_ptr<Expr> Parser::parse_expr() { return parse_binary(0); }

void Parser::skip_expr() { parse_expr(); }

std::unique_ptr<Expr> Parser::parse_binary(int level) {
  if (level == static_cast<int>(binary_levels.size())) return parse_unary();
  auto left = parse_binary(level + 1);
  for (;;) {
    const Token& token = peek();
    const auto& ops = binary_levels[static_cast<std::size_t>(level)];
    if (token.kind != TokenKind::punctuation ||
        std::find(ops.begin(), ops.end(), token.text) == ops.end()) {
      return left;
    }
    auto node = std::make_unique<Expr>();
    node->kind = Expr::Kind::binary;
    node->where = token.where;
    node->op = take().text;
    node->left = std::move(left);
    node->right = parse_binary(level + 1);
    left = std::move(node);
  }
}

std::unique_ptr<Expr> Parser::parse_unary() {
  if (at_punct("-") || at_punct("+") || at_punct("~")) {
    auto node = std::make_unique<Expr>();
    node->kind = Expr::Kind::unary;
    node->where = peek().where;
    node->op = take().text;
    node->left = parse_unary();
    return node;
  }
  return parse_primary();
}

std::unique_ptr<Expr> Parser::parse_primary() {
  auto node = std::make_unique<Expr>();
  node->where = peek().where;
  if (accept_punct("(")) {
    node = parse_expr();
    expect_punct(")");
    return node;
  }
  if (peek().kind == TokenKind::identifier || at_punct("::")) {
    node->kind = Expr::Kind::name;
    node->name = parse_scoped_name();
    return node;
  }
  ConstValue& value = node->value;
  const Token token = peek();
  switch (token.kind) {
    case TokenKind::integer: value.integer = token.integer_value; break;
    case TokenKind::floating:
      value.kind = ValueKind::floating;
      value.floating = token.float_value;
      break;
    case TokenKind::fixed: {
      value.kind = ValueKind::fixed;
      const auto fixed = parse_fixed(token.text);
      if (!fixed) fail(token.where, "fixed-point literal exceeds 31 digits");
      value.fixed = *fixed;
      break;
    }
    case TokenKind::character:
    case TokenKind::wide_character:
      value.kind = token.kind == TokenKind::character ? ValueKind::character : ValueKind::wide_character;
      value.integer = token.integer_value;
      break;
    case TokenKind::string:
    case TokenKind::wide_string:
      value.kind = token.kind == TokenKind::string ? ValueKind::string : ValueKind::wide_string;
      value.text = token.text;
      break;
    case TokenKind::keyword:
      if (token.text == "TRUE" || token.text == "FALSE") {
        value.kind = ValueKind::boolean;
        value.boolean = token.text == "TRUE";
        break;
      }
      [[fallthrough]];
    default:
      fail_expected("a constant expression");
  }
  take();
  return node;
}

std::optional<ConstValue> Parser::evaluate(const Expr& expr) {
  std::string error;
  std::optional<ConstValue> result;
  switch (expr.kind) {
    case Expr::Kind::literal: return expr.value;
    case Expr::Kind::name: {
      Decl* decl = lookup(expr.name);
      if (decl == nullptr) return std::nullopt;
      if (const auto* constant = decl->as<ConstDecl>()) return constant->value;
      if (const auto* enumerator = decl->as<EnumeratorDecl>()) {
        ConstValue value;
        value.kind = ValueKind::enumerator;
        value.enumerator = enumerator;
        return value;
      }
      sink_.error(expr.where, "'" + expr.name.to_string() + "' is not a constant");
      return std::nullopt;
    }
    case Expr::Kind::unary: {
      const auto operand = evaluate(*expr.left);
      if (!operand) return std::nullopt;
      if (expr.op == "+" && operand->kind != ValueKind::integer && operand->kind != ValueKind::floating &&
          operand->kind != ValueKind::fixed) {
        error = std::string("operator '+' needs a numeric operand, not a ") + value_kind_name(operand->kind);
      } else {
        result = apply_unary(expr.op[0], *operand, error);
      }
      break;
    }
    case Expr::Kind::binary: {
      const auto left = evaluate(*expr.left);
      const auto right = evaluate(*expr.right);
      if (!left || !right) return std::nullopt;
      result = apply_binary(expr.op, *left, *right, error);
      break;
    }
  }
  if (!result) sink_.error(expr.where, error);
  return result;
}

std::optional<ConstValue> Parser::convert(const ConstValue& value, const Type& declared,
                                          const SourceLocation& where) {
  const Type& target = resolve_alias(declared);
  const auto mismatch = [&]() -> std::optional<ConstValue> {
    sink_.error(where, std::string("cannot use a ") + value_kind_name(value.kind) +
                           " value as a constant of type '" + type_name(declared) + "'");
    return std::nullopt;
  };
  ConstValue out = value;
  if (target.kind == TypeKind::string || target.kind == TypeKind::wide_string) {
    const ValueKind wanted = target.kind == TypeKind::string ? ValueKind::string : ValueKind::wide_string;
    if (value.kind != wanted) return mismatch();
    if (target.bound && value.text.size() > target.bound) {
      sink_.error(where, "string constant is longer than the bound " + std::to_string(target.bound));
      return std::nullopt;
    }
    return out;
  }
  if (target.kind == TypeKind::fixed) {
    if (value.kind == ValueKind::integer) {
      out.kind = ValueKind::fixed;
      out.fixed = FixedValue{value.integer, 0};
    } else if (value.kind != ValueKind::fixed) {
      return mismatch();
    }
    if (target.digits && (out.fixed.scale > target.scale ||
                          out.fixed.digit_count() - out.fixed.scale > target.digits - target.scale)) {
      sink_.error(where, "value " + out.fixed.to_string() + " does not fit in " + type_name(declared));
      return std::nullopt;
    }
    return out;
  }
  if (target.kind == TypeKind::named) {
    const auto* enumeration = target.declaration->as<EnumDecl>();
    if (value.kind != ValueKind::enumerator || enumeration == nullptr || value.enumerator->owner != enumeration) {
      sink_.error(where, "expected an enumerator of '" + type_name(declared) + "'");
      return std::nullopt;
    }
    return out;
  }
  if (target.kind != TypeKind::primitive) return mismatch();
  switch (target.primitive) {
    case PrimitiveKind::boolean:
      return value.kind == ValueKind::boolean ? std::optional(out) : mismatch();
    case PrimitiveKind::character:
      return value.kind == ValueKind::character ? std::optional(out) : mismatch();
    case PrimitiveKind::wide_character:
      if (value.kind == ValueKind::character) out.kind = ValueKind::wide_character;
      return out.kind == ValueKind::wide_character ? std::optional(out) : mismatch();
    case PrimitiveKind::float32:
    case PrimitiveKind::float64:
    case PrimitiveKind::float128:
      if (value.kind == ValueKind::integer) {
        out.kind = ValueKind::floating;
        out.floating = static_cast<long double>(value.integer);
      }
      if (out.kind != ValueKind::floating) return mismatch();
      if (target.primitive == PrimitiveKind::float32 && (out.floating > 3.40282347e38L || out.floating < -3.40282347e38L)) {
        sink_.error(where, "value " + out.to_string() + " overflows 'float'");
        return std::nullopt;
      }
      return out;
    default:
      break;
  }
  const auto range = integer_range(target.primitive);
  if (!range || value.kind != ValueKind::integer) return mismatch();
  if (value.integer < range->min || value.integer > range->max) {
    sink_.error(where, "value " + value.to_string() + " is out of range for '" + type_name(declared) + "'");
    return std::nullopt;
  }
  return out;
}

std::optional<ConstValue> Parser::parse_const_value(const Type& target) {
  const SourceLocation where = peek().where;
  const auto expr = parse_expr();
  const auto value = evaluate(*expr);
  return value ? convert(*value, target, where) : std::nullopt;
}

std::uint64_t Parser::parse_positive_int(const char* what, bool allow_zero) {
  auto type = std::make_unique<Type>();
  type->primitive = PrimitiveKind::uint64;
  const SourceLocation where = peek().where;
  const auto value = parse_const_value(*type);
  if (!value) return 1;
  if (value->integer == 0 && !allow_zero) {
    sink_.error(where, std::string(what) + " must be positive");
    return 1;
  }
  return static_cast<std::uint64_t>(value->integer);
}

}  // namespace rtorb::idl
