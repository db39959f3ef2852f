// Parser core: token access, error recovery, modules, pragmas and declaration bookkeeping.
#include "frontend/parser.hpp"

#include <utility>

namespace rtorb::idl {

namespace {

bool is_directive(const Token& token) {
  return token.kind == TokenKind::pragma || token.kind == TokenKind::file_enter ||
         token.kind == TokenKind::file_leave;
}

std::string describe(const Token& token) {
  switch (token.kind) {
    case TokenKind::end: return "end of input";
    case TokenKind::identifier: return "identifier '" + token.text + "'";
    case TokenKind::keyword: return "keyword '" + token.text + "'";
    case TokenKind::punctuation: return "'" + token.text + "'";
    case TokenKind::string:
    case TokenKind::wide_string: return "string literal";
    case TokenKind::character:
    case TokenKind::wide_character: return "character literal";
    default: return "literal";
  }
}

// Splits "word rest" off the front of a pragma body.
std::string next_word(std::string& body) {
  const auto start = body.find_first_not_of(" \t");
  if (start == std::string::npos) {
    body.clear();
    return {};
  }
  const auto end = body.find_first_of(" \t", start);
  std::string word = body.substr(start, end == std::string::npos ? std::string::npos : end - start);
  body = end == std::string::npos ? std::string() : body.substr(end);
  return word;
}

std::string quoted(const std::string& body) {
  const auto open = body.find('"');
  const auto close = open == std::string::npos ? open : body.find('"', open + 1);
  return close == std::string::npos ? std::string() : body.substr(open + 1, close - open - 1);
}

// An identifier in a pragma as the lexer would give it: an escaped one (`_struct`, which
// a pragma naming a declaration spelled `_struct` must use) without its underscore.
std::string unescaped(std::string part) {
  if (part.size() > 1 && part[0] == '_') part.erase(0, 1);
  return part;
}

ScopedName split_scoped(const std::string& text, const SourceLocation& where) {
  ScopedName name;
  name.where = where;
  std::string rest = text;
  if (rest.rfind("::", 0) == 0) {
    name.absolute = true;
    rest = rest.substr(2);
  }
  for (std::size_t pos; (pos = rest.find("::")) != std::string::npos; rest = rest.substr(pos + 2)) {
    name.parts.push_back(unescaped(rest.substr(0, pos)));
  }
  name.parts.push_back(unescaped(rest));
  return name;
}

}  // namespace

Parser::Parser(std::vector<Token> tokens, std::string main_file, DiagnosticSink& sink,
               SymbolTable& symbols, ModuleDecl& root)
    : tokens_(std::move(tokens)), main_file_(std::move(main_file)), sink_(sink),
      symbols_(symbols), root_(root) {
  root_.scope = &symbols_.global();
  open_scopes_.push_back(&root_);
}

const Token& Parser::peek(std::size_t ahead) {
  while (is_directive(tokens_[pos_])) handle_directive(tokens_[pos_++]);
  std::size_t index = pos_;
  for (std::size_t seen = 0; seen < ahead && tokens_[index].kind != TokenKind::end; ++seen) {
    ++index;
    while (is_directive(tokens_[index])) ++index;
  }
  return tokens_[index];
}

Token Parser::take() {
  const Token& token = peek();
  if (token.kind == TokenKind::end) return token;
  if (token.kind == TokenKind::punctuation && token.text == "{") ++brace_balance_;
  if (token.kind == TokenKind::punctuation && token.text == "}") --brace_balance_;
  last_taken_ = pos_;
  return tokens_[pos_++];
}

bool Parser::at_keyword(const char* word, std::size_t ahead) {
  const Token& token = peek(ahead);
  return token.kind == TokenKind::keyword && token.text == word;
}

bool Parser::at_punct(const char* text, std::size_t ahead) {
  const Token& token = peek(ahead);
  return token.kind == TokenKind::punctuation && token.text == text;
}

bool Parser::accept_keyword(const char* word) {
  if (!at_keyword(word)) return false;
  take();
  return true;
}

bool Parser::accept_punct(const char* text) {
  if (!at_punct(text)) return false;
  take();
  return true;
}

void Parser::expect_punct(const char* text) {
  if (accept_punct(text)) return;
  if (std::string_view(text) == ";" && last_taken_ < tokens_.size()) {
    missing_semicolon();
    return;
  }
  fail_expected((std::string("'") + text + "'").c_str());
}

// Said right after the token the ';' should follow, as C++ compilers do, not at the next
// token (often on the next line). When that token begins a later line or closes the scope,
// parsing goes on as if the ';' were there, so one slip gives one error.
void Parser::missing_semicolon() {
  const Token& previous = tokens_[last_taken_];
  const Token& next = peek();
  if (next.kind == TokenKind::end && !unclosed_.empty()) {
    end_of_input({});
    throw SyntaxError{};
  }
  sink_.error(previous.end, "expected ';' after " + describe(previous));
  const bool later_line = next.where.file != previous.end.file || next.where.line > previous.end.line;
  const bool closes = next.kind == TokenKind::punctuation && next.text == "}";
  if (!later_line && !closes) throw SyntaxError{};
}

Token Parser::expect_identifier(const char* what) {
  if (peek().kind != TokenKind::identifier) fail_expected(what);
  return take();
}

void Parser::fail(const SourceLocation& where, const std::string& message) {
  sink_.error(where, message);
  throw SyntaxError{};
}

void Parser::fail_expected(const char* what) {
  if (peek().kind == TokenKind::end) {
    end_of_input(std::string("expected ") + what + " before end of input");
    throw SyntaxError{};
  }
  fail(peek().where, std::string("expected ") + what + ", found " + describe(peek()));
}

// Every construct the input leaves open would otherwise report the end of input in turn:
// one error names the innermost, notes the others; `message` is for input that ends with
// nothing open.
void Parser::end_of_input(const std::string& message) {
  if (std::exchange(end_reported_, true)) return;
  const SourceLocation& end = peek().where;
  if (unclosed_.empty()) {
    sink_.error(end, message);
    return;
  }
  const auto place = [](const SourceLocation& where) {
    return where.file_name() + ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
  };
  const Unclosed& innermost = unclosed_.back();
  sink_.error(end, innermost.what + " opened at " + place(innermost.where) + " is not closed");
  for (auto outer = unclosed_.rbegin() + 1; outer != unclosed_.rend(); ++outer) {
    sink_.note(outer->where, outer->what + " is not closed either");
  }
}

// Skips the rest of the failed declaration: out of the braces it opened since
// balance_at_start, then to just after the next ';' or to the '}' closing the current scope.
void Parser::recover(int balance_at_start) {
  int depth = brace_balance_ > balance_at_start ? brace_balance_ - balance_at_start : 0;
  for (;;) {
    const Token& token = peek();
    if (token.kind == TokenKind::end) return;
    if (token.kind == TokenKind::punctuation) {
      if (token.text == "{") ++depth;
      if (token.text == "}" && depth-- == 0) return;
      if (token.text == ";" && depth == 0) {
        take();
        return;
      }
    }
    take();
  }
}

void Parser::handle_directive(const Token& token) {
  if (token.kind == TokenKind::file_enter) ids_.enter_file();
  if (token.kind == TokenKind::file_leave) ids_.leave_file();
  if (token.kind == TokenKind::pragma) handle_pragma(token);
}

void Parser::handle_pragma(const Token& token) {
  std::string body = token.text;
  const std::string kind = next_word(body);
  if (kind == "prefix") {
    ids_.set_prefix(quoted(body), *open_scopes_.back());
    return;
  }
  if (kind == "ami" || kind == "amh") {
    handle_ami_pragma(token, kind, body);
    return;
  }
  if (kind != "ID" && kind != "version") return;  // other ORBs' pragmas are not ours to judge
  const std::string name = next_word(body);
  if (name.empty()) {
    sink_.error(token.where, "#pragma " + kind + " needs a name");
    return;
  }
  Decl* target = symbols_.lookup(*open_scopes_.back()->scope, split_scoped(name, token.where));
  if (target == nullptr) return;
  if (kind == "ID") {
    const std::string id = quoted(body);
    if (id.empty()) sink_.error(token.where, "#pragma ID needs a quoted repository id");
    else target->repository_id = id;
  } else {
    const std::string version = next_word(body);
    const auto dot = version.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == version.size() ||
        version.find_first_not_of("0123456789.") != std::string::npos) {
      sink_.error(token.where, "#pragma version needs <major>.<minor>, found '" + version + "'");
    } else {
      RepositoryIds::set_version(*target, version);
    }
  }
}

// `#pragma ami I` (or "M::I", quoted as TAO writes it): AMI callbacks for interface I
// (docs/messaging.md, "AMI"); `#pragma amh I`: asynchronous method handling for its
// servants ("AMH"). The interface must be declared before the pragma.
void Parser::handle_ami_pragma(const Token& token, const std::string& kind, std::string body) {
  std::string name = next_word(body);
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
  if (name.empty()) {
    sink_.error(token.where, "#pragma " + kind + " needs an interface name");
    return;
  }
  Decl* target = symbols_.lookup(*open_scopes_.back()->scope, split_scoped(name, token.where));
  if (target == nullptr) return;
  if (const auto* forward = target->as<ForwardDecl>(); forward != nullptr && forward->definition) {
    target = forward->definition;
  }
  auto* interface = target->as<InterfaceDecl>();
  if (interface == nullptr || interface->flavor == InterfaceFlavor::local) {
    sink_.error(token.where,
                "#pragma " + kind + ": '" + name + "' is not a (non-local) interface");
    return;
  }
  if (kind == "amh") interface->amh = true;
  else interface->ami = true;
}

void Parser::parse_specification() {
  parse_definitions(root_, false);
  peek();  // acts on trailing pragmas
}

void Parser::parse_definitions(ScopeDecl& into, bool until_close) {
  for (;;) {
    if (peek().kind == TokenKind::end) {
      if (until_close) end_of_input("expected '}' before end of input");
      return;
    }
    if (until_close && at_punct("}")) return;
    const std::size_t start = pos_;
    const int balance = brace_balance_;
    try {
      parse_definition(into);
    } catch (const SyntaxError&) {
      recover(balance);
      if (pos_ == start) take();  // a stray '}' at file level: always make progress
    }
  }
}

void Parser::parse_definition(ScopeDecl& into) {
  const Token& first = peek();
  pending_doc_ = first.doc_comment;
  const std::string word = first.kind == TokenKind::keyword ? first.text : std::string();
  if (word == "module") parse_module(into);
  else if (word == "interface" || word == "abstract" || word == "local" || word == "custom" ||
           word == "valuetype")
    parse_export(into);
  else if (word == "struct" || word == "union" || word == "enum" || word == "typedef" ||
           word == "const" || word == "exception" || word == "native")
    parse_export(into);
  else if (word == "typeid" || word == "typeprefix") parse_type_id_or_prefix(into, word == "typeprefix");
  else if (word == "component" || word == "home" || word == "eventtype" || word == "import")
    parse_unsupported(word.c_str());
  else if (first.kind == TokenKind::identifier && first.text == "porttype")
    parse_unsupported("porttype");
  else fail_expected("a definition");
}

void Parser::parse_unsupported(const char* construct) {
  sink_.error(peek().where, std::string("'") + construct +
                                "' declarations (CORBA Component Model) are not supported");
  recover(brace_balance_);
}

void Parser::parse_module(ScopeDecl& into) {
  const Token keyword = take();
  const Token name = expect_identifier("a module name");
  auto module = std::make_unique<ModuleDecl>(name.text, name.where);
  ModuleDecl* node = module.get();
  Decl* earlier = declare_node(into, std::move(module));
  Scope* shared = earlier && earlier->kind == DeclKind::module ? SymbolTable::scope_of(earlier) : nullptr;
  expect_punct("{");
  {
    const Enclosure enclosure(*this, "module '" + name.text + "'", keyword.where);
    open_scope(*node, shared);
    parse_definitions(*node, true);
    close_scope();
    expect_punct("}");
  }
  expect_punct(";");
}

void Parser::parse_type_id_or_prefix(ScopeDecl& /*into*/, bool is_prefix) {
  take();
  const ScopedName name = parse_scoped_name();
  if (peek().kind != TokenKind::string) fail_expected("a string literal");
  const Token value = take();
  expect_punct(";");
  Decl* target = lookup(name);
  if (target == nullptr) return;
  if (!is_prefix) {
    target->repository_id = value.text;
    return;
  }
  auto* scope = dynamic_cast<ScopeDecl*>(target);
  if (scope == nullptr || (scope->kind != DeclKind::module && scope->kind != DeclKind::interface &&
                           scope->kind != DeclKind::value_type)) {
    sink_.error(name.where, "typeprefix needs a module, interface or valuetype, not '" + name.to_string() + "'");
    return;
  }
  scope->type_prefix = value.text;
  ids_.assign(*scope);
}

Decl* Parser::declare_node(ScopeDecl& into, std::unique_ptr<Decl> decl) {
  decl->parent = &into;
  decl->in_main_file = decl->where.file && *decl->where.file == main_file_;
  decl->doc_comment = std::exchange(pending_doc_, {});
  ids_.assign(*decl);
  Decl* earlier = symbols_.declare(*into.scope, *decl);
  if (auto* forward = decl->as<ForwardDecl>(); forward && earlier && earlier->kind != DeclKind::forward) {
    forward->definition = earlier;
  }
  into.contents.push_back(std::move(decl));
  return earlier;
}

template <class T>
T& Parser::declare(ScopeDecl& into, std::unique_ptr<T> decl) {
  T& node = *decl;
  declare_node(into, std::move(decl));
  return node;
}

template StructDecl& Parser::declare(ScopeDecl&, std::unique_ptr<StructDecl>);
template UnionDecl& Parser::declare(ScopeDecl&, std::unique_ptr<UnionDecl>);
template EnumDecl& Parser::declare(ScopeDecl&, std::unique_ptr<EnumDecl>);
template ExceptionDecl& Parser::declare(ScopeDecl&, std::unique_ptr<ExceptionDecl>);
template InterfaceDecl& Parser::declare(ScopeDecl&, std::unique_ptr<InterfaceDecl>);
template ValueTypeDecl& Parser::declare(ScopeDecl&, std::unique_ptr<ValueTypeDecl>);

void Parser::open_scope(ScopeDecl& decl, Scope* shared) {
  decl.scope = shared ? shared : &symbols_.new_scope(open_scopes_.back()->scope, &decl);
  open_scopes_.push_back(&decl);
  ids_.enter_scope();
}

void Parser::close_scope() {
  open_scopes_.pop_back();
  ids_.leave_scope();
}

Decl* Parser::lookup(const ScopedName& name) {
  return symbols_.lookup(*open_scopes_.back()->scope, name);
}

ScopedName Parser::parse_scoped_name() {
  ScopedName name;
  name.where = peek().where;
  name.absolute = accept_punct("::");
  name.parts.push_back(expect_identifier("a name").text);
  while (accept_punct("::")) name.parts.push_back(expect_identifier("a name after '::'").text);
  return name;
}

}  // namespace rtorb::idl
