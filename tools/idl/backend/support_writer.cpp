// Everything a generated type needs besides its class: its TypeCode (a function with a
// function-local static, so TypeCodes of several files never depend on static
// initialisation order), the _tc_X constant, IDL::traits, any insertion/extraction and
// the CDR codec.
#include <string>
#include <vector>

#include "backend/cpp_mapping.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {
namespace {

const std::string tc_ref = "::rtorb::cdr::TypeCodeRef";

bool has_value_semantics(DeclKind kind) {
  return kind == DeclKind::structure || kind == DeclKind::union_type || kind == DeclKind::enumeration ||
         kind == DeclKind::exception;
}

// The struct/union declarations a member type may refer back to (recursion).
std::vector<const Decl*> recursion_scope(const Decl& decl) {
  std::vector<const Decl*> scope;
  for (const Decl* d = &decl; d != nullptr; d = d->parent) {
    if (d->kind == DeclKind::structure || d->kind == DeclKind::union_type) scope.push_back(d);
  }
  return scope;
}

// The braced member list closing the factory call; `tail` follows the list (", 2);").
void write_member_list(const std::vector<std::string>& entries, CodeWriter& w, const std::string& tail = ");") {
  if (entries.empty()) {
    w.line("    {}" + tail);
    return;
  }
  w.line("    {");
  w.indent();
  w.indent();
  w.indent();
  for (const std::string& e : entries) w.line(e);
  w.outdent();
  w.outdent();
  w.outdent();
  w.line("    }" + tail);
}

void write_constructed_tc(const Decl& decl, const char* factory, CodeWriter& w) {
  const auto scope = recursion_scope(decl);
  const TcMembers members = tc_members(decl, scope);
  std::string head = "    " + string_literal(decl.repository_id, false) + ", " + string_literal(decl.name, false) + ",";
  if (const auto* u = decl.as<UnionDecl>()) head += " " + tc_expr(*u->discriminator, scope) + ",";
  w.line("static const " + tc_ref + " tc = TypeCode::" + factory + "(");
  w.line(head);
  write_member_list(members.entries, w,
                    members.default_index >= 0 ? ", " + std::to_string(members.default_index) + ");" : ");");
}

void write_typecode_body(const Decl& decl, CodeWriter& w) {
  if (decl.kind == DeclKind::structure) return write_constructed_tc(decl, "structure", w);
  if (decl.kind == DeclKind::exception) return write_constructed_tc(decl, "exception", w);
  if (decl.kind == DeclKind::union_type) return write_constructed_tc(decl, "union_type", w);
  if (const auto* e = decl.as<EnumDecl>()) {
    std::string names;
    for (const auto& en : e->enumerators) names += (names.empty() ? "" : ", ") + string_literal(en->name, false);
    w.line("static const " + tc_ref + " tc = TypeCode::enumeration(");
    w.line("    " + string_literal(decl.repository_id, false) + ", " + string_literal(decl.name, false) + ", {" +
           names + "});");
    return;
  }
  w.line("static const " + tc_ref + " tc =");
  w.line("    " + tc_decl_expr(decl, recursion_scope(decl)) + ";");
}

void write_typecode(const Decl& decl, Sections& out) {
  const std::string signature = "const " + tc_ref + "& " + tc_function_name(decl) + "()";
  out.typecode_decls_ns.enter(tc_namespace(decl));
  out.typecode_decls.line(signature + ";");
  out.typecode_defs_ns.enter(tc_namespace(decl));
  out.typecode_defs.open(signature);
  out.typecode_defs.line("using ::rtorb::cdr::TCKind;");
  out.typecode_defs.line("using ::rtorb::cdr::TypeCode;");
  write_typecode_body(decl, out.typecode_defs);
  out.typecode_defs.line("return tc;");
  out.typecode_defs.close();
  out.typecode_defs.line();
}

std::string tc_constant_name(const Decl& decl) {
  std::string scope;
  for (const Decl* s : enclosing_scopes(decl)) scope += cpp_name(*s) + "::";
  return scope + "_tc_" + cpp_name(decl);
}

void write_tc_constant(const Decl& decl, bool in_class, Sections& out) {
  const std::string name = "_tc_" + cpp_name(decl);
  out.types.line(std::string(in_class ? "static" : "extern") + " const ::CORBA::typecode_reference " + name + ";");
  out.constants.line("const ::CORBA::typecode_reference " + tc_constant_name(decl) + " = " +
                     tc_function(decl) + "();");
}

struct AnySignatures {
  std::string insert;
  std::string extract;
};

AnySignatures any_signatures(const Decl& decl) {
  const std::string type = qualified_name(decl);
  const std::string in = decl.kind == DeclKind::enumeration ? type + " value" : "const " + type + "& value";
  return {"void operator<<=(::CORBA::Any& any, " + in + ")",
          "bool operator>>=(const ::CORBA::Any& any, " + type + "& value)"};
}

void write_any_operators(const Decl& decl, bool in_class, Sections& out) {
  const AnySignatures sig = any_signatures(decl);
  const std::string prefix = in_class ? "friend " : "";
  out.types.line(prefix + sig.insert + ";");
  out.types.line(prefix + sig.extract + ";");
  out.any_ops_ns.enter(module_namespace(decl));
  out.any_ops.open(sig.insert);
  out.any_ops.line("any.insert(value, " + tc_function(decl) + "());");
  out.any_ops.close();
  out.any_ops.open(sig.extract);
  out.any_ops.line("return any.extract(value, *" + tc_function(decl) + "());");
  out.any_ops.close();
  out.any_ops.line();
}

void write_traits(const Decl& decl, Sections& out) {
  const std::string type = qualified_name(decl);
  CodeWriter& w = out.traits;
  w.line("template <>");
  w.open("struct traits<" + type + "> : detail::value_traits<" + type + ">");
  w.line("static constexpr const char* repository_id = " + string_literal(decl.repository_id, false) + ";");
  w.line("static const ::CORBA::typecode_reference& type_code() { return " + tc_function(decl) + "(); }");
  w.close(";");
  w.line();
}

void write_enum_traits(const EnumDecl& decl, Sections& out) {
  CodeWriter& w = out.codecs;
  w.line("template <>");
  w.open("struct EnumTraits<" + qualified_name(decl) + ">");
  w.line("static constexpr std::uint32_t count = " + std::to_string(decl.enumerators.size()) + ";");
  w.close(";");
  w.line();
}

}  // namespace

void NamespaceRun::enter(const std::string& ns) {
  if (ns == current_) return;
  if (!current_.empty()) out_.line("}  // namespace " + current_).line();
  current_ = ns;
  if (!current_.empty()) out_.line("namespace " + current_ + " {");
}

std::string module_namespace(const Decl& decl) {
  std::string ns;
  for (const Decl* s : enclosing_scopes(decl)) {
    if (s->kind != DeclKind::module) break;
    ns += (ns.empty() ? "" : "::") + cpp_name(*s);
  }
  return ns;
}

// Exceptions go on the wire as their repository id then their members (CORBA 3.x 9.3.2.9
// for anys, 15.4.3.2 for replies), so their codec writes and checks the id too.
void write_exception_id(const Decl& decl, bool reading, CodeWriter& s) {
  const std::string id = string_literal(decl.repository_id, false);
  if (!reading) {
    s.line("os.write_string(" + id + ");");
    return;
  }
  s.open("if (is.read_string_view() != " + id + ")");
  s.line("raise<::CORBA::MARSHAL>(::rtorb::minor::marshal_wrong_exception_id, \"expected exception \" " + id + ");");
  s.close();
}

void write_struct_codec(const Decl& decl, const std::vector<const MemberDecl*>& members, Sections& out) {
  const std::string type = qualified_name(decl);
  const bool is_exception = decl.kind == DeclKind::exception;
  const bool uses_stream = is_exception || !members.empty();
  std::string min_size;
  for (const MemberDecl* m : members) {
    min_size += (min_size.empty() ? "" : " + ") + ("Codec<" + cpp_type(*m->type) + ">::min_size");
  }
  CodeWriter& h = out.codecs;
  h.line("template <>");
  h.open("struct Codec<" + type + ">");
  if (is_exception) min_size = "4" + std::string(min_size.empty() ? "" : " + ") + min_size;
  h.line("static constexpr std::size_t min_size = " + (min_size.empty() ? "0" : min_size) + ";");
  h.line("static void write(OutputStream& os, const " + type + "& v);");
  h.line("static void read(InputStream& is, " + type + "& v);");
  h.close(";");
  h.line();
  CodeWriter& s = out.codec_defs;
  s.open("void Codec<" + type + ">::write(OutputStream&" + (uses_stream ? " os" : "") + ", const " + type + "&" +
         (members.empty() ? "" : " v") + ")");
  if (is_exception) write_exception_id(decl, false, s);
  for (const MemberDecl* m : members) {
    s.line("Codec<" + cpp_type(*m->type) + ">::write(os, v." + cpp_name(*m) + "());");
  }
  s.close();
  s.line();
  s.open("void Codec<" + type + ">::read(InputStream&" + (uses_stream ? " is" : "") + ", " + type + "&" +
         (members.empty() ? "" : " v") + ")");
  if (is_exception) write_exception_id(decl, true, s);
  for (const MemberDecl* m : members) {
    s.line("Codec<" + cpp_type(*m->type) + ">::read(is, v." + cpp_name(*m) + "());");
  }
  s.close();
  s.line();
}

void write_type_support(const Decl& decl, bool in_class, Sections& out) {
  write_tc_constant(decl, in_class, out);
  write_typecode(decl, out);
  if (!has_value_semantics(decl.kind)) return;
  write_any_operators(decl, in_class, out);
  write_traits(decl, out);
  if (const auto* e = decl.as<EnumDecl>()) write_enum_traits(*e, out);
  if (const auto* s = decl.as<StructDecl>()) write_struct_codec(decl, s->members(), out);
  if (const auto* e = decl.as<ExceptionDecl>()) write_struct_codec(decl, e->members(), out);
  if (const auto* u = decl.as<UnionDecl>()) write_union_codec(*u, out);
}

}  // namespace rtorb::idl::backend
