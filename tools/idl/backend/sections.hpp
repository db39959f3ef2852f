// The parts of fooC.h and fooC.cpp that the writers fill while walking the AST once; the
// generator then joins them in this order. Kept apart because C++ wants the types inside
// their namespaces but the traits, codecs and TypeCode functions outside them.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "backend/code_writer.hpp"
#include "frontend/ast.hpp"

namespace rtorb::idl::backend {

struct Operation;  // operations.hpp

// Opens and closes `namespace a::b {` blocks as consecutive entries change namespace.
class NamespaceRun {
 public:
  explicit NamespaceRun(CodeWriter& out) : out_(out) {}
  void enter(const std::string& ns);  // "" is the global namespace
  void finish() { enter(""); }

 private:
  CodeWriter& out_;
  std::string current_;
};

struct Sections {
  CodeWriter types;           // header: the mapped types in their namespaces
  CodeWriter deferred;        // header: member functions defined after every type (see Placement)
                              // and the stubs' inline direct check
  CodeWriter values;          // header: the OBV_ classes of value types, after every type
  CodeWriter typecode_decls;  // header: the rtorb::typecodes functions
  CodeWriter traits;          // header: inside namespace IDL
  CodeWriter codecs;          // header: inside namespace rtorb::cdr
  CodeWriter typecode_defs;   // source
  CodeWriter constants;       // source: _tc_X definitions
  CodeWriter any_ops;         // source
  CodeWriter codec_defs;      // source: inside namespace rtorb::cdr
  CodeWriter value_defs;      // source: value type members (ids, factories, state marshaling)
  CodeWriter stubs;           // source: what each stub does past its direct check
  CodeWriter servants;        // servant header: skeleton classes in namespace POA::...
  CodeWriter servant_traits;  // servant header: inside namespace CORBA
  CodeWriter skeletons;       // servant source: skeleton member functions
  bool amh = false;           // some interface has AMH: the servant header includes its runtime
  NamespaceRun typecode_decls_ns{typecode_decls};
  NamespaceRun typecode_defs_ns{typecode_defs};
  NamespaceRun any_ops_ns{any_ops};
  NamespaceRun values_ns{values};
  NamespaceRun servants_ns{servants};
};

// types_writer.cpp: every declaration of the main file under `scope`, as C++ types.
// `in_class` is true inside an interface or struct class (statics and friends then).
// Returns whether it wrote anything.
bool write_scope(const ScopeDecl& scope, bool in_class, Sections& out);
// interface_writer.cpp: the proxy (or local) class, its traits and its stubs; then the servant.
void write_interface(const InterfaceDecl& decl, Sections& out);
// poller_writer.cpp: polling AMI for an interface with AMI: `auto sendp_op(...);` in its
// proxy class, and AMI_<I>Poller with the sendp_ definitions (deferred, after write_coro_proxy).
void write_poller_declarations(const InterfaceDecl& decl, CodeWriter& w);
void write_poller(const InterfaceDecl& decl, Sections& out);
// ami_writer.cpp: the sendc_ operations of an interface with an AMI handler (declared in its
// proxy class; defined with the reply functions in the stubs).
void write_ami_declarations(const InterfaceDecl& decl, CodeWriter& w);
void write_ami_stubs(const InterfaceDecl& decl, Sections& out);
// coro_writer.cpp: for an interface with AMI, `async()` on its proxy (declared in the class)
// and the rtorb_coro::M::I class it returns, with the reply functions of its operations.
void write_coro_declaration(const InterfaceDecl& decl, CodeWriter& w);
void write_coro_proxy(const InterfaceDecl& decl, Sections& out);
// "async", or "ami_async" (ami_ again while taken) when the proxy has a member of that name.
std::string async_accessor_name(const InterfaceDecl& decl);
// In the skeleton of a reply handler's _excep operation: the user exceptions its
// ExceptionHolder argument may hold.
void write_ami_holder_exceptions(const Operation& op, CodeWriter& w);
// `return repository_id == "..." || ...;` over the ids interface `decl` is an instance of.
void write_is_a_return(const InterfaceDecl& decl, CodeWriter& w);
// The class direct collocated calls reach a servant of (non-local) `decl` through:
// "::M::rtorb_upcall_I" (the IDL name, so escaped names stay valid identifiers).
std::string upcall_class(const InterfaceDecl& decl);
// skeleton_writer.cpp: POA::M::I, its skeletons and dispatcher, CORBA::servant_traits<M::I>.
void write_servant(const InterfaceDecl& decl, Sections& out);
// The body of an rtorb_dispatch over `ops`: a perfect hash of their wire names to a table
// of skeletons; `skeleton(op)` is op's entry, taking (`self_type`, ServerRequest&).
void write_dispatch_table(const std::vector<Operation>& ops, const std::string& self_type,
                          const std::function<std::string(const Operation&)>& skeleton,
                          CodeWriter& w);
// What every servant base of `decl` declares (POA::I, AMH_I, CORO_I): _this, _is_a, the
// repository id and the dispatcher.
void write_servant_member_declarations(const InterfaceDecl& decl, CodeWriter& w);
// The definitions of _this, _is_a and the repository id in servant base `owner`
// ("POA::M::I::").
void write_servant_identity(const InterfaceDecl& decl, const std::string& owner, CodeWriter& w);
// amh_writer.cpp: for an interface with asynchronous method handling (rtorb-idl --amh,
// #pragma amh): AMH_<I>ResponseHandler, the servant base POA::AMH_<I>, its skeletons and
// dispatcher (docs/messaging.md, "AMH").
void write_amh(const InterfaceDecl& decl, Sections& out);
// value_writer.cpp: a value type (abstract class, V_init, OBV_ class) or value box, with
// its TypeCode, traits and any operators.
void write_value_type(const ValueTypeDecl& decl, Sections& out);
void write_value_box(const ValueBoxDecl& decl, Sections& out);
// union_writer.cpp
void write_union_class(const UnionDecl& decl, Sections& out);
void write_union_codec(const UnionDecl& decl, Sections& out);
// support_writer.cpp: TypeCode, traits, any operators and codec of one type.
void write_type_support(const Decl& decl, bool in_class, Sections& out);
// The namespace a declaration's free functions live in: its enclosing modules ("A::B").
std::string module_namespace(const Decl& decl);
// Where a class's member function bodies go: inline in the class, or (`deferred` set) declared
// there and defined `inline` after all types, for classes whose members use a type that is
// still incomplete (only forward declared) where the class is defined.
struct Placement {
  CodeWriter* deferred = nullptr;
  std::string owner;  // "M::S", the qualified class name for out-of-class definitions
};
// Writes `ret signature body` (ret empty for constructors) as placement says.
void member_function(CodeWriter& w, const Placement& p, const std::string& ret, const std::string& signature,
                     const std::string& body);
// Shared by the struct and exception writers.
void write_member_accessors(const MemberDecl& member, CodeWriter& w, const Placement& p);
void write_struct_codec(const Decl& decl, const std::vector<const MemberDecl*>& members, Sections& out);

}  // namespace rtorb::idl::backend
