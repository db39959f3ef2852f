// The recursive-descent parser; it checks as it goes, since IDL is declare-before-use.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/repository_ids.hpp"
#include "frontend/symbol_table.hpp"
#include "frontend/token.hpp"

namespace rtorb::idl {

struct Expr;

// Thrown after a syntax error has been reported; caught where parsing can resynchronise.
struct SyntaxError {};

struct Declarator {
  std::string name;
  SourceLocation where;
  std::vector<std::uint64_t> dimensions;
};

class Parser {
 public:
  Parser(std::vector<Token> tokens, std::string main_file, DiagnosticSink& sink,
         SymbolTable& symbols, ModuleDecl& root);
  void parse_specification();

 private:
  // Token access (parser.cpp). Pragmas and file markers are acted on as they are passed.
  const Token& peek(std::size_t ahead = 0);
  Token take();
  bool at_keyword(const char* word, std::size_t ahead = 0);
  bool at_punct(const char* text, std::size_t ahead = 0);
  bool accept_keyword(const char* word);
  bool accept_punct(const char* text);
  void expect_punct(const char* text);
  Token expect_identifier(const char* what);
  [[noreturn]] void fail(const SourceLocation& where, const std::string& message);
  [[noreturn]] void fail_expected(const char* what);
  void missing_semicolon();
  void end_of_input(const std::string& message);
  void recover(int balance_at_start);
  void handle_directive(const Token& token);
  void handle_pragma(const Token& token);
  void handle_ami_pragma(const Token& token, const std::string& kind, std::string body);

  // Definitions and declaration bookkeeping (parser.cpp).
  void parse_definitions(ScopeDecl& into, bool until_close);
  void parse_definition(ScopeDecl& into);
  void parse_module(ScopeDecl& into);
  void parse_type_id_or_prefix(ScopeDecl& into, bool is_prefix);
  void parse_unsupported(const char* construct);
  template <class T> T& declare(ScopeDecl& into, std::unique_ptr<T> decl);
  Decl* declare_node(ScopeDecl& into, std::unique_ptr<Decl> decl);
  void open_scope(ScopeDecl& decl, Scope* shared = nullptr);
  void close_scope();
  // Keeps a scope open for its lifetime, also while a SyntaxError unwinds.
  class OpenScope {
   public:
    OpenScope(Parser& parser, ScopeDecl& decl) : parser_(parser) { parser_.open_scope(decl); }
    ~OpenScope() { parser_.close_scope(); }
    OpenScope(const OpenScope&) = delete;
    OpenScope& operator=(const OpenScope&) = delete;

   private:
    Parser& parser_;
  };
  // A '{' of a named construct, open until its '}' is taken: running out of input inside
  // it gives one error that names it ("module 'M' opened at f.idl:3:1 is not closed").
  struct Unclosed {
    std::string what;
    SourceLocation where;
  };
  class Enclosure {
   public:
    Enclosure(Parser& parser, std::string what, SourceLocation where) : parser_(parser) {
      parser_.unclosed_.push_back({std::move(what), std::move(where)});
    }
    ~Enclosure() { parser_.unclosed_.pop_back(); }
    Enclosure(const Enclosure&) = delete;
    Enclosure& operator=(const Enclosure&) = delete;

   private:
    Parser& parser_;
  };
  Decl* lookup(const ScopedName& name);
  ScopedName parse_scoped_name();

  // Types (parser_types.cpp).
  std::unique_ptr<Type> parse_type_spec(ScopeDecl& into);
  std::unique_ptr<Type> parse_simple_type();
  std::unique_ptr<Type> parse_base_type();
  std::unique_ptr<Type> parse_template_type();
  std::unique_ptr<Type> parse_named_type();
  std::unique_ptr<Type> named(Decl* decl);
  std::unique_ptr<Type> apply_declarator(const Type& base, const Declarator& declarator);
  std::vector<Declarator> parse_declarators();
  Declarator parse_declarator();
  void check_complete(const Type& type, const SourceLocation& where);
  StructDecl& parse_struct(ScopeDecl& into);
  UnionDecl& parse_union(ScopeDecl& into);
  EnumDecl& parse_enum(ScopeDecl& into);
  std::unique_ptr<Type> parse_switch_type();
  void parse_union_case(UnionDecl& decl);
  UnionLabel parse_union_label(const Type& discriminator);
  void check_duplicate_labels(const UnionDecl& decl);
  void parse_typedef(ScopeDecl& into);
  void parse_const(ScopeDecl& into);
  void parse_exception(ScopeDecl& into);
  void parse_members(ScopeDecl& into);
  void parse_native(ScopeDecl& into);
  void parse_forward(ScopeDecl& into, DeclKind kind, InterfaceFlavor flavor);
  bool is_incomplete(const Decl* decl) const;

  // Interfaces and value types (parser_interface.cpp).
  void parse_interface(ScopeDecl& into, InterfaceFlavor flavor, const SourceLocation& start);
  void parse_interface_bases(InterfaceDecl& decl);
  void parse_export(ScopeDecl& into);
  void parse_attribute(ScopeDecl& into, bool readonly);
  void parse_operation(ScopeDecl& into);
  std::vector<Parameter> parse_parameters(bool only_in);
  std::vector<ExceptionDecl*> parse_raises();
  void check_oneway(const OperationDecl& op);
  void parse_value(ScopeDecl& into, bool is_abstract, bool is_custom, const SourceLocation& start);
  void warn_value_not_generated(const Token& name, const char* what, const char* missing);
  void parse_value_inheritance(ValueTypeDecl& decl);
  void parse_value_body(ValueTypeDecl& decl);
  void parse_state_member(ValueTypeDecl& decl, bool is_public);
  void parse_factory(ValueTypeDecl& decl);

  // Constant expressions (parser_expr.cpp).
  std::unique_ptr<Expr> parse_expr();
  void skip_expr();
  std::unique_ptr<Expr> parse_binary(int level);
  std::unique_ptr<Expr> parse_unary();
  std::unique_ptr<Expr> parse_primary();
  std::optional<ConstValue> evaluate(const Expr& expr);
  std::optional<ConstValue> convert(const ConstValue& value, const Type& target,
                                    const SourceLocation& where);
  std::optional<ConstValue> parse_const_value(const Type& target);
  std::uint64_t parse_positive_int(const char* what, bool allow_zero = false);

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::string main_file_;
  DiagnosticSink& sink_;
  SymbolTable& symbols_;
  RepositoryIds ids_;
  ModuleDecl& root_;
  std::vector<ScopeDecl*> open_scopes_;
  int sequence_depth_ = 0;   // > 0 while inside sequence<...>, where incomplete types are fine
  std::string pending_doc_;
  int brace_balance_ = 0;     // '{' minus '}' taken so far, for error recovery
  std::size_t last_taken_ = static_cast<std::size_t>(-1);  // index of the last token taken
  std::vector<Unclosed> unclosed_;  // innermost last
  bool end_reported_ = false;       // running out of input is said once
};

}  // namespace rtorb::idl
