// The operations of an interface as stubs, servants and skeletons see them: IDL operations
// and attribute accessors alike, with their wire names, C++ names and parameter passing
// (IDL to C++11 mapping: arithmetic and enums in by value, everything else in by const
// reference, out and inout by reference, results by value).
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.hpp"

namespace rtorb::idl::backend {

struct Argument {
  ParamDirection direction = ParamDirection::in;
  const Type* type = nullptr;
  std::string name;  // the C++ name
};

struct Operation {
  std::string wire_name;  // the GIOP operation name: "add", "_get_count", "default"
  std::string cpp_name;   // the member function: "add", "count", "_cxx_default"
  std::string
      skeleton;  // the static skeleton member: "rtorb_skel_op_add", "rtorb_skel_get_count"
  const Type* result = nullptr;  // null for void
  std::vector<Argument> arguments;
  std::vector<const ExceptionDecl*> raises;
  bool oneway = false;
  const InterfaceDecl* owner = nullptr;
  std::string doc_comment;
};

// The operations an interface declares itself, in source order (an attribute gives its
// getter, then its setter unless readonly).
std::vector<Operation> own_operations(const InterfaceDecl& decl);
// Every interface `decl` inherits from, directly or not, each once, depth first in
// declaration order.
std::vector<const InterfaceDecl*> ancestors(const InterfaceDecl& decl);
// The operations of `decl` and all its ancestors: what its skeleton dispatches.
std::vector<Operation> all_operations(const InterfaceDecl& decl);
// The repository ids `decl` answers `_is_a` with: its own, its ancestors' and CORBA::Object's.
std::vector<std::string> is_a_ids(const InterfaceDecl& decl);

// "std::int32_t add(std::int32_t a, std::int32_t b)"; `owner` ("M::I::") qualifies the
// function name for out-of-class definitions.
std::string signature(const Operation& op, const std::string& owner = {});
// The C++ type of an operation result, "void" for none.
std::string result_type(const Operation& op);
// A local variable name that no argument of `op` uses: `base`, or base + "_" ... .
std::string local_name(const Operation& op, const std::string& base);

}  // namespace rtorb::idl::backend
