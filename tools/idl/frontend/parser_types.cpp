// Parser: type specifications and the declarations built from them (struct, union, enum,
// typedef, const, exception, native).
#include <algorithm>

#include "frontend/parser.hpp"

namespace rtorb::idl {

namespace {

std::unique_ptr<Type> primitive(PrimitiveKind kind) {
  auto type = std::make_unique<Type>();
  type->kind = TypeKind::primitive;
  type->primitive = kind;
  return type;
}

bool is_type_decl(const Decl& decl) {
  switch (decl.kind) {
    case DeclKind::typedef_decl: case DeclKind::structure: case DeclKind::union_type:
    case DeclKind::enumeration: case DeclKind::interface: case DeclKind::forward:
    case DeclKind::value_type: case DeclKind::value_box: case DeclKind::native:
      return true;
    default:
      return false;
  }
}

bool is_discriminator(const Type& type) {
  if (type.kind == TypeKind::named) return type.declaration && type.declaration->kind == DeclKind::enumeration;
  if (type.kind != TypeKind::primitive) return false;
  switch (type.primitive) {
    case PrimitiveKind::boolean: case PrimitiveKind::octet: case PrimitiveKind::character:
    case PrimitiveKind::wide_character: case PrimitiveKind::int16: case PrimitiveKind::uint16:
    case PrimitiveKind::int32: case PrimitiveKind::uint32: case PrimitiveKind::int64:
    case PrimitiveKind::uint64:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::unique_ptr<Type> Parser::parse_type_spec(ScopeDecl& into) {
  if (at_keyword("struct")) return named(&parse_struct(into));
  if (at_keyword("union")) return named(&parse_union(into));
  if (at_keyword("enum")) return named(&parse_enum(into));
  return parse_simple_type();
}

std::unique_ptr<Type> Parser::parse_simple_type() {
  if (at_keyword("sequence") || at_keyword("string") || at_keyword("wstring") || at_keyword("fixed")) {
    return parse_template_type();
  }
  if (peek().kind == TokenKind::identifier || at_punct("::")) return parse_named_type();
  return parse_base_type();
}

std::unique_ptr<Type> Parser::parse_base_type() {
  if (accept_keyword("unsigned")) {
    if (accept_keyword("short")) return primitive(PrimitiveKind::uint16);
    if (!accept_keyword("long")) fail_expected("'short' or 'long' after 'unsigned'");
    return primitive(accept_keyword("long") ? PrimitiveKind::uint64 : PrimitiveKind::uint32);
  }
  if (accept_keyword("long")) {
    if (accept_keyword("long")) return primitive(PrimitiveKind::int64);
    if (accept_keyword("double")) return primitive(PrimitiveKind::float128);
    return primitive(PrimitiveKind::int32);
  }
  static const std::pair<const char*, PrimitiveKind> simple[] = {
      {"short", PrimitiveKind::int16},       {"float", PrimitiveKind::float32},
      {"double", PrimitiveKind::float64},    {"char", PrimitiveKind::character},
      {"wchar", PrimitiveKind::wide_character}, {"boolean", PrimitiveKind::boolean},
      {"octet", PrimitiveKind::octet},       {"any", PrimitiveKind::any},
      {"Object", PrimitiveKind::object},     {"ValueBase", PrimitiveKind::value_base},
      {"void", PrimitiveKind::void_type},
  };
  for (const auto& [word, kind] : simple) {
    if (accept_keyword(word)) return primitive(kind);
  }
  fail_expected("a type");
}

std::unique_ptr<Type> Parser::parse_template_type() {
  auto type = std::make_unique<Type>();
  const Token keyword = take();
  if (keyword.text == "sequence") {
    type->kind = TypeKind::sequence;
    expect_punct("<");
    ++sequence_depth_;
    try {
      type->element = parse_simple_type();
    } catch (...) {
      --sequence_depth_;
      throw;
    }
    --sequence_depth_;
    if (accept_punct(",")) type->bound = parse_positive_int("sequence bound");
    if (at_punct(">>")) fail(peek().where, "'>>' closes two templates; write '> >'");
    expect_punct(">");
  } else if (keyword.text == "fixed") {
    type->kind = TypeKind::fixed;
    expect_punct("<");
    type->digits = static_cast<int>(parse_positive_int("fixed digits"));
    expect_punct(",");
    const SourceLocation scale_at = peek().where;
    type->scale = static_cast<int>(parse_positive_int("fixed scale", true));
    expect_punct(">");
    if (type->digits > 31) sink_.error(keyword.where, "fixed-point types have at most 31 digits");
    if (type->scale > type->digits) sink_.error(scale_at, "fixed-point scale exceeds its digits");
  } else {
    type->kind = keyword.text == "string" ? TypeKind::string : TypeKind::wide_string;
    if (accept_punct("<")) {
      type->bound = parse_positive_int("string bound");
      expect_punct(">");
    }
  }
  return type;
}

std::unique_ptr<Type> Parser::parse_named_type() {
  const ScopedName name = parse_scoped_name();
  const std::string spelled = name.to_string();
  if (spelled == "TypeCode" || spelled == "CORBA::TypeCode" || spelled == "::CORBA::TypeCode") {
    return primitive(PrimitiveKind::type_code);  // the pseudo-object orb.idl would declare
  }
  Decl* decl = lookup(name);
  if (decl == nullptr) return primitive(PrimitiveKind::int32);  // reported; keep going
  if (!is_type_decl(*decl)) {
    sink_.error(name.where, "'" + spelled + "' is not a type");
    sink_.note(decl->where, "'" + decl->name + "' is declared here");
    return primitive(PrimitiveKind::int32);
  }
  auto type = named(decl);
  check_complete(*type, name.where);
  return type;
}

std::unique_ptr<Type> Parser::named(Decl* decl) {
  auto type = std::make_unique<Type>();
  type->kind = TypeKind::named;
  type->declaration = decl;
  return type;
}

bool Parser::is_incomplete(const Decl* decl) const {
  if (std::find(open_scopes_.begin(), open_scopes_.end(), decl) != open_scopes_.end()) return true;
  const auto* forward = decl->as<ForwardDecl>();
  if (forward == nullptr || forward->target_kind == DeclKind::interface ||
      forward->target_kind == DeclKind::value_type) {
    return false;
  }
  Scope* scope = SymbolTable::scope_of(forward->parent);
  const auto current = scope ? scope->names.find(forward->name) : decltype(scope->names.end()){};
  return scope == nullptr || current == scope->names.end() || current->second->kind == DeclKind::forward ||
         is_incomplete(current->second);
}

void Parser::check_complete(const Type& type, const SourceLocation& where) {
  if (sequence_depth_ > 0 || type.kind != TypeKind::named) return;
  const Decl* decl = type.declaration;
  if (decl->kind != DeclKind::structure && decl->kind != DeclKind::union_type &&
      decl->kind != DeclKind::forward) {
    return;
  }
  if (is_incomplete(decl)) {
    sink_.error(where, "'" + decl->name + "' is incomplete here; recursion needs a sequence");
  }
}

Declarator Parser::parse_declarator() {
  const Token name = expect_identifier("a declarator name");
  Declarator declarator{name.text, name.where, {}};
  while (accept_punct("[")) {
    declarator.dimensions.push_back(parse_positive_int("array size"));
    expect_punct("]");
  }
  return declarator;
}

std::vector<Declarator> Parser::parse_declarators() {
  std::vector<Declarator> all{parse_declarator()};
  while (accept_punct(",")) all.push_back(parse_declarator());
  return all;
}

std::unique_ptr<Type> Parser::apply_declarator(const Type& base, const Declarator& declarator) {
  if (declarator.dimensions.empty()) return base.clone();
  auto array = std::make_unique<Type>();
  array->kind = TypeKind::array;
  array->dimensions = declarator.dimensions;
  array->element = base.clone();
  return array;
}

void Parser::parse_forward(ScopeDecl& into, DeclKind kind, InterfaceFlavor flavor) {
  const Token name = expect_identifier("a name");
  auto forward = std::make_unique<ForwardDecl>(kind, name.text, name.where);
  forward->flavor = flavor;
  declare_node(into, std::move(forward));
}

StructDecl& Parser::parse_struct(ScopeDecl& into) {
  const Token keyword = take();
  const Token name = expect_identifier("a struct name");
  auto& decl = declare(into, std::make_unique<StructDecl>(name.text, name.where));
  expect_punct("{");
  const Enclosure enclosure(*this, "struct '" + name.text + "'", keyword.where);
  {
    const OpenScope open(*this, decl);
    parse_members(decl);
  }
  if (peek().kind != TokenKind::end && decl.members().empty()) {
    sink_.error(name.where, "struct '" + name.text + "' has no members");
  }
  expect_punct("}");
  return decl;
}

void Parser::parse_members(ScopeDecl& into) {
  while (!at_punct("}") && peek().kind != TokenKind::end) {
    pending_doc_ = peek().doc_comment;
    const std::string doc = pending_doc_;
    auto type = parse_type_spec(into);
    for (const Declarator& d : parse_declarators()) {
      auto member = std::make_unique<MemberDecl>(d.name, d.where);
      member->type = apply_declarator(*type, d);
      pending_doc_ = doc;
      declare_node(into, std::move(member));
    }
    expect_punct(";");
  }
}

UnionDecl& Parser::parse_union(ScopeDecl& into) {
  const Token keyword = take();
  const Token name = expect_identifier("a union name");
  auto& decl = declare(into, std::make_unique<UnionDecl>(name.text, name.where));
  if (!accept_keyword("switch")) fail_expected("'switch'");
  expect_punct("(");
  decl.discriminator = parse_switch_type();
  expect_punct(")");
  expect_punct("{");
  {
    const Enclosure enclosure(*this, "union '" + name.text + "'", keyword.where);
    {
      const OpenScope open(*this, decl);
      while (!at_punct("}") && peek().kind != TokenKind::end) parse_union_case(decl);
    }
    expect_punct("}");
  }
  if (decl.cases().empty()) sink_.error(name.where, "union '" + name.text + "' has no cases");
  check_duplicate_labels(decl);
  return decl;
}

std::unique_ptr<Type> Parser::parse_switch_type() {
  const SourceLocation where = peek().where;
  auto type = at_keyword("enum") ? named(&parse_enum(*open_scopes_.back())) : parse_simple_type();
  if (!is_discriminator(resolve_alias(*type))) {
    sink_.error(where, "'" + type_name(*type) + "' cannot discriminate a union");
  }
  return type;
}

void Parser::parse_union_case(UnionDecl& decl) {
  std::vector<UnionLabel> labels;
  pending_doc_ = peek().doc_comment;
  const std::string doc = pending_doc_;
  do {
    labels.push_back(parse_union_label(*decl.discriminator));
  } while (at_keyword("case") || at_keyword("default"));
  auto type = parse_type_spec(decl);
  const Declarator d = parse_declarator();
  expect_punct(";");
  auto element = std::make_unique<UnionCaseDecl>(d.name, d.where);
  element->labels = std::move(labels);
  element->type = apply_declarator(*type, d);
  pending_doc_ = doc;
  declare_node(decl, std::move(element));
}

UnionLabel Parser::parse_union_label(const Type& discriminator) {
  UnionLabel label;
  label.where = peek().where;
  if (accept_keyword("default")) {
    label.is_default = true;
  } else {
    if (!accept_keyword("case")) fail_expected("'case' or 'default'");
    if (auto value = parse_const_value(discriminator)) label.value = *value;
  }
  expect_punct(":");
  return label;
}

void Parser::check_duplicate_labels(const UnionDecl& decl) {
  std::vector<const UnionLabel*> seen;
  for (const UnionCaseDecl* element : decl.cases()) {
    for (const UnionLabel& label : element->labels) {
      for (const UnionLabel* earlier : seen) {
        const bool same = label.is_default ? earlier->is_default
                                           : !earlier->is_default && label.value.to_string() == earlier->value.to_string();
        if (!same) continue;
        sink_.error(label.where, label.is_default ? std::string("union has more than one default label")
                                                  : "duplicate union label " + label.value.to_string());
        sink_.note(earlier->where, "previous label is here");
        break;
      }
      seen.push_back(&label);
    }
  }
}

EnumDecl& Parser::parse_enum(ScopeDecl& into) {
  const Token keyword = take();
  const Token name = expect_identifier("an enum name");
  auto& decl = declare(into, std::make_unique<EnumDecl>(name.text, name.where));
  expect_punct("{");
  const Enclosure enclosure(*this, "enum '" + name.text + "'", keyword.where);
  do {
    const Token item = expect_identifier("an enumerator");
    auto enumerator = std::make_unique<EnumeratorDecl>(item.text, item.where);
    enumerator->parent = &into;
    enumerator->owner = &decl;
    enumerator->in_main_file = decl.in_main_file;
    enumerator->index = static_cast<std::uint32_t>(decl.enumerators.size());
    enumerator->doc_comment = item.doc_comment;
    symbols_.declare(*into.scope, *enumerator);
    decl.enumerators.push_back(std::move(enumerator));
  } while (accept_punct(","));
  expect_punct("}");
  return decl;
}

void Parser::parse_typedef(ScopeDecl& into) {
  take();
  const std::string doc = pending_doc_;
  auto type = parse_type_spec(into);
  for (const Declarator& d : parse_declarators()) {
    auto alias = std::make_unique<TypedefDecl>(d.name, d.where);
    alias->type = apply_declarator(*type, d);
    pending_doc_ = doc;
    declare_node(into, std::move(alias));
  }
}

void Parser::parse_const(ScopeDecl& into) {
  take();
  const SourceLocation type_at = peek().where;
  std::unique_ptr<Type> type;
  if (at_keyword("fixed") && !at_punct("<", 1)) {
    take();
    type = std::make_unique<Type>();
    type->kind = TypeKind::fixed;  // digits and scale come from the value
  } else {
    type = parse_simple_type();
  }
  const Token name = expect_identifier("a constant name");
  expect_punct("=");
  auto decl = std::make_unique<ConstDecl>(name.text, name.where);
  const Type& underlying = resolve_alias(*type);
  if (underlying.kind == TypeKind::sequence || underlying.kind == TypeKind::array ||
      (underlying.kind == TypeKind::primitive &&
       (underlying.primitive >= PrimitiveKind::any)) ||
      (underlying.kind == TypeKind::named && underlying.declaration->kind != DeclKind::enumeration)) {
    sink_.error(type_at, "'" + type_name(*type) + "' is not a valid constant type");
    skip_expr();
  } else if (auto value = parse_const_value(*type)) {
    decl->value = *value;
  }
  decl->type = std::move(type);
  declare_node(into, std::move(decl));
}

void Parser::parse_exception(ScopeDecl& into) {
  const Token keyword = take();
  const Token name = expect_identifier("an exception name");
  auto& decl = declare(into, std::make_unique<ExceptionDecl>(name.text, name.where));
  expect_punct("{");
  const Enclosure enclosure(*this, "exception '" + name.text + "'", keyword.where);
  {
    const OpenScope open(*this, decl);
    parse_members(decl);
  }
  expect_punct("}");
}

void Parser::parse_native(ScopeDecl& into) {
  take();
  const Token name = expect_identifier("a native type name");
  declare_node(into, std::make_unique<NativeDecl>(name.text, name.where));
}

}  // namespace rtorb::idl
