// The client side of interfaces (IDL to C++11 mapping 6.7 - 6.9): the proxy class with one
// stub per operation and attribute accessor, IDL::traits<I> with narrow, and the stub
// bodies (static invocation: each stub marshals its arguments itself and reads its
// results, through rtorb::orb::Invocation). Local interfaces are abstract classes derived
// from CORBA::LocalObject, with neither stubs nor skeletons.
#include <string>
#include <vector>

#include "backend/cpp_mapping.hpp"
#include "backend/operations.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {
namespace {

bool is_local(const InterfaceDecl& decl) { return decl.flavor == InterfaceFlavor::local; }
bool is_abstract(const InterfaceDecl& decl) { return decl.flavor == InterfaceFlavor::abstract; }

// The abstract interfaces `decl` inherits from, directly or not.
std::vector<const InterfaceDecl*> abstract_ancestors(const InterfaceDecl& decl) {
  std::vector<const InterfaceDecl*> out;
  for (const InterfaceDecl* a : ancestors(decl)) {
    if (is_abstract(*a)) out.push_back(a);
  }
  return out;
}

// An abstract interface's class is a CORBA::AbstractBase, not an Object: a value may be
// one. An interface whose bases are all abstract adds CORBA::Object itself, and every proxy
// of an abstract interface's descendant is a rtorb::detail::AbstractObject (_to_object).
std::string base_list(const InterfaceDecl& decl) {
  std::string bases;
  bool has_local_base = false;
  bool has_object_base = false;
  for (const InterfaceDecl* base : decl.bases) {
    bases +=
        (bases.empty() ? " : " : ", ") + std::string("public virtual ") + qualified_name(*base);
    has_local_base = has_local_base || is_local(*base);
    has_object_base = has_object_base || !is_abstract(*base);
  }
  if (is_local(decl) && !has_local_base) {
    bases = " : public virtual ::CORBA::LocalObject" +
            (bases.empty() ? "" : ", " + bases.substr(3));
  }
  if (is_abstract(decl)) return bases.empty() ? " : public virtual ::CORBA::AbstractBase" : bases;
  if (bases.empty()) return " : public virtual ::CORBA::Object";
  if (!has_object_base && !is_local(decl)) bases += ", public virtual ::CORBA::Object";
  if (!is_local(decl) && !abstract_ancestors(decl).empty()) {
    bases += ", public virtual ::rtorb::detail::AbstractObject";
  }
  return bases;
}

// The operations of the abstract interfaces `decl` inherits: a proxy overrides them (the
// abstract classes declare them pure, since a value may implement them instead).
std::vector<Operation> abstract_inherited_operations(const InterfaceDecl& decl) {
  std::vector<Operation> out;
  for (const InterfaceDecl* a : abstract_ancestors(decl)) {
    for (Operation& op : own_operations(*a)) out.push_back(std::move(op));
  }
  return out;
}

void write_operation_declarations(const InterfaceDecl& decl, CodeWriter& w) {
  for (const Operation& op : own_operations(decl)) {
    if (!op.doc_comment.empty()) w.comment(op.doc_comment);
    w.line(is_local(decl) || is_abstract(decl) ? "virtual " + signature(op) + " = 0;"
                                               : signature(op) + ";");
  }
  if (is_local(decl) || is_abstract(decl)) return;
  for (const Operation& op : abstract_inherited_operations(decl)) {
    w.line(signature(op) + " override;");
  }
}

// The upcall class: the operations as pure virtuals with the stub signatures, mirroring
// IDL inheritance; POA::M::I derives from it, so a stub holding the servant (direct
// collocation) calls the user's overrides without marshaling.
void write_upcall_class(const InterfaceDecl& decl, CodeWriter& w) {
  const std::string name = "rtorb_upcall_" + decl.name;
  std::string bases;
  for (const InterfaceDecl* base : decl.bases)
    bases += (bases.empty() ? " : " : ", ") + std::string("public virtual ") + upcall_class(*base);
  if (bases.empty()) bases = " : public virtual ::rtorb::orb::DirectUpcall";
  w.line();
  w.line("// What a servant of " + decl.name + " implements (POA::" + definition_name(decl) +
         " derives from it);");
  w.line("// direct collocated calls reach the servant through it.");
  w.open("class " + name + bases);
  w.label("public:");
  for (const Operation& op : own_operations(decl)) {
    if (!op.doc_comment.empty()) w.comment(op.doc_comment);
    w.line("virtual " + signature(op) + " = 0;");
  }
  w.line();
  w.label("protected:");
  w.line(name + "() = default;");
  w.close(";");
}

// operator<<= / operator>>= for references of the interface (in its namespace, so ADL
// finds them through the template argument of object_reference). For an abstract interface
// the any holds the union of 9.3.7 (a reference or a value), its TypeCode tk_abstract_interface.
void write_reference_any_operators(const InterfaceDecl& decl, Sections& out) {
  const std::string ref = "::CORBA::object_reference<" + qualified_name(decl) + ">";
  const std::string insert = "void operator<<=(::CORBA::Any& any, const " + ref + "& value)";
  const std::string extract = "bool operator>>=(const ::CORBA::Any& any, " + ref + "& value)";
  out.types.line();
  out.types.line(insert + ";");
  out.types.line(extract + ";");
  out.any_ops_ns.enter(module_namespace(decl));
  out.any_ops.open(insert);
  const char* insert_function = is_abstract(decl) ? "insert_abstract" : "insert_object";
  out.any_ops.line("::rtorb::orb::" + std::string(insert_function) + "(any, value, " + tc_function(decl) + "());");
  out.any_ops.close();
  out.any_ops.open(extract);
  if (is_abstract(decl)) {
    out.any_ops.line("return ::rtorb::orb::extract_abstract(any, value, *" + tc_function(decl) + "());");
  } else {
    out.any_ops.line("return any.extract(value, *" + tc_function(decl) + "());");
  }
  out.any_ops.close();
  out.any_ops.line();
}

void write_proxy_members(const InterfaceDecl& decl, CodeWriter& w) {
  const std::string name = cpp_name(decl);
  w.line();
  w.label("protected:");
  w.line(name + "() = default;");
  if (is_abstract(decl)) return;
  w.open("bool rtorb_is_a_known(const std::string& repository_id) const override");
  write_is_a_return(decl, w);
  w.close();
  if (is_local(decl)) return;
  w.line();
  w.label("private:");
  w.line("friend struct ::rtorb::orb::ProxyAccess;");
  w.line("explicit " + name + "(std::shared_ptr<::rtorb::orb::ObjectCore> core)");
  w.line("    : ::CORBA::Object(std::move(core)) {}");
}

void write_interface_traits(const InterfaceDecl& decl, Sections& out) {
  const std::string type = qualified_name(decl);
  CodeWriter& w = out.traits;
  w.line("template <>");
  w.open("struct traits<" + type + ">");
  w.line("using ref_type = ::CORBA::object_reference<" + type + ">;");
  w.line("using weak_ref_type = ::CORBA::weak_object_reference<" + type + ">;");
  w.line("static constexpr const char* repository_id = " +
         string_literal(decl.repository_id, false) + ";");
  w.line("static const ::CORBA::typecode_reference& type_code() { return " + tc_function(decl) +
         "(); }");
  w.open("static ref_type narrow(::CORBA::object_reference<::CORBA::Object> object)");
  if (is_local(decl)) {
    w.line("return ::rtorb::detail::narrow_local<" + type + ">(object);");
  } else if (is_abstract(decl)) {
    w.line("if (auto same = ::rtorb::detail::narrow_abstract<" + type + ">(object)) return same;");
    w.line("return ::rtorb::detail::narrow_reference<" + type + "::rtorb_proxy>(object, repository_id);");
  } else {
    w.line("return ::rtorb::detail::narrow_reference<" + type + ">(object, repository_id);");
  }
  w.close();
  if (is_abstract(decl)) {
    // From another abstract reference (CORBA::AbstractBase, a base): a value or a proxy.
    w.line("template <class U, std::enable_if_t<!std::is_convertible_v<U*, ::CORBA::Object*>, int> = 0>");
    w.open("static ref_type narrow(const ::CORBA::object_reference<U>& abstract) noexcept");
    w.line("return ::rtorb::detail::narrow_abstract<" + type + ">(abstract);");
    w.close();
  } else if (!is_local(decl) && !abstract_ancestors(decl).empty()) {
    // From an abstract reference: nil when it holds a value.
    w.line("template <class U, std::enable_if_t<!std::is_convertible_v<U*, ::CORBA::Object*> &&");
    w.line("                                        std::is_convertible_v<U*, ::CORBA::AbstractBase*>, int> = 0>");
    w.open("static ref_type narrow(const ::CORBA::object_reference<U>& abstract)");
    w.line("return narrow(abstract ? abstract->_to_object() : nullptr);");
    w.close();
  }
  w.close(";");
  w.line();
}

// The marshaling function handed to Invocation (in and inout arguments in order), as a
// local lambda; returns the expression to pass.
std::string write_argument_writer(const Operation& op, CodeWriter& w) {
  bool any = false;
  for (const Argument& a : op.arguments) any = any || a.direction != ParamDirection::out;
  if (!any) return "[](::rtorb::cdr::OutputStream&) {}";
  const std::string name = local_name(op, "arguments");
  const std::string os = local_name(op, "os");
  w.open("const auto " + name + " = [&](::rtorb::cdr::OutputStream& " + os + ")");
  for (const Argument& a : op.arguments) {
    if (a.direction != ParamDirection::out)
      w.line("::rtorb::cdr::write(" + os + ", " + a.name + ");");
  }
  w.close(";");
  return name;
}

void write_exception_table(const Operation& op, const std::string& table, CodeWriter& w) {
  w.line("static constexpr ::rtorb::orb::UserExceptionEntry " + table + "[] = {");
  for (const ExceptionDecl* e : op.raises) {
    w.line("    {" + string_literal(e->repository_id, false) +
           ", &::rtorb::detail::UserExceptionReader<" + qualified_name(*e) + ">::raise},");
  }
  w.line("};");
}

// `upcall->op(a, b)`.
std::string upcall_expression(const Operation& op, const std::string& upcall) {
  std::string call = upcall + "->" + op.cpp_name + "(";
  for (std::size_t i = 0; i < op.arguments.size(); ++i)
    call += (i > 0 ? ", " : "") + op.arguments[i].name;
  return call + ")";
}

// -ORBCollocation direct: the servant's own member function, through the reference's memo
// (`lookup` is memoized_upcall, the stub's inline check, or direct_upcall, which also
// rebuilds the memo).
void write_direct_call(const Operation& op, const InterfaceDecl& decl, const std::string& lookup,
                       const std::string& self, CodeWriter& w) {
  const std::string upcall = local_name(op, "upcall");
  w.open("if (auto* " + upcall + " = ::rtorb::orb::" + lookup + "<" + upcall_class(decl) +
         ">(" + self + "))");
  if (op.result == nullptr) {
    w.line(upcall_expression(op, upcall) + ";");
    w.line("return;");
  } else {
    w.line("return " + upcall_expression(op, upcall) + ";");
  }
  w.close();
}

// Thru-POA collocation: the same member function inside a POA upcall, when the POA can
// apply its rules without a marshaled request.
void write_collocated_call(const Operation& op, const InterfaceDecl& decl,
                           const std::string& table, const std::string& self, CodeWriter& w) {
  const std::string result = local_name(op, "collocated_result");
  const std::string servant = local_name(op, "servant");
  const std::string upcall = local_name(op, "upcall");
  const std::string collocated = local_name(op, "collocated");
  if (op.result != nullptr) w.line("std::optional<" + cpp_type(*op.result) + "> " + result + ";");
  w.open("const auto " + collocated + " = [&](::rtorb::orb::DirectUpcall* " + servant + ")");
  w.line("auto* " + upcall + " = ::rtorb::orb::upcall_cast<" + upcall_class(decl) + ">(" +
         servant + ");");
  w.line("if (" + upcall + " == nullptr) return false;");
  if (op.result == nullptr) {
    w.line(upcall_expression(op, upcall) + ";");
  } else {
    w.line(result + ".emplace(" + upcall_expression(op, upcall) + ");");
  }
  w.line("return true;");
  w.close(";");
  std::string args = self + ", " + collocated;
  if (op.oneway) {
    args += ", {}, false";
  } else if (!op.raises.empty()) {
    args += ", " + table;
  }
  w.open("if (::rtorb::orb::collocated_upcall(" + args + "))");
  w.line(op.result == nullptr ? "return;" : "return std::move(*" + result + ");");
  w.close();
}

// The direct call that rebuilds the memo, the collocated upcall, then the request.
void write_request(const Operation& op, const InterfaceDecl& decl, const std::string& self,
                   CodeWriter& w) {
  const std::string call = local_name(op, "call");
  const std::string reply = local_name(op, "reply");
  const std::string table = local_name(op, "exceptions");
  write_direct_call(op, decl, "direct_upcall", self, w);
  if (!op.oneway && !op.raises.empty()) write_exception_table(op, table, w);
  write_collocated_call(op, decl, table, self, w);
  w.line("::rtorb::orb::Invocation " + call + "(" + self + ", " +
         string_literal(op.wire_name, false) + ");");
  const std::string writer = write_argument_writer(op, w);
  if (op.oneway) {
    w.line(call + ".invoke_oneway(" + writer + ");");
    return;
  }
  const std::string invoke =
      call + ".invoke(" + writer + (op.raises.empty() ? "" : ", " + table) + ")";
  bool has_out = false;
  for (const Argument& a : op.arguments) has_out = has_out || a.direction != ParamDirection::in;
  if (op.result == nullptr && !has_out) {
    w.line(invoke + ";");
  } else {
    w.line("::rtorb::cdr::InputStream& " + reply + " = " + invoke + ";");
    const std::string result = local_name(op, "result");
    if (op.result != nullptr && has_out) {
      w.line(cpp_type(*op.result) + " " + result + " = ::rtorb::cdr::read<" +
             cpp_type(*op.result) + ">(" + reply + ");");
    }
    for (const Argument& a : op.arguments) {
      if (a.direction != ParamDirection::in) {
        w.line("::rtorb::cdr::Codec<" + cpp_type(*a.type) + ">::read(" + reply + ", " + a.name +
               ");");
      }
    }
    if (op.result != nullptr) {
      w.line(has_out
                 ? "return " + result + ";"
                 : "return ::rtorb::cdr::read<" + cpp_type(*op.result) + ">(" + reply + ");");
    }
  }
}

// Where the out-of-line half of `decl`'s stubs lives: "rtorb_invoke::M::I".
std::string invoke_namespace(const InterfaceDecl& decl) {
  return "rtorb_invoke::" + definition_name(decl);
}

// The stub past the direct memo, `rtorb_invoke::M::I::op(M::I& self, args)`: a collocated
// upcall or a request. Declared in fooC.h for the inline stub, defined in fooC.cpp.
std::string invoke_signature(const Operation& op, const InterfaceDecl& decl,
                             const std::string& self) {
  std::string text = signature(op);
  // An abstract interface's class is no Object: its proxies pass themselves as one.
  const std::string target = is_abstract(decl) ? "::CORBA::Object" : qualified_name(decl);
  text.insert(result_type(op).size() + 1 + op.cpp_name.size() + 1,
              target + "& " + self + (op.arguments.empty() ? "" : ", "));
  return text;
}

void write_invoke_function(const Operation& op, const InterfaceDecl& decl, CodeWriter& w) {
  const std::string self = local_name(op, "self");
  w.line("namespace " + invoke_namespace(decl) + " {");
  // Out of line even under LTO: the stub at every call site stays the memo check alone.
  w.open("[[gnu::noinline]] " + invoke_signature(op, decl, self));
  write_request(op, decl, self, w);
  w.close();
  w.line("}  // namespace " + invoke_namespace(decl));
  w.line();
}

// The stub itself, inline in fooC.h after every type: the direct memo check at the call
// site, so that a direct collocated call costs a few loads and the servant's virtual call
// (a stub of its own measured 2.5 ns against 2.3 inline, for a 1.2 ns virtual call).
// `owner` declares the operation (an abstract ancestor's, which the proxy class `cls`
// overrides, or `cls`'s own); `declare` repeats the invoke function's declaration.
void write_inline_stub(const Operation& op, const InterfaceDecl& owner, const std::string& cls,
                       bool declare, CodeWriter& w) {
  if (declare) {
    w.line("namespace " + invoke_namespace(owner) + " {");
    w.line(invoke_signature(op, owner, local_name(op, "self")) + ";");
    w.line("}  // namespace " + invoke_namespace(owner));
  }
  w.open("inline " + signature(op, cls + "::"));
  write_direct_call(op, owner, "memoized_upcall", "*this", w);
  std::string call = "::" + invoke_namespace(owner) + "::" + op.cpp_name + "(*this";
  for (const Argument& a : op.arguments) call += ", " + a.name;
  w.line("return " + call + ");");
  w.close();
  w.line();
}

}  // namespace

// `return id == "A" || id == "B" ...;`, one repository id per line.
void write_is_a_return(const InterfaceDecl& decl, CodeWriter& w) {
  const std::vector<std::string> ids = is_a_ids(decl);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    w.line((i == 0 ? "return " : "       || ") + std::string("repository_id == ") +
           string_literal(ids[i], false) + (i + 1 == ids.size() ? ";" : ""));
  }
}

std::string upcall_class(const InterfaceDecl& decl) {
  const std::string ns = module_namespace(decl);
  return "::" + (ns.empty() ? "" : ns + "::") + "rtorb_upcall_" + decl.name;
}

// The class a TRUE branch (an object reference) of an abstract interface is read into, and
// what narrow makes: the interface's operations as stubs.
void write_abstract_proxy(const InterfaceDecl& decl, CodeWriter& w) {
  const std::string name = cpp_name(decl) + "::rtorb_proxy";
  w.line();
  w.line("// An object reference where a " + decl.name + " is expected.");
  w.open("class " + name + " final : public virtual " + qualified_name(decl) +
         ", public virtual ::rtorb::detail::AbstractObject");
  w.label("public:");
  for (const Operation& op : own_operations(decl)) w.line(signature(op) + " override;");
  for (const Operation& op : abstract_inherited_operations(decl)) w.line(signature(op) + " override;");
  w.line();
  w.label("protected:");
  w.open("bool rtorb_is_a_known(const std::string& repository_id) const override");
  write_is_a_return(decl, w);
  w.close();
  w.line();
  w.label("private:");
  w.line("friend struct ::rtorb::orb::ProxyAccess;");
  w.line("explicit rtorb_proxy(std::shared_ptr<::rtorb::orb::ObjectCore> core)");
  w.line("    : ::CORBA::Object(std::move(core)) {}");
  w.close(";");
}

void write_interface(const InterfaceDecl& decl, Sections& out) {
  CodeWriter& w = out.types;
  w.open("class " + cpp_name(decl) + base_list(decl));
  w.label("public:");
  if (is_abstract(decl)) {
    // Parameters of this type carry the abstract-interface union (rtorb/orb/abstract_codec.hpp).
    w.line("using rtorb_abstract_interface = " + cpp_name(decl.name) + ";");
    w.line("class rtorb_proxy;");
  }
  if (write_scope(decl, true, out) && !own_operations(decl).empty()) w.line();
  write_operation_declarations(decl, w);
  write_ami_declarations(decl, w);
  write_coro_declaration(decl, w);
  write_poller_declarations(decl, w);
  write_proxy_members(decl, w);
  w.close(";");
  if (is_abstract(decl)) write_abstract_proxy(decl, w);
  if (!is_local(decl)) write_upcall_class(decl, w);
  if (!is_local(decl)) write_reference_any_operators(decl, out);
  write_interface_traits(decl, out);
  if (is_local(decl)) return;
  const std::string cls = definition_name(decl) + (is_abstract(decl) ? "::rtorb_proxy" : "");
  for (const Operation& op : own_operations(decl)) {
    write_inline_stub(op, decl, cls, true, out.deferred);
    write_invoke_function(op, decl, out.stubs);
  }
  for (const InterfaceDecl* a : abstract_ancestors(decl)) {
    for (const Operation& op : own_operations(*a)) write_inline_stub(op, *a, cls, false, out.deferred);
  }
  write_ami_stubs(decl, out);
  write_coro_proxy(decl, out);
  write_poller(decl, out);
  write_servant(decl, out);
  if (decl.amh) write_amh(decl, out);
}

}  // namespace rtorb::idl::backend
