// Coroutine calls on the client side: for an interface with AMI, `async()` on its proxy
// and the class it returns, `rtorb_coro::M::I`, whose operations send the request as its
// sendc_ twin does and return an rtorb::coro::future_reply to co_await; and the reply
// functions that read a reply into that future (docs/messaging.md, "Coroutines").
#include <algorithm>
#include <string>
#include <vector>

#include "backend/ami_calls.hpp"
#include "backend/cpp_mapping.hpp"
#include "backend/operations.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {
namespace {

// The interfaces whose asynchronous operations `decl`'s proxy offers: itself, then each
// ancestor that has AMI in the same file (the others have no reply functions to share).
std::vector<const InterfaceDecl*> coro_interfaces(const InterfaceDecl& decl) {
  std::vector<const InterfaceDecl*> out{&decl};
  for (const InterfaceDecl* base : ancestors(decl)) {
    if (base->ami_handler != nullptr && base->in_main_file) out.push_back(base);
  }
  return out;
}

// "rtorb_coro::M::I": the class `async()` returns.
std::string proxy_class(const InterfaceDecl& decl) {
  const std::string ns = module_namespace(decl);
  return "rtorb_coro::" + (ns.empty() ? "" : ns + "::") + cpp_name(decl);
}

// What co_await gives: nothing, the one value, or a tuple of the return value then the
// inout and out arguments.
std::string value_type(const AmiCall& call) {
  std::vector<std::string> types;
  if (call.result != nullptr) types.push_back(cpp_type(*call.result));
  for (const Argument& a : call.results) types.push_back(cpp_type(*a.type));
  if (types.empty()) return "void";
  if (types.size() == 1) return types.front();
  std::string tuple = "std::tuple<";
  for (std::size_t i = 0; i < types.size(); ++i) tuple += (i > 0 ? ", " : "") + types[i];
  return tuple + ">";
}

// The proxy's operation: the sendc_ operation's arguments without the handler.
Operation proxy_operation(const AmiOperation& ami, const AmiCall& call) {
  Operation op;
  op.cpp_name = cpp_name(ami.reply_name);
  op.arguments.assign(call.sendc.arguments.begin() + 1, call.sendc.arguments.end());
  return op;
}

std::string proxy_signature(const AmiOperation& ami, const AmiCall& call, const std::string& owner) {
  std::string text = signature(proxy_operation(ami, call), owner);  // "void ..."
  return text.replace(0, 4, "::rtorb::coro::future_reply<" + value_type(call) + ">");
}

std::string reply_function(const AmiOperation& ami) { return "rtorb_reply_" + ami.reply_name; }

void write_proxy_class(const InterfaceDecl& decl, CodeWriter& w) {
  const std::string ns = module_namespace(decl);
  w.line("namespace rtorb_coro" + (ns.empty() ? "" : "::" + ns) + " {");
  w.line("// " + qualified_name(decl).substr(2) +
         "'s operations for coroutines (its async()): each sends the request at once and");
  w.line("// returns the reply to co_await. Valid while the reference it came from lives.");
  w.open("class " + cpp_name(decl));
  w.label("public:");
  w.line("explicit " + cpp_name(decl) + "(" + qualified_name(decl) +
         "& target) noexcept : rtorb_target_(&target) {}");
  for (const InterfaceDecl* owner : coro_interfaces(decl)) {
    for (const AmiOperation& ami : owner->ami_operations)
      w.line(proxy_signature(ami, make_ami_call(*owner, ami), "") + ";");
  }
  w.line();
  w.line("// The ORB hands each reply to these.");
  for (const AmiOperation& ami : decl.ami_operations) {
    w.line("static void " + reply_function(ami) +
           "(::CORBA::Object& slot, ::rtorb::orb::AsyncReply& reply);");
  }
  w.line();
  w.label("private:");
  w.line(qualified_name(decl) + "* rtorb_target_;");
  w.close(";");
  w.line("}  // namespace rtorb_coro" + (ns.empty() ? "" : "::" + ns));
  w.line();
}

void write_proxy_operation(const InterfaceDecl& decl, const InterfaceDecl& owner,
                           const AmiOperation& ami, const AmiCall& call, CodeWriter& w) {
  const Operation op = proxy_operation(ami, call);
  w.open(proxy_signature(ami, call, proxy_class(decl) + "::"));
  std::string writer = "[](::rtorb::cdr::OutputStream&) {}";
  if (!op.arguments.empty()) {
    writer = local_name(op, "arguments");
    const std::string os = local_name(op, "os");
    w.open("const auto " + writer + " = [&](::rtorb::cdr::OutputStream& " + os + ")");
    for (const Argument& a : op.arguments) w.line("::rtorb::cdr::write(" + os + ", " + a.name + ");");
    w.close(";");
  }
  w.line("return ::rtorb::coro::detail::call<" + value_type(call) + ">(*rtorb_target_, " +
         string_literal(call.wire_name, false) + ", " + writer + ", &::" + proxy_class(owner) +
         "::" + reply_function(ami) + ");");
  w.close();
  w.line();
}

void write_reply_function(const InterfaceDecl& decl, const AmiOperation& ami, const AmiCall& call,
                          CodeWriter& w) {
  w.open("void " + proxy_class(decl) + "::" + reply_function(ami) +
         "(::CORBA::Object& slot, ::rtorb::orb::AsyncReply& reply)");
  std::string table = "{}";
  if (!call.raises.empty()) {
    table = "exceptions";
    write_exception_table(call.raises, w);
  }
  const std::string type = value_type(call);
  const std::size_t values = (call.result != nullptr ? 1 : 0) + call.results.size();
  const std::string head = "::rtorb::coro::detail::deliver<" + type + ">(slot, reply, " + table + ", ";
  if (values == 0) {
    w.line(head + "[](::rtorb::cdr::InputStream&) {});");
  } else {
    w.open(head + "[](::rtorb::cdr::InputStream& in)");
    w.line(type + " value{};");
    std::vector<const Type*> types;
    if (call.result != nullptr) types.push_back(call.result);
    for (const Argument& a : call.results) types.push_back(a.type);
    for (std::size_t i = 0; i < types.size(); ++i) {
      const std::string target = values == 1 ? "value" : "std::get<" + std::to_string(i) + ">(value)";
      w.line("::rtorb::cdr::Codec<" + cpp_type(*types[i]) + ">::read(in, " + target + ");");
    }
    w.line("return value;");
    w.close(");");
  }
  w.close();
  w.line();
}

// Every C++ name `decl`'s proxy class has or inherits: operations, accessors, nested
// declarations.
bool member_name_taken(const InterfaceDecl& decl, const std::string& name) {
  for (const Operation& op : all_operations(decl)) {
    if (op.cpp_name == name) return true;
  }
  std::vector<const InterfaceDecl*> scopes{&decl};
  for (const InterfaceDecl* base : ancestors(decl)) scopes.push_back(base);
  for (const InterfaceDecl* scope : scopes) {
    for (const auto& child : scope->contents) {
      if (cpp_name(*child) == name) return true;
    }
  }
  return false;
}

}  // namespace

std::string async_value_type(const AmiCall& call) { return value_type(call); }

std::string async_reply_function(const InterfaceDecl& decl, const AmiOperation& ami) {
  return "::" + proxy_class(decl) + "::" + reply_function(ami);
}

std::string async_accessor_name(const InterfaceDecl& decl) {
  std::string name = "async";
  while (member_name_taken(decl, name)) name = "ami_" + name;
  return name;
}

void write_coro_declaration(const InterfaceDecl& decl, CodeWriter& w) {
  if (decl.ami_handler == nullptr) return;
  w.line();
  w.line("// Coroutines: async().op(...) sends the request and returns its reply to co_await");
  w.line("// (an rtorb::coro::future_reply).");
  w.line("auto " + async_accessor_name(decl) + "();");
}

void write_coro_proxy(const InterfaceDecl& decl, Sections& out) {
  if (decl.ami_handler == nullptr) return;
  write_proxy_class(decl, out.deferred);
  out.deferred.open("inline auto " + definition_name(decl) + "::" + async_accessor_name(decl) + "()");
  out.deferred.line("return ::" + proxy_class(decl) + "(*this);");
  out.deferred.close();
  out.deferred.line();
  CodeWriter& w = out.stubs;
  for (const AmiOperation& ami : decl.ami_operations)
    write_reply_function(decl, ami, make_ami_call(decl, ami), w);
  for (const InterfaceDecl* owner : coro_interfaces(decl)) {
    for (const AmiOperation& ami : owner->ami_operations)
      write_proxy_operation(decl, *owner, ami, make_ami_call(*owner, ami), w);
  }
}

}  // namespace rtorb::idl::backend
