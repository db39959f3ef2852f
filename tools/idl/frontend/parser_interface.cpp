// Parser: exports (the declarations allowed in interfaces and modules), interfaces,
// operations, attributes and value types.
#include <algorithm>

#include "frontend/parser.hpp"

namespace rtorb::idl {

namespace {

bool is_interface_like(const ScopeDecl& scope) {
  return scope.kind == DeclKind::interface || scope.kind == DeclKind::value_type;
}

}  // namespace

void Parser::parse_export(ScopeDecl& into) {
  if (pending_doc_.empty()) pending_doc_ = peek().doc_comment;
  const Token& first = peek();
  const SourceLocation start = first.where;
  const std::string word = first.kind == TokenKind::keyword ? first.text : std::string();
  const bool in_interface = is_interface_like(into);
  if (word == "struct" || word == "union") {
    if (peek(2).kind == TokenKind::punctuation && peek(2).text == ";") {
      take();
      parse_forward(into, word == "struct" ? DeclKind::structure : DeclKind::union_type,
                    InterfaceFlavor::unconstrained);
    } else if (word == "struct") {
      parse_struct(into);
    } else {
      parse_union(into);
    }
  } else if (word == "enum") parse_enum(into);
  else if (word == "typedef") parse_typedef(into);
  else if (word == "const") parse_const(into);
  else if (word == "exception") parse_exception(into);
  else if (word == "native") parse_native(into);
  else if (!in_interface && (word == "interface" || ((word == "abstract" || word == "local") && at_keyword("interface", 1)))) {
    take();
    const InterfaceFlavor flavor = word == "abstract" ? InterfaceFlavor::abstract
                                 : word == "local"    ? InterfaceFlavor::local
                                                      : InterfaceFlavor::unconstrained;
    if (flavor != InterfaceFlavor::unconstrained) take();
    parse_interface(into, flavor, start);
    return;
  } else if (!in_interface && (word == "valuetype" || word == "abstract" || word == "custom")) {
    const bool is_abstract = accept_keyword("abstract");
    const bool is_custom = accept_keyword("custom");
    if (at_keyword("eventtype")) {
      parse_unsupported("eventtype");
      return;
    }
    if (!accept_keyword("valuetype")) fail_expected("'valuetype'");
    parse_value(into, is_abstract, is_custom, start);
    return;
  } else if (in_interface && (word == "attribute" || word == "readonly")) {
    const bool readonly = accept_keyword("readonly");
    parse_attribute(into, readonly);
  } else if (in_interface) {
    parse_operation(into);
  } else {
    fail_expected("a definition");
  }
  expect_punct(";");
}

void Parser::parse_interface(ScopeDecl& into, InterfaceFlavor flavor, const SourceLocation& start) {
  const Token name = expect_identifier("an interface name");
  if (accept_punct(";")) {
    auto forward = std::make_unique<ForwardDecl>(DeclKind::interface, name.text, name.where);
    forward->flavor = flavor;
    declare_node(into, std::move(forward));
    return;
  }
  auto node = std::make_unique<InterfaceDecl>(name.text, name.where);
  node->flavor = flavor;
  InterfaceDecl& decl = declare(into, std::move(node));
  {
    const OpenScope open(*this, decl);
    if (accept_punct(":")) parse_interface_bases(decl);
    expect_punct("{");
    const Enclosure enclosure(*this, "interface '" + name.text + "'", start);
    while (!at_punct("}") && peek().kind != TokenKind::end) {
      const int balance = brace_balance_;
      try {
        pending_doc_ = peek().doc_comment;
        parse_export(decl);
      } catch (const SyntaxError&) {
        recover(balance);
      }
    }
    expect_punct("}");
  }
  expect_punct(";");
}

void Parser::parse_interface_bases(InterfaceDecl& decl) {
  do {
    const ScopedName name = parse_scoped_name();
    Decl* found = lookup(name);
    if (found == nullptr) continue;
    auto* base = const_cast<Decl*>(resolve_forward(found))->as<InterfaceDecl>();
    if (base == nullptr) {
      sink_.error(name.where, found->kind == DeclKind::forward && found->as<ForwardDecl>()->target_kind == DeclKind::interface
                                  ? "interface '" + name.to_string() + "' is only forward-declared and cannot be a base"
                                  : "'" + name.to_string() + "' is not an interface");
      continue;
    }
    if (std::find(decl.bases.begin(), decl.bases.end(), base) != decl.bases.end()) {
      sink_.error(name.where, "interface '" + name.to_string() + "' is named twice as a base");
      continue;
    }
    if (decl.flavor == InterfaceFlavor::abstract && base->flavor != InterfaceFlavor::abstract) {
      sink_.error(name.where, "abstract interface '" + decl.name + "' may only inherit from abstract interfaces");
    }
    if (decl.flavor != InterfaceFlavor::local && base->flavor == InterfaceFlavor::local) {
      sink_.error(name.where, "unconstrained interface '" + decl.name + "' cannot inherit from local interface '" + name.to_string() + "'");
    }
    decl.bases.push_back(base);
    decl.scope->inherited.push_back(base->scope);
  } while (accept_punct(","));
}

void Parser::parse_attribute(ScopeDecl& into, bool readonly) {
  if (!accept_keyword("attribute")) fail_expected("'attribute'");
  const std::string doc = pending_doc_;
  auto type = parse_simple_type();
  std::vector<Declarator> names{parse_declarator()};
  while (accept_punct(",")) names.push_back(parse_declarator());
  std::vector<ExceptionDecl*> get_raises, set_raises;
  if (at_keyword("raises")) {
    if (!readonly) fail(peek().where, "a writable attribute uses getraises/setraises, not raises");
    get_raises = parse_raises();
  }
  if (!readonly && at_keyword("getraises")) get_raises = parse_raises();
  if (!readonly && at_keyword("setraises")) set_raises = parse_raises();
  if ((!get_raises.empty() || !set_raises.empty()) && names.size() > 1) {
    sink_.error(names[1].where, "an attribute with raises clauses declares exactly one name");
  }
  for (const Declarator& d : names) {
    if (!d.dimensions.empty()) sink_.error(d.where, "attribute names cannot have array sizes");
    auto attribute = std::make_unique<AttributeDecl>(d.name, d.where);
    attribute->type = type->clone();
    attribute->readonly = readonly;
    attribute->get_raises = get_raises;
    attribute->set_raises = set_raises;
    pending_doc_ = doc;
    declare_node(into, std::move(attribute));
  }
}

void Parser::parse_operation(ScopeDecl& into) {
  const bool oneway = accept_keyword("oneway");
  auto return_type = parse_simple_type();
  const Token name = expect_identifier("an operation name");
  auto op = std::make_unique<OperationDecl>(name.text, name.where);
  op->oneway = oneway;
  op->return_type = std::move(return_type);
  op->parameters = parse_parameters(false);
  if (at_keyword("raises")) op->raises = parse_raises();
  if (accept_keyword("context")) {
    expect_punct("(");
    do {
      if (peek().kind != TokenKind::string) fail_expected("a context name string");
      op->contexts.push_back(take().text);
    } while (accept_punct(","));
    expect_punct(")");
  }
  check_oneway(*op);
  declare_node(into, std::move(op));
}

std::vector<Parameter> Parser::parse_parameters(bool only_in) {
  std::vector<Parameter> parameters;
  expect_punct("(");
  if (accept_punct(")")) return parameters;
  do {
    Parameter p;
    p.where = peek().where;
    if (accept_keyword("in")) p.direction = ParamDirection::in;
    else if (!only_in && accept_keyword("out")) p.direction = ParamDirection::out;
    else if (!only_in && accept_keyword("inout")) p.direction = ParamDirection::inout;
    else fail_expected(only_in ? "'in'" : "'in', 'out' or 'inout'");
    p.type = parse_simple_type();
    const Token name = expect_identifier("a parameter name");
    p.name = name.text;
    p.where = name.where;
    for (const Parameter& other : parameters) {
      if (other.name == p.name) sink_.error(name.where, "duplicate parameter name '" + p.name + "'");
    }
    parameters.push_back(std::move(p));
  } while (accept_punct(","));
  expect_punct(")");
  return parameters;
}

std::vector<ExceptionDecl*> Parser::parse_raises() {
  take();  // raises / getraises / setraises
  std::vector<ExceptionDecl*> raised;
  expect_punct("(");
  do {
    const ScopedName name = parse_scoped_name();
    Decl* found = lookup(name);
    if (found == nullptr) continue;
    if (auto* exception = found->as<ExceptionDecl>()) {
      raised.push_back(exception);
    } else {
      sink_.error(name.where, "'" + name.to_string() + "' is not an exception");
    }
  } while (accept_punct(","));
  expect_punct(")");
  return raised;
}

void Parser::check_oneway(const OperationDecl& op) {
  if (!op.oneway) return;
  if (op.return_type->kind != TypeKind::primitive || op.return_type->primitive != PrimitiveKind::void_type) {
    sink_.error(op.where, "oneway operation '" + op.name + "' must return void");
  }
  for (const Parameter& p : op.parameters) {
    if (p.direction != ParamDirection::in) {
      sink_.error(p.where, "oneway operation '" + op.name + "' may only have 'in' parameters");
    }
  }
  if (!op.raises.empty()) sink_.error(op.where, "oneway operation '" + op.name + "' cannot raise exceptions");
}

void Parser::parse_value(ScopeDecl& into, bool is_abstract, bool is_custom,
                         const SourceLocation& start) {
  const Token name = expect_identifier("a valuetype name");
  if (accept_punct(";")) {
    auto forward = std::make_unique<ForwardDecl>(DeclKind::value_type, name.text, name.where);
    forward->flavor = is_abstract ? InterfaceFlavor::abstract : InterfaceFlavor::unconstrained;
    declare_node(into, std::move(forward));
    return;
  }
  if (!is_abstract && !is_custom && !at_punct(":") && !at_punct("{") && !at_keyword("supports")) {
    auto box = std::make_unique<ValueBoxDecl>(name.text, name.where);
    box->boxed = parse_type_spec(into);
    declare_node(into, std::move(box));
    expect_punct(";");
    return;
  }
  auto node = std::make_unique<ValueTypeDecl>(name.text, name.where);
  node->is_abstract = is_abstract;
  node->is_custom = is_custom;
  ValueTypeDecl& decl = declare(into, std::move(node));
  {
    const OpenScope open(*this, decl);
    parse_value_inheritance(decl);
    expect_punct("{");
    const Enclosure enclosure(*this, "valuetype '" + name.text + "'", start);
    parse_value_body(decl);
    expect_punct("}");
  }
  expect_punct(";");
  // Supporting an abstract interface is mapped (the value is one); a concrete interface's
  // operations are not given to the value's class.
  for (const InterfaceDecl* i : decl.supports) {
    if (i->flavor == InterfaceFlavor::abstract) continue;
    warn_value_not_generated(name, "a valuetype that supports a concrete interface",
                             "the interface's operations for it");
    break;
  }
}

// The front end checks value types fully, but the back end maps only part of some:
// say so where they are declared rather than leave users to find out from the C++.
// Only for the file being compiled: included IDL would otherwise warn in every user's run.
void Parser::warn_value_not_generated(const Token& name, const char* what, const char* missing) {
  if (!name.where.file || *name.where.file != main_file_) return;
  sink_.warning(name.where, std::string(what) + " '" + name.text + "' is not fully supported yet: " +
                                "rtorb-idl does not generate " + missing);
}

void Parser::parse_value_inheritance(ValueTypeDecl& decl) {
  if (accept_punct(":")) {
    decl.is_truncatable = accept_keyword("truncatable");
    do {
      const ScopedName name = parse_scoped_name();
      Decl* found = lookup(name);
      auto* base = found ? const_cast<Decl*>(resolve_forward(found))->as<ValueTypeDecl>() : nullptr;
      if (found && base == nullptr) sink_.error(name.where, "'" + name.to_string() + "' is not a defined valuetype");
      if (base == nullptr) continue;
      decl.bases.push_back(base);
      decl.scope->inherited.push_back(base->scope);
    } while (accept_punct(","));
  }
  if (accept_keyword("supports")) {
    do {
      const ScopedName name = parse_scoped_name();
      Decl* found = lookup(name);
      auto* base = found ? const_cast<Decl*>(resolve_forward(found))->as<InterfaceDecl>() : nullptr;
      if (found && base == nullptr) sink_.error(name.where, "'" + name.to_string() + "' is not a defined interface");
      if (base == nullptr) continue;
      decl.supports.push_back(base);
      decl.scope->inherited.push_back(base->scope);
    } while (accept_punct(","));
  }
}

void Parser::parse_value_body(ValueTypeDecl& decl) {
  while (!at_punct("}") && peek().kind != TokenKind::end) {
    const int balance = brace_balance_;
    try {
      pending_doc_ = peek().doc_comment;
      if (at_keyword("public") || at_keyword("private")) {
        parse_state_member(decl, take().text == "public");
      } else if (at_keyword("factory")) {
        parse_factory(decl);
      } else {
        parse_export(decl);
      }
    } catch (const SyntaxError&) {
      recover(balance);
    }
  }
}

void Parser::parse_state_member(ValueTypeDecl& decl, bool is_public) {
  if (decl.is_abstract) sink_.error(peek().where, "abstract valuetype '" + decl.name + "' cannot have state members");
  const std::string doc = pending_doc_;
  auto type = parse_type_spec(decl);
  for (const Declarator& d : parse_declarators()) {
    auto member = std::make_unique<StateMemberDecl>(d.name, d.where);
    member->is_public = is_public;
    member->type = apply_declarator(*type, d);
    pending_doc_ = doc;
    declare_node(decl, std::move(member));
  }
  expect_punct(";");
}

void Parser::parse_factory(ValueTypeDecl& decl) {
  const Token keyword = take();
  if (decl.is_abstract) sink_.error(keyword.where, "abstract valuetype '" + decl.name + "' cannot have factories");
  const Token name = expect_identifier("a factory name");
  auto factory = std::make_unique<FactoryDecl>(name.text, name.where);
  factory->parameters = parse_parameters(true);
  if (at_keyword("raises")) factory->raises = parse_raises();
  expect_punct(";");
  declare_node(decl, std::move(factory));
}

}  // namespace rtorb::idl
