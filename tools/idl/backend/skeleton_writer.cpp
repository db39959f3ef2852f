// The servant side of interfaces (IDL to C++11 mapping 6.25, TAOX11's naming): the
// skeleton class POA::M::I a servant derives from, with a pure virtual function per
// operation and attribute accessor; a static skeleton per operation that reads the
// arguments, makes the upcall and writes the results or the user exception; and
// rtorb_dispatch, which finds an operation of I or of any interface it inherits from in
// constant time through a perfect hash computed here (operation_table.hpp).
#include <functional>
#include <string>
#include <vector>

#include "backend/cpp_mapping.hpp"
#include "backend/operation_table.hpp"
#include "backend/operations.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {
namespace {

std::string servant_namespace(const InterfaceDecl& decl) {
  const std::string ns = module_namespace(decl);
  return ns.empty() ? "POA" : "POA::" + ns;
}

std::string servant_class(const InterfaceDecl& decl) {
  return "::POA::" + definition_name(decl);
}

std::string servant_bases(const InterfaceDecl& decl) {
  std::string bases;
  for (const InterfaceDecl* base : decl.bases) {
    bases +=
        (bases.empty() ? " : " : ", ") + std::string("public virtual ") + servant_class(*base);
  }
  if (bases.empty()) bases = " : public virtual ::PortableServer::Servant";
  return bases + ", public virtual " + upcall_class(decl);
}

std::string skeleton_signature(const Operation& op, const InterfaceDecl& decl,
                               const std::string& owner) {
  return "void " + owner + op.skeleton + "(" + servant_class(decl) + "& " +
         local_name(op, "self") + ", ::rtorb::orb::ServerRequest& " +
         local_name(op, "request") + ")";
}

// The types and exceptions nested in the interface, as aliases: in a servant derived from
// POA::I, the name `I` is the servant base class, so `I::Nested` must resolve there too.
void write_nested_aliases(const InterfaceDecl& decl, CodeWriter& w) {
  bool any = false;
  for (const auto& child : decl.contents) {
    const DeclKind k = child->kind;
    if (k != DeclKind::structure && k != DeclKind::union_type && k != DeclKind::enumeration &&
        k != DeclKind::exception && k != DeclKind::typedef_decl) {
      continue;
    }
    w.line("using " + cpp_name(*child) + " = " + qualified_name(*child) + ";");
    any = true;
  }
  if (any) w.line();
}

void write_servant_class(const InterfaceDecl& decl, const std::vector<Operation>& ops,
                         Sections& out) {
  const std::string name = cpp_name(decl);
  out.servants_ns.enter(servant_namespace(decl));
  CodeWriter& w = out.servants;
  if (!decl.doc_comment.empty()) w.comment(decl.doc_comment);
  w.open("class " + name + servant_bases(decl));
  w.label("public:");
  write_nested_aliases(decl, w);
  if (!ops.empty()) {
    w.line("// The operations to implement are the pure virtuals of " + upcall_class(decl) + ".");
    w.line();
  }
  write_servant_member_declarations(decl, w);
  w.line();
  w.label("protected:");
  w.line(name + "() = default;");
  if (!ops.empty())
    w.line(
        "// The skeletons; static so that the dispatchers of derived interfaces reach them "
        "too.");
  for (const Operation& op : ops) w.line("static " + skeleton_signature(op, decl, "") + ";");
  w.close(";");
  w.line();
}

// Whether writing a value of `type` may reach OutputStream::write_array: a sequence or
// array, or a constructed type that may hold one. Such results are made with
// ServerRequest::keep so that they outlive the skeleton and the reply can borrow their
// arrays instead of copying them (reply_borrowing).
bool may_hold_array(const Type& type) {
  const Type& t = resolve_alias(type);
  switch (t.kind) {
    case TypeKind::primitive:
    case TypeKind::string:
    case TypeKind::wide_string:
    case TypeKind::fixed:
      return false;
    case TypeKind::sequence:
    case TypeKind::array: {
      // Of primitives (bulk: write_array), or of something that may hold them.
      const Type& e = resolve_alias(*t.element);
      return e.kind == TypeKind::primitive ? !is_object_type(e) : may_hold_array(e);
    }
    case TypeKind::named:
      break;
  }
  if (is_object_type(t)) return false;
  const Decl* decl = named_target(t);
  return decl == nullptr || decl->kind != DeclKind::enumeration;
}

// Whether the reply borrows: some result, inout or out value is kept.
bool borrows_reply(const Operation& op) {
  bool kept = op.result != nullptr && may_hold_array(*op.result);
  for (const Argument& a : op.arguments)
    kept = kept || (a.direction != ParamDirection::in && may_hold_array(*a.type));
  return kept;
}

// An unbounded sequence of numbers (octets included): as an `in` argument it is read into
// storage the upcall thread keeps (rtorb::idl::InSequence), so that neither its allocation
// nor its zero-fill is repeated per request.
bool reuses_in_storage(const Type& type) {
  const Type& t = resolve_alias(type);
  if (t.kind != TypeKind::sequence || t.bound != 0) return false;
  const Type& e = resolve_alias(*t.element);
  if (e.kind != TypeKind::primitive) return false;
  switch (e.primitive) {
    case PrimitiveKind::octet:
    case PrimitiveKind::int16:
    case PrimitiveKind::uint16:
    case PrimitiveKind::int32:
    case PrimitiveKind::uint32:
    case PrimitiveKind::int64:
    case PrimitiveKind::uint64:
    case PrimitiveKind::float32:
    case PrimitiveKind::float64:
      return true;
    default:
      return false;
  }
}

// Reads in and inout arguments in order and declares out ones; inout and out values the
// reply borrows from are kept by the request.
void write_argument_reads(const Operation& op, const std::string& request, CodeWriter& w) {
  const std::string in = local_name(op, "in");
  bool reads = false;
  for (const Argument& a : op.arguments) reads = reads || a.direction != ParamDirection::out;
  if (reads) w.line("::rtorb::cdr::InputStream& " + in + " = " + request + ".arguments();");
  for (const Argument& a : op.arguments) {
    const std::string type = cpp_type(*a.type);
    const std::string read = "::rtorb::cdr::read<" + type + ">(" + in + ")";
    const bool kept = a.direction != ParamDirection::in && may_hold_array(*a.type);
    if (a.direction == ParamDirection::out) {
      w.line(kept ? type + "& " + a.name + " = " + request + ".keep<" + type + ">();"
                  : type + " " + a.name + "{};");
    } else if (kept) {
      w.line(type + "& " + a.name + " = " + request + ".keep<" + type + ">([&] { return " +
             read + "; });");
    } else if (a.direction == ParamDirection::in && reuses_in_storage(*a.type)) {
      const std::string holder = local_name(op, a.name + "_storage");
      w.line("const ::rtorb::idl::InSequence<" + type + "> " + holder + "(" + in + ");");
      w.line("const " + type + "& " + a.name + " = " + holder + ".value();");
    } else {
      w.line(type + " " + a.name + " = " + read + ";");
    }
  }
}

void write_skeleton(const Operation& op, const InterfaceDecl& decl, CodeWriter& w) {
  const std::string self = local_name(op, "self");
  const std::string request = local_name(op, "request");
  const std::string result = local_name(op, "result");
  w.open(skeleton_signature(op, decl, "POA::" + definition_name(decl) + "::"));
  write_argument_reads(op, request, w);
  write_ami_holder_exceptions(op, w);
  std::string call = self + "." + op.cpp_name + "(";
  for (std::size_t i = 0; i < op.arguments.size(); ++i)
    call += (i > 0 ? ", " : "") + op.arguments[i].name;
  call += ")";
  const std::string type = result_type(op);
  const bool keep_result = op.result != nullptr && may_hold_array(*op.result);
  if (op.raises.empty()) {
    if (op.result == nullptr) {
      w.line(call + ";");
    } else if (keep_result) {
      w.line(type + "& " + result + " = " + request + ".keep<" + type + ">([&] { return " +
             call + "; });");
    } else {
      w.line(type + " " + result + " = " + call + ";");
    }
  } else {
    if (keep_result) {
      w.line(type + "& " + result + " = " + request + ".keep<" + type + ">();");
    } else if (op.result != nullptr) {
      w.line(type + " " + result + "{};");
    }
    w.open("try");
    w.line(op.result == nullptr ? call + ";" : result + " = " + call + ";");
    for (const ExceptionDecl* e : op.raises) {
      w.close(" catch (const " + qualified_name(*e) + "& exception) {");
      w.indent();
      w.line("::rtorb::cdr::write(" + request + ".user_exception(), exception);");
      w.line("return;");
    }
    w.close();
  }
  // Starting the reply even with nothing to write tells the ORB the upcall succeeded.
  const std::string out = local_name(op, "out");
  bool writes = op.result != nullptr;
  for (const Argument& a : op.arguments) writes = writes || a.direction != ParamDirection::in;
  if (!writes) {
    w.line("if (" + request + ".response_expected()) " + request + ".reply();");
  } else {
    w.line("if (!" + request + ".response_expected()) return;");
    const std::string start = borrows_reply(op) ? ".reply_borrowing();" : ".reply();";
    w.line("::rtorb::cdr::OutputStream& " + out + " = " + request + start);
    if (op.result != nullptr) w.line("::rtorb::cdr::write(" + out + ", " + result + ");");
    for (const Argument& a : op.arguments) {
      if (a.direction != ParamDirection::in)
        w.line("::rtorb::cdr::write(" + out + ", " + a.name + ");");
    }
  }
  w.close();
  w.line();
}

void write_dispatch(const InterfaceDecl& decl, CodeWriter& w) {
  const std::vector<Operation> ops = all_operations(decl);
  w.open("void POA::" + definition_name(decl) +
         "::rtorb_dispatch(::rtorb::orb::ServerRequest& request)");
  if (ops.empty()) {
    w.line("::PortableServer::Servant::rtorb_dispatch(request);");
    w.close();
    w.line();
    return;
  }
  const std::string self_type = servant_class(decl) + "&";
  w.line("// A perfect hash over the operations of " + decl.name +
         " and the interfaces it inherits from; a");
  w.line("// table of skeletons by slot (one indirect jump, measured faster than a switch).");
  write_dispatch_table(ops, self_type, [&](const Operation& op) {
    // An inherited skeleton takes the base servant: a captureless lambda converts.
    return op.owner == &decl
               ? op.skeleton
               : "[](" + self_type + " s, ::rtorb::orb::ServerRequest& r) { " +
                     servant_class(*op.owner) + "::" + op.skeleton + "(s, r); }";
  }, w);
  w.close();
  w.line();
}

}  // namespace

void write_servant_member_declarations(const InterfaceDecl& decl, CodeWriter& w) {
  w.line("::CORBA::object_reference<" + qualified_name(decl) + "> _this();");
  w.line("bool _is_a(const std::string& repository_id) override;");
  w.line("const char* rtorb_repository_id() const override;");
  w.line("void rtorb_dispatch(::rtorb::orb::ServerRequest& request) override;");
}

void write_servant_identity(const InterfaceDecl& decl, const std::string& owner, CodeWriter& w) {
  const std::string type = qualified_name(decl);
  w.open("::CORBA::object_reference<" + type + "> " + owner + "_this()");
  // An abstract interface's class is not a proxy; its own proxy class is.
  const std::string proxy = type + (decl.flavor == InterfaceFlavor::abstract ? "::rtorb_proxy" : "");
  w.line("return ::rtorb::orb::ProxyAccess::make<" + proxy + ">(::rtorb::orb::core_of(*rtorb_this()));");
  w.close();
  w.line();
  w.open("bool " + owner + "_is_a(const std::string& repository_id)");
  write_is_a_return(decl, w);
  w.close();
  w.line();
  w.line("const char* " + owner + "rtorb_repository_id() const { return " +
         string_literal(decl.repository_id, false) + "; }");
  w.line();
}

void write_dispatch_table(const std::vector<Operation>& ops, const std::string& self_type,
                          const std::function<std::string(const Operation&)>& skeleton,
                          CodeWriter& w) {
  std::vector<std::string> names;
  for (const Operation& op : ops) names.push_back(op.wire_name);
  const OperationTable table = build_operation_table(names);
  w.line("using rtorb_skeleton = void (*)(" + self_type + ", ::rtorb::orb::ServerRequest&);");
  std::string displacement;
  for (const std::uint16_t d : table.displacement)
    displacement += (displacement.empty() ? "" : ", ") + std::to_string(d);
  w.line("static constexpr std::uint16_t displacement[] = {" + displacement + "};");
  w.line("static constexpr std::string_view operations[] = {");
  for (const std::string& slot : table.slots)
    w.line("    " + string_literal(slot, false) + ",");
  w.line("};");
  std::vector<std::string> skeletons(table.slots.size(), "nullptr");
  for (const Operation& op : ops) {
    skeletons[static_cast<std::size_t>(find_operation(table, op.wire_name))] = skeleton(op);
  }
  w.line("static constexpr rtorb_skeleton skeletons[] = {");
  for (const std::string& entry : skeletons) w.line("    " + entry + ",");
  w.line("};");
  const char* lookup = table.hash == OperationHash::ends ? "operation_slot_by_ends"
                                                        : "operation_slot_by_bytes";
  w.line("const int slot = ::rtorb::detail::" + std::string(lookup) + "(request.operation(), " +
         std::to_string(table.seed) + "u, displacement, operations);");
  w.line("if (slot < 0) return ::PortableServer::Servant::rtorb_dispatch(request);");
  w.line("skeletons[slot](*this, request);");
}

void write_servant(const InterfaceDecl& decl, Sections& out) {
  const std::vector<Operation> ops = own_operations(decl);
  write_servant_class(decl, ops, out);
  CodeWriter& s = out.skeletons;
  s.line("// " + decl.name);
  s.line();
  write_servant_identity(decl, "POA::" + definition_name(decl) + "::", s);
  for (const Operation& op : ops) write_skeleton(op, decl, s);
  write_dispatch(decl, s);
  CodeWriter& t = out.servant_traits;
  t.line("template <>");
  t.open("struct servant_traits<" + qualified_name(decl) + ">");
  t.line("using base_type = " + servant_class(decl) + ";");
  t.line("using ref_type = ::CORBA::servant_reference<" + servant_class(decl) + ">;");
  t.close(";");
  t.line();
}

}  // namespace rtorb::idl::backend
