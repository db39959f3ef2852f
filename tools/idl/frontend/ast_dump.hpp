// A readable, stable text form of the checked AST (for --dump-ast and tests).
#pragma once

#include <string>

#include "frontend/ast.hpp"

namespace rtorb::idl {

// One line per declaration, indented by nesting, each with its repository id where it has
// one. Declarations from included files are skipped unless include_all is set.
std::string dump_ast(const ModuleDecl& root, bool include_all = false);

}  // namespace rtorb::idl
