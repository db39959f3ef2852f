// Where a `native` type may be used: CORBA 3 IDL, native types ("native type parameters
// are permitted only in operations of local interfaces or valuetypes"). A native has no CDR
// form and no TypeCode contents, so anywhere it could be marshaled is an error.
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace rtorb::idl {

// Reports each use of a native type (directly or through typedefs) outside a parameter,
// result or attribute of a local interface or a valuetype: struct, union and exception
// members, sequence and array elements, and operations and attributes of interfaces a
// remote peer may call.
void check_native_uses(const ScopeDecl& root, DiagnosticSink& sink);

}  // namespace rtorb::idl
