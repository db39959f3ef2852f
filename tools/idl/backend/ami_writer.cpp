// AMI callbacks on the client side (CORBA Messaging 22.7, 22.11): for an interface with
// AMI_<I>Handler, the stub's sendc_ operations (the request, sent as an ordinary twoway,
// returns once written) and the reply functions the ORB calls with each reply, which read
// it and call the handler's operation or its _excep twin (docs/messaging.md, "AMI").
#include <string>
#include <vector>

#include "backend/ami_calls.hpp"
#include "backend/cpp_mapping.hpp"
#include "backend/operations.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {

AmiCall make_ami_call(const InterfaceDecl& decl, const AmiOperation& ami) {
  AmiCall call;
  call.handler_type.kind = TypeKind::named;
  call.handler_type.declaration = decl.ami_handler;
  call.sendc.cpp_name = cpp_name(ami.sendc_name);
  call.sendc.owner = &decl;
  call.sendc.arguments.push_back({ParamDirection::in, &call.handler_type, "ami_handler"});
  if (ami.operation != nullptr) {
    const OperationDecl& op = *ami.operation;
    call.wire_name = op.name;
    for (const Parameter& p : op.parameters) {
      if (p.direction != ParamDirection::out)
        call.sendc.arguments.push_back({ParamDirection::in, p.type.get(), cpp_name(p.name)});
      if (p.direction != ParamDirection::in)
        call.results.push_back({ParamDirection::in, p.type.get(), cpp_name(p.name)});
    }
    const bool is_void = op.return_type->kind == TypeKind::primitive &&
                         op.return_type->primitive == PrimitiveKind::void_type;
    call.result = is_void ? nullptr : op.return_type.get();
    call.raises.assign(op.raises.begin(), op.raises.end());
  } else if (ami.setter) {
    call.wire_name = "_set_" + ami.attribute->name;
    call.sendc.arguments.push_back(
        {ParamDirection::in, ami.attribute->type.get(), "attr_" + ami.attribute->name});
    call.raises.assign(ami.attribute->set_raises.begin(), ami.attribute->set_raises.end());
  } else {
    call.wire_name = "_get_" + ami.attribute->name;
    call.result = ami.attribute->type.get();
    call.raises.assign(ami.attribute->get_raises.begin(), ami.attribute->get_raises.end());
  }
  return call;
}

namespace {

// "rtorb_ami::M::I": where the reply functions of I's sendc_ operations live.
std::string reply_namespace(const InterfaceDecl& decl) { return "rtorb_ami::" + definition_name(decl); }

void write_reply_function(const InterfaceDecl& decl, const AmiOperation& ami, const AmiCall& call,
                          CodeWriter& w) {
  const std::string handler_class = qualified_name(*decl.ami_handler);
  w.open("void " + cpp_name(ami.reply_name) +
         "(::CORBA::Object& handler_object, ::rtorb::orb::AsyncReply& reply)");
  w.line("auto& handler = dynamic_cast<" + handler_class + "&>(handler_object);");
  std::string table = "{}";
  if (!call.raises.empty()) {
    table = "exceptions";
    write_exception_table(call.raises, w);
  }
  w.open("if (reply.kind() != ::rtorb::orb::AsyncReply::Kind::result)");
  w.line("handler." + cpp_name(ami.excep_name) +
         "(::Messaging::ExceptionHolder::rtorb_from_reply(reply, " + table + "));");
  w.line("return;");
  w.close();
  std::string arguments;
  if (call.result != nullptr || !call.results.empty()) {
    w.line("::rtorb::cdr::InputStream& in = reply.result();");
  }
  if (call.result != nullptr) {
    const std::string type = cpp_type(*call.result);
    w.line("const " + type + " ami_return_val = ::rtorb::cdr::read<" + type + ">(in);");
    arguments = "ami_return_val";
  }
  for (const Argument& a : call.results) {
    const std::string type = cpp_type(*a.type);
    w.line(type + " " + a.name + "_value{};");
    w.line("::rtorb::cdr::Codec<" + type + ">::read(in, " + a.name + "_value);");
    arguments += (arguments.empty() ? "" : ", ") + a.name + "_value";
  }
  w.line("handler." + cpp_name(ami.reply_name) + "(" + arguments + ");");
  w.close();
  w.line();
}

void write_sendc(const InterfaceDecl& decl, const AmiOperation& ami, const AmiCall& call,
                 CodeWriter& w) {
  const Operation& op = call.sendc;
  w.open(signature(op, definition_name(decl) + "::"));
  const std::string invocation = local_name(op, "call");
  w.line("::rtorb::orb::Invocation " + invocation + "(*this, " +
         string_literal(call.wire_name, false) + ");");
  std::string writer = "[](::rtorb::cdr::OutputStream&) {}";
  if (op.arguments.size() > 1) {
    writer = local_name(op, "arguments");
    const std::string os = local_name(op, "os");
    w.open("const auto " + writer + " = [&](::rtorb::cdr::OutputStream& " + os + ")");
    for (std::size_t i = 1; i < op.arguments.size(); ++i)
      w.line("::rtorb::cdr::write(" + os + ", " + op.arguments[i].name + ");");
    w.close(";");
  }
  w.line(invocation + ".invoke_async(" + writer + ", ami_handler, &::" + reply_namespace(decl) +
         "::" + cpp_name(ami.reply_name) + ");");
  w.close();
  w.line();
}

}  // namespace

void write_exception_table(const std::vector<const ExceptionDecl*>& raises, CodeWriter& w) {
  w.line("static constexpr ::rtorb::orb::UserExceptionEntry exceptions[] = {");
  for (const ExceptionDecl* e : raises) {
    w.line("    {" + string_literal(e->repository_id, false) +
           ", &::rtorb::detail::UserExceptionReader<" + qualified_name(*e) + ">::raise},");
  }
  w.line("};");
}

void write_ami_holder_exceptions(const Operation& op, CodeWriter& w) {
  const InterfaceDecl* target = op.owner == nullptr ? nullptr : op.owner->ami_for;
  if (target == nullptr) return;
  for (const AmiOperation& ami : target->ami_operations) {
    if (ami.excep_name != op.wire_name) continue;
    const AmiCall call = make_ami_call(*target, ami);
    if (call.raises.empty()) return;
    // A holder that came over the wire knows bytes only: which user exceptions it may
    // hold is the operation's.
    write_exception_table(call.raises, w);
    w.line("if (excep_holder) excep_holder->rtorb_exceptions(exceptions);");
    return;
  }
}

void write_ami_declarations(const InterfaceDecl& decl, CodeWriter& w) {
  if (decl.ami_handler == nullptr) return;
  w.line();
  w.line("// AMI: the request goes out now; its reply reaches ami_handler from the ORB's event loop.");
  for (const AmiOperation& ami : decl.ami_operations) {
    const AmiCall call = make_ami_call(decl, ami);
    w.line(signature(call.sendc) + ";");
  }
}

void write_ami_stubs(const InterfaceDecl& decl, Sections& out) {
  if (decl.ami_handler == nullptr || decl.ami_operations.empty()) return;
  CodeWriter& w = out.stubs;
  w.line("namespace " + reply_namespace(decl) + " {");
  for (const AmiOperation& ami : decl.ami_operations)
    write_reply_function(decl, ami, make_ami_call(decl, ami), w);
  w.line("}  // namespace " + reply_namespace(decl));
  w.line();
  for (const AmiOperation& ami : decl.ami_operations) write_sendc(decl, ami, make_ami_call(decl, ami), w);
}

}  // namespace rtorb::idl::backend
