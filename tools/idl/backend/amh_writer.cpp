// Asynchronous method handling on the server (TAO's AMH, in the IDL to C++11 style of the
// AMI code): for an interface I that asks for it (rtorb-idl --amh, #pragma amh I),
// - M::AMH_<I>ResponseHandler, with one reply operation per operation of I and of the
//   interfaces it inherits from (`op(return value, inout and out values)`; `get_a(value)`
//   and `set_a()` for attributes) and its `_excep` twin taking any CORBA::Exception;
// - POA::M::AMH_<I>, the servant base: per operation a pure virtual `op(handler, in and
//   inout values)` returning nothing, the skeletons that read the arguments, defer the
//   reply and make the upcall, and a dispatcher over the same perfect hash as I's.
// - POA::M::CORO_<I>, the coroutine servant base: per operation a pure virtual coroutine
//   `rtorb::coro::task<T> op(in and inout values, by value)` whose co_return is the reply
//   (T as an async() call of op gives it), with skeletons that start the coroutine and
//   reply through the same handler when it ends (rtorb/coro/servant.hpp).
// The reply travels on the wire as any other, so clients cannot tell (docs/messaging.md).
#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "backend/cpp_mapping.hpp"
#include "backend/operations.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {
namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// "AMH_IResponseHandler", "AMH_I": beside I, in its module.
std::string handler_name(const InterfaceDecl& decl) { return "AMH_" + decl.name + "ResponseHandler"; }
std::string skeleton_name(const InterfaceDecl& decl) { return "AMH_" + decl.name; }
std::string coro_name(const InterfaceDecl& decl) { return "CORO_" + decl.name; }

std::string module_prefix(const InterfaceDecl& decl) {
  const std::string ns = module_namespace(decl);
  return ns.empty() ? "::" : "::" + ns + "::";
}

std::string handler_class(const InterfaceDecl& decl) {
  return module_prefix(decl) + handler_name(decl);
}

// "::POA::M::<name>": a servant base of decl's.
std::string poa_class(const InterfaceDecl& decl, const std::string& name) {
  const std::string ns = module_namespace(decl);
  return "::POA::" + (ns.empty() ? "" : ns + "::") + name;
}

std::string skeleton_class(const InterfaceDecl& decl) { return poa_class(decl, skeleton_name(decl)); }
std::string coro_class(const InterfaceDecl& decl) { return poa_class(decl, coro_name(decl)); }

std::string handler_ref(const InterfaceDecl& decl) {
  return "::IDL::traits<" + handler_class(decl) + ">::ref_type";
}

// One operation as the handler and the AMH servant see it.
struct AmhOperation {
  const Operation* op = nullptr;
  Operation reply;       // void op(in return value, in inout/out values) on the handler
  std::string excep;     // op_excep, made unique
  Operation upcall;      // void op(in/inout values as in) on the servant, handler first
};

// The handler's reply name of `op`: the operation's, get_/set_ + the attribute's.
std::string reply_base(const Operation& op) {
  if (op.wire_name.rfind("_get_", 0) == 0) return "get_" + op.wire_name.substr(5);
  if (op.wire_name.rfind("_set_", 0) == 0) return "set_" + op.wire_name.substr(5);
  return op.cpp_name;
}

// `name` made unique among `taken` by inserting "amh_" at `at`, and taken.
std::string unique_at(const std::string& name, std::size_t at, std::set<std::string>& taken) {
  std::string candidate = name;
  while (taken.count(lower(candidate)) != 0) candidate.insert(at, "amh_");
  taken.insert(lower(candidate));
  return candidate;
}

std::vector<AmhOperation> amh_operations(const std::vector<Operation>& ops) {
  std::vector<AmhOperation> out(ops.size());
  std::set<std::string> taken;
  for (const Operation& op : ops) {
    if (reply_base(op) == op.cpp_name) taken.insert(lower(op.cpp_name));
  }
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const Operation& op = ops[i];
    AmhOperation& a = out[i];
    a.op = &op;
    const std::string base = reply_base(op);
    a.reply.cpp_name = base == op.cpp_name ? base : unique_at(base, 4, taken);
    if (op.result != nullptr)
      a.reply.arguments.push_back({ParamDirection::in, op.result, local_name(op, "return_value")});
    a.upcall.cpp_name = op.cpp_name;
    for (const Argument& arg : op.arguments) {
      if (arg.direction != ParamDirection::in)
        a.reply.arguments.push_back({ParamDirection::in, arg.type, arg.name});
      if (arg.direction != ParamDirection::out)
        a.upcall.arguments.push_back({ParamDirection::in, arg.type, arg.name});
    }
    a.excep = unique_at(a.reply.cpp_name + "_excep", a.reply.cpp_name.size() + 1, taken);
  }
  return out;
}

// "void op(ref_type handler, args...)" for the AMH servant's pure virtual.
std::string upcall_signature(const InterfaceDecl& decl, const AmhOperation& a,
                             const std::string& handler) {
  std::string text = signature(a.upcall);
  const std::size_t open = text.find('(');
  const bool more = !a.upcall.arguments.empty();
  text.insert(open + 1, handler_ref(decl) + " " + handler + (more ? ", " : ""));
  return text;
}

void write_handler_class(const InterfaceDecl& decl, const std::vector<AmhOperation>& ops,
                         Sections& out) {
  out.servants_ns.enter(module_namespace(decl));
  CodeWriter& w = out.servants;
  const std::string name = handler_name(decl);
  w.line("// Replies to a request of " + decl.name +
         " that an AMH servant took (rtorb-idl --amh): exactly once, from any");
  w.line("// thread; one dropped without a reply answers NO_RESPONSE (rtorb/messaging/response_handler.hpp).");
  w.open("class " + name + " final : public ::rtorb::messaging::ResponseHandler");
  w.label("public:");
  w.line("explicit " + name + "(std::unique_ptr<::rtorb::orb::DeferredReply> reply) noexcept");
  w.line("    : ::rtorb::messaging::ResponseHandler(std::move(reply)) {}");
  w.line();
  for (const AmhOperation& a : ops) {
    w.line(signature(a.reply) + ";");
    w.line("void " + a.excep + "(const ::CORBA::Exception& exception);");
  }
  w.close(";");
  w.line();
  out.servants_ns.enter("IDL");
  w.line("template <>");
  w.open("struct traits<" + handler_class(decl) + ">");
  w.line("using ref_type = std::shared_ptr<" + handler_class(decl) + ">;");
  w.close(";");
  w.line();
}

// An AMH or coroutine servant base `name` (its qualified form `qualified`) in POA::M, after
// the comment `about`: one pure virtual per operation, as `signature` spells it, then what
// every servant has.
template <class Signature>
void write_servant_base(const InterfaceDecl& decl, const std::vector<AmhOperation>& ops,
                        const std::string& name, const std::string& qualified,
                        const std::vector<std::string>& about, const Signature& signature,
                        Sections& out) {
  const std::string ns = module_namespace(decl);
  out.servants_ns.enter(ns.empty() ? "POA" : "POA::" + ns);
  CodeWriter& w = out.servants;
  for (const std::string& line : about) w.line("// " + line);
  w.open("class " + name + " : public virtual ::PortableServer::Servant");
  w.label("public:");
  for (const AmhOperation& a : ops) {
    if (!a.op->doc_comment.empty()) w.comment(a.op->doc_comment);
    w.line("virtual " + signature(a) + " = 0;");
  }
  if (!ops.empty()) w.line();
  write_servant_member_declarations(decl, w);
  w.line();
  w.label("protected:");
  w.line(name + "() = default;");
  for (const AmhOperation& a : ops) {
    w.line("static void " + a.op->skeleton + "(" + qualified + "& " + local_name(*a.op, "self") +
           ", ::rtorb::orb::ServerRequest& " + local_name(*a.op, "request") + ");");
  }
  w.close(";");
  w.line();
}

void write_skeleton_class(const InterfaceDecl& decl, const std::vector<AmhOperation>& ops,
                          Sections& out) {
  write_servant_base(decl, ops, skeleton_name(decl), skeleton_class(decl),
                     {"The servant base of " + decl.name +
                          " with asynchronous method handling: each operation gets a response",
                      "handler first and returns nothing; the reply goes when the handler says so."},
                     [&](const AmhOperation& a) {
                       return upcall_signature(decl, a, local_name(a.upcall, "handler"));
                     },
                     out);
}

void write_reply_functions(const InterfaceDecl& decl, const AmhOperation& a, CodeWriter& w) {
  const std::string owner = handler_class(decl).substr(2) + "::";
  w.open(signature(a.reply, owner));
  const std::string out = local_name(a.reply, "out");
  if (a.reply.arguments.empty()) {
    w.line("rtorb_reply();");
  } else {
    w.line("::rtorb::cdr::OutputStream& " + out + " = rtorb_reply();");
    for (const Argument& arg : a.reply.arguments)
      w.line("::rtorb::cdr::write(" + out + ", " + arg.name + ");");
  }
  w.line("rtorb_send();");
  w.close();
  w.line();
  w.open("void " + owner + a.excep + "(const ::CORBA::Exception& exception)");
  for (const ExceptionDecl* e : a.op->raises) {
    w.open("if (const auto* user = dynamic_cast<const " + qualified_name(*e) + "*>(&exception))");
    w.line("::rtorb::cdr::write(rtorb_user_exception(), *user);");
    w.line("rtorb_send();");
    w.line("return;");
    w.close();
  }
  w.line("rtorb_other_exception(exception);");
  w.close();
  w.line();
}

void write_skeleton(const InterfaceDecl& decl, const AmhOperation& a, CodeWriter& w) {
  const Operation& op = *a.op;
  const std::string self = local_name(op, "self");
  const std::string request = local_name(op, "request");
  const std::string handler = local_name(op, "handler");
  const std::string exception = local_name(op, "exception");
  w.open("void " + skeleton_class(decl).substr(2) + "::" + op.skeleton + "(" +
         skeleton_class(decl) + "& " + self + ", ::rtorb::orb::ServerRequest& " + request + ")");
  bool reads = false;
  for (const Argument& arg : op.arguments) reads = reads || arg.direction != ParamDirection::out;
  const std::string in = local_name(op, "in");
  if (reads) w.line("::rtorb::cdr::InputStream& " + in + " = " + request + ".arguments();");
  std::string call = self + "." + op.cpp_name + "(" + handler;
  for (const Argument& arg : op.arguments) {
    if (arg.direction == ParamDirection::out) continue;
    const std::string type = cpp_type(*arg.type);
    w.line(type + " " + arg.name + " = ::rtorb::cdr::read<" + type + ">(" + in + ");");
    call += ", " + arg.name;
  }
  call += ")";
  w.line("// After the arguments are read: they are viewed in the request, gone once this returns.");
  w.line("auto " + handler + " = std::make_shared<" + handler_class(decl) + ">(" + request +
         ".defer_reply());");
  w.open("try");
  w.line(call + ";");
  w.close(" catch (const ::CORBA::Exception& " + exception + ") {");
  w.indent();
  w.line("if (!" + handler + "->rtorb_replied()) " + handler + "->" + a.excep + "(" + exception +
         ");");
  w.close(" catch (...) {");
  w.indent();
  w.line(handler + "->rtorb_upcall_raised(std::current_exception());");
  w.close();
  w.close();
  w.line();
}

// _this, _is_a, the repository id and the dispatcher of the servant base `servant_class`.
void write_servant_functions(const InterfaceDecl& decl, const std::vector<Operation>& ops,
                             const std::string& servant_class, CodeWriter& w) {
  const std::string owner = servant_class.substr(2) + "::";
  write_servant_identity(decl, owner, w);
  w.open("void " + owner + "rtorb_dispatch(::rtorb::orb::ServerRequest& request)");
  if (ops.empty()) {
    w.line("::PortableServer::Servant::rtorb_dispatch(request);");
  } else {
    w.line("// The operations of " + decl.name + " and its bases, by the same perfect hash as " +
           decl.name + "'s skeleton.");
    write_dispatch_table(ops, servant_class + "&",
                         [](const Operation& op) { return op.skeleton; }, w);
  }
  w.close();
  w.line();
}

// What the coroutine of `a` gives back: void, the one reply value, or a tuple of them
// (the return value, then inout and out values), as an async() call gives.
std::string coro_value_type(const AmhOperation& a) {
  const std::vector<Argument>& values = a.reply.arguments;
  if (values.empty()) return "void";
  if (values.size() == 1) return cpp_type(*values.front().type);
  std::string tuple = "std::tuple<";
  for (std::size_t i = 0; i < values.size(); ++i)
    tuple += (i > 0 ? ", " : "") + cpp_type(*values[i].type);
  return tuple + ">";
}

// "::rtorb::coro::task<T> op(A a, B b)": every argument by value, since the coroutine's
// frame outlives the skeleton that read them.
std::string coro_signature(const AmhOperation& a) {
  std::string text = "::rtorb::coro::task<" + coro_value_type(a) + "> " + a.upcall.cpp_name + "(";
  for (std::size_t i = 0; i < a.upcall.arguments.size(); ++i) {
    const Argument& arg = a.upcall.arguments[i];
    text += (i > 0 ? ", " : "") + cpp_type(*arg.type) + " " + arg.name;
  }
  return text + ")";
}

void write_coro_class(const InterfaceDecl& decl, const std::vector<AmhOperation>& ops,
                      Sections& out) {
  write_servant_base(decl, ops, coro_name(decl), coro_class(decl),
                     {"The servant base of " + decl.name +
                          " whose operations are coroutines: what one co_returns (or raises)",
                      "is its reply, sent when it ends, on the thread that ran its last step",
                      "(rtorb/coro/servant.hpp)."},
                     coro_signature, out);
}

// The lambda that hands the coroutine's value to the handler's reply operation.
std::string coro_reply_lambda(const InterfaceDecl& decl, const AmhOperation& a,
                              const std::string& handler) {
  const std::string head = "[](" + handler_class(decl) + "& " + handler;
  const std::size_t n = a.reply.arguments.size();
  if (n == 0) return head + ") { " + handler + "." + a.reply.cpp_name + "(); }";
  const std::string value = local_name(*a.op, "value");
  std::string call = handler + "." + a.reply.cpp_name + "(";
  if (n == 1) {
    call += value;
  } else {
    for (std::size_t i = 0; i < n; ++i)
      call += (i > 0 ? ", " : "") + std::string("std::get<") + std::to_string(i) + ">(" + value + ")";
  }
  return head + ", auto&& " + value + ") { " + call + "); }";
}

void write_coro_skeleton(const InterfaceDecl& decl, const AmhOperation& a, CodeWriter& w) {
  const Operation& op = *a.op;
  const std::string self = local_name(op, "self");
  const std::string request = local_name(op, "request");
  const std::string handler = local_name(op, "handler");
  const std::string exception = local_name(op, "exception");
  w.open("void " + coro_class(decl).substr(2) + "::" + op.skeleton + "(" + coro_class(decl) +
         "& " + self + ", ::rtorb::orb::ServerRequest& " + request + ")");
  bool reads = false;
  for (const Argument& arg : op.arguments) reads = reads || arg.direction != ParamDirection::out;
  const std::string in = local_name(op, "in");
  if (reads) w.line("::rtorb::cdr::InputStream& " + in + " = " + request + ".arguments();");
  std::string call = self + "." + op.cpp_name + "(";
  bool first = true;
  for (const Argument& arg : op.arguments) {
    if (arg.direction == ParamDirection::out) continue;
    const std::string type = cpp_type(*arg.type);
    w.line(type + " " + arg.name + " = ::rtorb::cdr::read<" + type + ">(" + in + ");");
    call += (first ? "" : ", ") + (is_by_value(*arg.type) ? arg.name : "std::move(" + arg.name + ")");
    first = false;
  }
  call += ")";
  if (reads) w.line("// The coroutine's frame takes the arguments by value: it outlives the request.");
  w.line("::rtorb::coro::detail::reply_when_done(");
  w.line("    [&] { return " + call + "; },");
  w.line("    std::make_shared<" + handler_class(decl) + ">(" + request + ".defer_reply()),");
  w.line("    " + coro_reply_lambda(decl, a, handler) + ",");
  w.line("    [](" + handler_class(decl) + "& " + handler + ", const ::CORBA::Exception& " +
         exception + ") { " + handler + "." + a.excep + "(" + exception + "); });");
  w.close();
  w.line();
}

}  // namespace

void write_amh(const InterfaceDecl& decl, Sections& out) {
  out.amh = true;
  const std::vector<Operation> ops = all_operations(decl);
  const std::vector<AmhOperation> amh = amh_operations(ops);
  write_handler_class(decl, amh, out);
  write_skeleton_class(decl, amh, out);
  CodeWriter& s = out.skeletons;
  s.line("// AMH_" + decl.name + "ResponseHandler and AMH_" + decl.name);
  s.line();
  for (const AmhOperation& a : amh) write_reply_functions(decl, a, s);
  write_servant_functions(decl, ops, skeleton_class(decl), s);
  for (const AmhOperation& a : amh) write_skeleton(decl, a, s);
  write_coro_class(decl, amh, out);
  s.line("// CORO_" + decl.name);
  s.line();
  write_servant_functions(decl, ops, coro_class(decl), s);
  for (const AmhOperation& a : amh) write_coro_skeleton(decl, a, s);
}

}  // namespace rtorb::idl::backend
