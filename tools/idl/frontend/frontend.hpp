// The front end's entry points: IDL text in, checked AST (or diagnostics) out.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/symbol_table.hpp"

namespace rtorb::idl {

// A checked translation unit. root is the global scope (a nameless module).
struct Specification {
  std::string main_file;
  std::unique_ptr<ModuleDecl> root;
  std::unique_ptr<SymbolTable> symbols;
};

// Lexes, parses and checks already-preprocessed text (line markers honoured). Always
// returns a tree; it is only meaningful when sink.has_errors() is false.
std::unique_ptr<Specification> parse_idl(const std::string& text, const std::string& file_name,
                                         DiagnosticSink& sink);

struct PreprocessOptions {
  std::string command = "cpp";                 // split on spaces: "g++ -E -x c" works
  std::vector<std::string> include_dirs;       // -I
  std::vector<std::string> defines;            // -D name or name=value
  std::vector<std::string> undefines;          // -U
};

// Runs the C preprocessor on file; on failure reports to sink and returns an empty string.
std::string preprocess(const std::string& file, const PreprocessOptions& options,
                       DiagnosticSink& sink);

}  // namespace rtorb::idl
