// Front-end entry point: lex, parse and check.
#include "frontend/frontend.hpp"

#include "frontend/lexer.hpp"
#include "frontend/native_uses.hpp"
#include "frontend/parser.hpp"

namespace rtorb::idl {

namespace {

// Forward-declared structs and unions must be defined in the same translation unit.
void check_forwards(const ScopeDecl& scope, DiagnosticSink& sink) {
  for (const auto& decl : scope.contents) {
    if (auto* forward = const_cast<Decl*>(decl.get())->as<ForwardDecl>()) {
      Scope* names = SymbolTable::scope_of(forward->parent);
      const auto found = names ? names->names.find(forward->name) : decltype(names->names.end()){};
      if (names && found != names->names.end() && found->second->kind != DeclKind::forward) {
        forward->definition = found->second;
      } else if (forward->target_kind == DeclKind::structure || forward->target_kind == DeclKind::union_type) {
        sink.error(forward->where, "'" + forward->name + "' is forward-declared but never defined");
      }
    }
    if (const auto* inner = dynamic_cast<const ScopeDecl*>(decl.get())) check_forwards(*inner, sink);
  }
}

}  // namespace

std::unique_ptr<Specification> parse_idl(const std::string& text, const std::string& file_name,
                                         DiagnosticSink& sink) {
  auto spec = std::make_unique<Specification>();
  spec->main_file = file_name;
  spec->root = std::make_unique<ModuleDecl>("", SourceLocation{});
  spec->symbols = std::make_unique<SymbolTable>(sink);
  Parser parser(lex(text, file_name, sink), file_name, sink, *spec->symbols, *spec->root);
  parser.parse_specification();
  check_forwards(*spec->root, sink);
  check_native_uses(*spec->root, sink);
  return spec;
}

}  // namespace rtorb::idl
