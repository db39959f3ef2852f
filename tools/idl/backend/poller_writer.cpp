// Polling AMI on the client side (CORBA Messaging 22.10): for an interface I with AMI, the
// type-specific poller AMI_<I>Poller (a class deriving from Messaging::Poller and from the
// pollers of I's bases with AMI in the same file) whose operations hand a reply over as
// out arguments, and the stub's sendp_ operations that send a request and return its
// poller. A reply is kept by the same reply functions as a coroutine's future
// (coro_writer.cpp), so the outcome types are the same (docs/messaging.md, "Polling").
#include <string>
#include <vector>

#include "backend/ami_calls.hpp"
#include "backend/cpp_mapping.hpp"
#include "backend/operations.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {
namespace {

std::string poller_class(const InterfaceDecl& decl) {
  const std::string ns = module_namespace(decl);
  return "::" + (ns.empty() ? "" : ns + "::") + decl.ami_poller;
}

// The pollers AMI_<I>Poller derives from besides Messaging::Poller.
std::vector<const InterfaceDecl*> poller_bases(const InterfaceDecl& decl) {
  std::vector<const InterfaceDecl*> out;
  for (const InterfaceDecl* base : decl.bases) {
    if (base->ami_handler != nullptr && base->in_main_file) out.push_back(base);
  }
  return out;
}

// sendp_op: the sendc_ operation's arguments without the handler.
Operation sendp_operation(const AmiOperation& ami, const AmiCall& call) {
  Operation op;
  op.cpp_name = cpp_name(ami.sendp_name);
  op.arguments.assign(call.sendc.arguments.begin() + 1, call.sendc.arguments.end());
  return op;
}

std::string sendp_signature(const AmiOperation& ami, const AmiCall& call, const std::string& owner) {
  return signature(sendp_operation(ami, call), owner).replace(0, 4, "auto");  // "void ..."
}

struct PollOperation {
  Type timeout_type;
  Operation op;
};

// void op(unsigned long timeout, out return value, out inout and out arguments).
void make_poll_operation(const AmiOperation& ami, const AmiCall& call, PollOperation& poll) {
  poll.timeout_type.kind = TypeKind::primitive;
  poll.timeout_type.primitive = PrimitiveKind::uint32;
  poll.op.cpp_name = cpp_name(ami.reply_name);
  std::string timeout = "timeout";
  for (const Argument& a : call.results) {
    if (a.name == timeout) timeout = "ami_" + timeout;
  }
  poll.op.arguments.push_back({ParamDirection::in, &poll.timeout_type, timeout});
  if (call.result != nullptr) poll.op.arguments.push_back({ParamDirection::out, call.result, "ami_return_val"});
  for (const Argument& a : call.results) poll.op.arguments.push_back({ParamDirection::out, a.type, a.name});
}

void write_poll_operation(const AmiOperation& ami, const AmiCall& call, CodeWriter& w) {
  PollOperation poll;
  make_poll_operation(ami, call, poll);
  const Operation& op = poll.op;
  w.open(signature(op));
  const std::string type = async_value_type(call);
  const std::string take = "rtorb_take<" + type + ">(" + op.arguments.front().name + ", " +
                           string_literal(call.wire_name, false) + ")";
  const std::size_t values = op.arguments.size() - 1;
  if (values == 0) {
    w.line(take + ";");
  } else if (values == 1) {
    w.line(op.arguments[1].name + " = " + take + ";");
  } else {
    const std::string value = local_name(op, "value");
    w.line("auto " + value + " = " + take + ";");
    for (std::size_t i = 1; i < op.arguments.size(); ++i) {
      w.line(op.arguments[i].name + " = std::move(std::get<" + std::to_string(i - 1) + ">(" + value + "));");
    }
  }
  w.close();
}

void write_poller_class(const InterfaceDecl& decl, CodeWriter& w) {
  const std::string ns = module_namespace(decl);
  const std::string name = cpp_name(decl.ami_poller);
  if (!ns.empty()) w.line("namespace " + ns + " {");
  w.line("// Polling AMI: the outcome of one of " + qualified_name(decl).substr(2) +
         "'s sendp_ calls (the implied IDL's " + decl.ami_poller + ").");
  std::string bases = " : public virtual ::Messaging::Poller";
  std::string init = "::Messaging::Poller(call)";
  for (const InterfaceDecl* base : poller_bases(decl)) {
    bases += ", public virtual " + poller_class(*base);
    init += ", " + poller_class(*base) + "(call)";
  }
  w.open("class " + name + bases);
  w.label("public:");
  w.line("using _ref_type = ::CORBA::valuetype_reference<" + name + ">;");
  w.line("// rtorb: made by the sendp_ operations.");
  w.line("explicit " + name + "(const ::Messaging::Poller::Call& call) : " + init + " {}");
  for (const AmiOperation& ami : decl.ami_operations) {
    w.line();
    write_poll_operation(ami, make_ami_call(decl, ami), w);
  }
  w.close(";");
  if (!ns.empty()) w.line("}  // namespace " + ns);
  w.line();
  w.line("template <>");
  w.open("struct IDL::traits<" + poller_class(decl) + ">");
  w.line("using value_type = " + poller_class(decl) + ";");
  w.line("using ref_type = ::CORBA::valuetype_reference<" + poller_class(decl) + ">;");
  w.line("using weak_ref_type = ::CORBA::weak_valuetype_reference<" + poller_class(decl) + ">;");
  w.line("static constexpr const char* repository_id = " + string_literal(decl.ami_poller_id, false) + ";");
  w.close(";");
  w.line();
}

void write_sendp(const InterfaceDecl& decl, const AmiOperation& ami, const AmiCall& call, CodeWriter& w) {
  const Operation op = sendp_operation(ami, call);
  w.open("inline " + sendp_signature(ami, call, definition_name(decl) + "::"));
  std::string writer = "[](::rtorb::cdr::OutputStream&) {}";
  if (!op.arguments.empty()) {
    writer = local_name(op, "arguments");
    const std::string os = local_name(op, "os");
    w.open("const auto " + writer + " = [&](::rtorb::cdr::OutputStream& " + os + ")");
    for (const Argument& a : op.arguments) w.line("::rtorb::cdr::write(" + os + ", " + a.name + ");");
    w.close(";");
  }
  w.line("return ::rtorb::messaging::send_polled<" + poller_class(decl) + ", " + async_value_type(call) +
         ">(*this, " + string_literal(call.wire_name, false) + ", " + writer + ", &" +
         async_reply_function(decl, ami) + ");");
  w.close();
  w.line();
}

}  // namespace

void write_poller_declarations(const InterfaceDecl& decl, CodeWriter& w) {
  if (decl.ami_handler == nullptr || decl.ami_operations.empty()) return;
  w.line();
  w.line("// Polling AMI: the request goes out now; its reply waits in the " + decl.ami_poller +
         " returned.");
  for (const AmiOperation& ami : decl.ami_operations)
    w.line(sendp_signature(ami, make_ami_call(decl, ami), "") + ";");
}

void write_poller(const InterfaceDecl& decl, Sections& out) {
  if (decl.ami_handler == nullptr) return;
  write_poller_class(decl, out.deferred);
  for (const AmiOperation& ami : decl.ami_operations)
    write_sendp(decl, ami, make_ami_call(decl, ami), out.deferred);
}

}  // namespace rtorb::idl::backend
