// How IDL names, types and values are spelled in C++ (the IDL to C++11 mapping), and the
// expressions that build their TypeCodes. Pure functions of the checked AST.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.hpp"

namespace rtorb::idl::backend {

// An IDL identifier as a C++ one: C++ keywords (and `std`) get the mapping's "_cxx_"
// prefix. For parameters, which are not declarations of a scope.
std::string cpp_name(const std::string& idl_name);
// A declaration's C++ name: as above, and "_cxx_" too for a name the mapping itself
// declares in the class its scope maps to (`what` in an exception, `swap` in a struct or
// union, ...), so the IDL member and the mapping's member do not collide.
std::string cpp_name(const Decl& decl);
// The private data member holding a struct or exception member: "name_", or
// "rtorb_field_name" where "name_" is already the C++ name of another member or nested
// type of that scope (members `a` and `a_`) or would end in "__".
std::string field_name(const Decl& member);

// The declarations enclosing `decl` (modules, interfaces, structs ...), outermost first,
// without the root.
std::vector<const Decl*> enclosing_scopes(const Decl& decl);

// "::M::I::S", each part escaped.
std::string qualified_name(const Decl& decl);
// "M::I::S": usable as a declarator in a definition (no leading "::").
std::string definition_name(const Decl& decl);

// The declaration a named type stands for, forwards resolved (null for non-named types).
const Decl* named_target(const Type& type);

// AMI's Messaging::ExceptionHolder, a native of the implied IDL: the valuetype the runtime
// defines (<rtorb/messaging/exception_holder.hpp>), with its raise_exception.
bool is_exception_holder(const Decl& decl);

// The C++ type of an IDL type as a member, element, parameter or result. Object references
// are `::CORBA::object_reference<C>` (== `IDL::traits<C>::ref_type`), spelled without the
// traits so that they can be used before the traits are specialised.
std::string cpp_type(const Type& type);
// A native or typedef that rtorb's own headers already declare where the mapping puts it:
// `PortableServer::Servant`, which the spec's IDL declares native and omniORB's
// poa_include.idl `typedef short`. No C++ is written for it; uses of the native are the
// mapping's `CORBA::servant_reference<PortableServer::Servant>`, uses of the typedef its
// target type (so omniORB's IDL still marshals the short it declares).
bool provided_by_runtime(const Decl& decl);
// Whether a type is an object reference (`Object`, an interface, or an alias of one).
bool is_object_type(const Type& type);
// The class an object reference type refers to ("::CORBA::Object", "::M::I", or the alias
// "::M::A" of an interface); empty for other types.
std::string object_class(const Type& type);
// Whether the C++ type has operator== (CORBA::Any has none, nor does what holds one), so
// a defaulted operator== is not written where it would be deleted.
bool has_equality(const Type& type);
// Whether a member needs "{}" to be value-initialised (arithmetic, enums, arrays); class
// types are left to their default constructors, which also keeps members whose type is
// still incomplete (recursion through a forward declaration) out of the class definition.
bool needs_value_init(const Type& type);

// Arithmetic, enum or a user native (a void* handle): passed and returned by value.
bool is_by_value(const Type& type);

// The function returning a named declaration's TypeCode: "::rtorb::typecodes::M::S_tc".
std::string tc_function(const Decl& decl);
// The namespace holding it ("rtorb::typecodes::M") and its unqualified name ("S_tc").
std::string tc_namespace(const Decl& decl);
std::string tc_function_name(const Decl& decl);

// An expression building the TypeCode of `type`. References to declarations listed in
// `enclosing` become recursive placeholders; typedefs are expanded in place so that a
// recursive type reached through an alias never re-enters its own initialisation.
std::string tc_expr(const Type& type, const std::vector<const Decl*>& enclosing);
// The TypeCode of declaration `decl` (struct, union, enum, exception, typedef, interface).
std::string tc_decl_expr(const Decl& decl, const std::vector<const Decl*>& enclosing);

// The member list of a struct, exception or union TypeCode: one "{name, type, label, 1},"
// entry per member (per label for unions), and the default member's index or -1.
struct TcMembers {
  std::vector<std::string> entries;
  int default_index = -1;
};
TcMembers tc_members(const Decl& decl, const std::vector<const Decl*>& enclosing);

// A C++ string literal ("..." or L"...") of UTF-8 text.
std::string string_literal(const std::string& utf8, bool wide);
// A C++ expression for a constant value of (resolved) type `type`.
std::string value_literal(const ConstValue& value, const Type& type);
// A union label value as the int64 the TypeCode wants.
long long label_number(const ConstValue& value);

}  // namespace rtorb::idl::backend
