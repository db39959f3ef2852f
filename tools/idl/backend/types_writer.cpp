// The C++ shapes of IDL declarations (IDL to C++11 mapping): namespaces, enums, structs,
// exceptions, typedefs and constants (interfaces: interface_writer.cpp).
#include <string>
#include <vector>

#include "backend/cpp_mapping.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {
namespace {

bool has_main_file_content(const Decl& decl) {
  const auto* scope = dynamic_cast<const ScopeDecl*>(&decl);
  if (decl.kind != DeclKind::module || scope == nullptr) return decl.in_main_file;
  for (const auto& child : scope->contents) {
    if (has_main_file_content(*child)) return true;
  }
  return false;
}

void write_special_members(const std::string& name, CodeWriter& w) {
  w.line(name + "() = default;");
  w.line(name + "(const " + name + "&) = default;");
  w.line(name + "(" + name + "&&) = default;");
  w.line(name + "& operator=(const " + name + "&) = default;");
  w.line(name + "& operator=(" + name + "&&) = default;");
}

void write_member_constructor(const std::string& name, const std::vector<const MemberDecl*>& members,
                              CodeWriter& w, const Placement& placement) {
  if (members.empty()) return;
  std::vector<std::string> params;
  std::vector<std::string> inits;
  std::size_t length = 0;
  for (const MemberDecl* m : members) {
    const std::string n = cpp_name(*m);
    params.push_back(cpp_type(*m->type) + " " + n);
    inits.push_back(field_name(*m) + "(" + (is_by_value(*m->type) ? n : "std::move(" + n + ")") + ")");
    length += params.back().size() + inits.back().size() + 4;
  }
  // Short lists on one line each, long ones one member per line.
  const bool one_line = length < 80;
  const std::string keyword = members.size() == 1 ? "explicit " : "";
  const std::string head = placement.deferred != nullptr ? "inline " + placement.owner + "::" + name + "(" : keyword + name + "(";
  const std::string pad(head.size(), ' ');
  std::string text = head;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (i > 0) text += one_line ? ", " : ",\n" + pad;
    text += params[i];
  }
  text += ")\n    : ";
  for (std::size_t i = 0; i < inits.size(); ++i) {
    if (i > 0) text += one_line ? ", " : ",\n      ";
    text += inits[i];
  }
  text += " {}";
  if (placement.deferred != nullptr) {
    std::string declaration = keyword + name + "(";
    for (std::size_t i = 0; i < params.size(); ++i) declaration += (i > 0 ? ", " : "") + params[i];
    w.line(declaration + ");");
  }
  CodeWriter& out = placement.deferred != nullptr ? *placement.deferred : w;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = text.find('\n', start);
    out.line(std::string_view(text).substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
}

void write_swap(const std::string& name, const std::vector<const MemberDecl*>& members, CodeWriter& w,
                const Placement& placement) {
  if (members.empty()) {
    w.line("void swap(" + name + "&) noexcept {}");
  } else {
    const std::string signature = "swap(" + name + "& other) noexcept";
    if (placement.deferred != nullptr) w.line("void " + signature + ";");
    CodeWriter& out = placement.deferred != nullptr ? *placement.deferred : w;
    out.open(placement.deferred != nullptr ? "inline void " + placement.owner + "::" + signature : "void " + signature);
    out.line("using std::swap;");
    for (const MemberDecl* m : members) {
      const std::string n = field_name(*m);
      out.line("swap(" + n + ", other." + n + ");");
    }
    out.close();
  }
  w.line("friend void swap(" + name + "& a, " + name + "& b) noexcept { a.swap(b); }");
}

void write_member_fields(const std::vector<const MemberDecl*>& members, CodeWriter& w) {
  if (members.empty()) return;
  w.line();
  w.label("private:");
  for (const MemberDecl* m : members) {
    w.line(cpp_type(*m->type) + " " + field_name(*m) + (needs_value_init(*m->type) ? "{}" : "") + ";");
  }
}

// Whether `type` reaches a struct or union through a forward declaration that is not
// `self`: that type may still be incomplete where the class using it is defined.
bool uses_forward(const Type& type, const Decl& self) {
  if (type.element) return uses_forward(*type.element, self);
  if (type.kind != TypeKind::named) return false;
  const Decl* target = named_target(type);
  if (const auto* alias = target->as<TypedefDecl>()) return uses_forward(*alias->type, self);
  return type.declaration->kind == DeclKind::forward && target != &self &&
         (target->kind == DeclKind::structure || target->kind == DeclKind::union_type);
}

Placement placement_for(const Decl& decl, const std::vector<const MemberDecl*>& members, Sections& out) {
  for (const MemberDecl* m : members) {
    if (uses_forward(*m->type, decl)) return {&out.deferred, definition_name(decl)};
  }
  return {};
}

void write_struct(const StructDecl& decl, Sections& out) {
  CodeWriter& w = out.types;
  const std::string name = cpp_name(decl);
  const auto members = decl.members();
  const Placement placement = placement_for(decl, members, out);
  w.open("class " + name);
  w.label("public:");
  if (write_scope(decl, true, out)) w.line();
  write_special_members(name, w);
  w.line("~" + name + "() = default;");
  write_member_constructor(name, members, w, placement);
  for (const MemberDecl* m : members) write_member_accessors(*m, w, placement);
  w.line();
  write_swap(name, members, w, placement);
  bool comparable = true;
  for (const MemberDecl* m : members) comparable = comparable && has_equality(*m->type);
  if (comparable) w.line("friend bool operator==(const " + name + "&, const " + name + "&) = default;");
  write_member_fields(members, w);
  w.close(";");
}

void write_exception(const ExceptionDecl& decl, Sections& out) {
  CodeWriter& w = out.types;
  const std::string name = cpp_name(decl);
  const auto members = decl.members();
  const Placement placement = placement_for(decl, members, out);
  const std::string id = string_literal(decl.repository_id, false);
  w.open("class " + name + " : public ::CORBA::UserException");
  w.label("public:");
  if (write_scope(decl, true, out)) w.line();
  write_special_members(name, w);
  w.line("~" + name + "() override = default;");
  write_member_constructor(name, members, w, placement);
  for (const MemberDecl* m : members) write_member_accessors(*m, w, placement);
  w.line();
  w.line("const char* _name() const noexcept override { return " + string_literal(decl.name, false) + "; }");
  w.line("const char* _rep_id() const noexcept override { return " + id + "; }");
  w.line("const char* what() const noexcept override { return " + id + "; }");
  w.line("[[noreturn]] void _raise() const { throw *this; }");
  write_member_fields(members, w);
  w.close(";");
}

void write_enum(const EnumDecl& decl, CodeWriter& w) {
  std::string list;
  for (const auto& e : decl.enumerators) list += (list.empty() ? "" : ", ") + cpp_name(*e);
  w.line("enum class " + cpp_name(decl) + " : std::uint32_t { " + list + " };");
}

void write_constant(const ConstDecl& decl, bool in_class, CodeWriter& w) {
  const Type& type = resolve_alias(*decl.type);
  const std::string name = cpp_name(decl);
  const std::string value = value_literal(decl.value, type);
  const std::string storage = in_class ? "static " : "";
  if (type.kind == TypeKind::fixed) {
    w.line(storage + "inline const ::rtorb::cdr::Fixed " + name + "{" + value + "};");
    return;
  }
  std::string cpp = cpp_type(type);
  if (type.kind == TypeKind::string) cpp = "const char*";
  if (type.kind == TypeKind::wide_string) cpp = "const wchar_t*";
  w.line(storage + "constexpr " + cpp + " " + name + " = " + value + ";");
}

void write_forward(const ForwardDecl& decl, CodeWriter& w) {
  w.line("class " + cpp_name(decl) + ";");
}

bool is_type_decl(DeclKind kind) {
  return kind == DeclKind::structure || kind == DeclKind::union_type || kind == DeclKind::enumeration ||
         kind == DeclKind::exception || kind == DeclKind::typedef_decl || kind == DeclKind::interface;
}

void write_decl(const Decl& decl, bool in_class, Sections& out) {
  CodeWriter& w = out.types;
  if (provided_by_runtime(decl)) {
    w.line("// " + decl.name + ": rtorb declares " + decl.scoped_name() + " itself");
    // The native's uses name the class; <rtorb/poa/servant.hpp> defines it.
    if (decl.kind == DeclKind::native) w.line("class " + cpp_name(decl) + ";");
    return;
  }
  switch (decl.kind) {
    case DeclKind::module: {
      // Namespace bodies are not indented (the project's and most C++ styles).
      const std::string ns = "namespace " + cpp_name(decl);
      w.line(ns + " {").line();
      if (write_scope(*decl.as<ModuleDecl>(), false, out)) w.line();
      w.line("}  // " + ns);
      return;
    }
    case DeclKind::interface: write_interface(*decl.as<InterfaceDecl>(), out); break;
    case DeclKind::forward: write_forward(*decl.as<ForwardDecl>(), w); break;
    case DeclKind::structure: write_struct(*decl.as<StructDecl>(), out); break;
    case DeclKind::exception: write_exception(*decl.as<ExceptionDecl>(), out); break;
    case DeclKind::union_type: write_union_class(*decl.as<UnionDecl>(), out); break;
    case DeclKind::enumeration: write_enum(*decl.as<EnumDecl>(), w); break;
    case DeclKind::typedef_decl: {
      // An alias of an interface names its class (the mapping's `IDL::traits<A>` then works).
      const Type& aliased = *decl.as<TypedefDecl>()->type;
      const std::string cls = object_class(aliased);
      w.line("using " + cpp_name(decl) + " = " + (cls.empty() ? cpp_type(aliased) : cls) + ";");
      break;
    }
    case DeclKind::constant: write_constant(*decl.as<ConstDecl>(), in_class, w); break;
    case DeclKind::native:
      // An opaque handle, as the mapping makes the ORB's own natives (ServantLocator::Cookie):
      // check_native_uses keeps it out of everything that is marshaled.
      w.line("using " + cpp_name(decl) + " = void*;");
      break;
    case DeclKind::value_type: write_value_type(*decl.as<ValueTypeDecl>(), out); break;
    case DeclKind::value_box: write_value_box(*decl.as<ValueBoxDecl>(), out); break;
    default: return;  // members, operations, attributes: written by their owners
  }
  if (is_type_decl(decl.kind)) write_type_support(decl, in_class, out);
}

}  // namespace

void member_function(CodeWriter& w, const Placement& p, const std::string& ret, const std::string& signature,
                     const std::string& body) {
  const std::string prefix = ret.empty() ? "" : ret + " ";
  if (p.deferred == nullptr) {
    w.line(prefix + signature + " " + body);
    return;
  }
  w.line(prefix + signature + ";");
  p.deferred->line("inline " + prefix + p.owner + "::" + signature + " " + body);
}

void write_member_accessors(const MemberDecl& member, CodeWriter& w, const Placement& p) {
  const std::string n = cpp_name(member);
  const std::string t = cpp_type(*member.type);
  const std::string f = field_name(member);
  w.line();
  if (!member.doc_comment.empty()) w.comment(member.doc_comment);
  if (is_by_value(*member.type)) {
    member_function(w, p, t, n + "() const", "{ return " + f + "; }");
    member_function(w, p, t + "&", n + "()", "{ return " + f + "; }");
    member_function(w, p, "void", n + "(" + t + " value)", "{ " + f + " = value; }");
    return;
  }
  member_function(w, p, "const " + t + "&", n + "() const", "{ return " + f + "; }");
  member_function(w, p, t + "&", n + "()", "{ return " + f + "; }");
  member_function(w, p, "void", n + "(const " + t + "& value)", "{ " + f + " = value; }");
  member_function(w, p, "void", n + "(" + t + "&& value)", "{ " + f + " = std::move(value); }");
}

bool write_scope(const ScopeDecl& scope, bool in_class, Sections& out) {
  const Decl* previous = nullptr;
  for (const auto& child : scope.contents) {
    if (child->kind == DeclKind::member || child->kind == DeclKind::operation ||
        child->kind == DeclKind::attribute || child->kind == DeclKind::union_case ||
        child->kind == DeclKind::state_member || child->kind == DeclKind::factory) {
      continue;
    }
    if (!has_main_file_content(*child)) continue;
    // A blank line between declarations, except within a run of constants.
    const bool run = previous != nullptr && previous->kind == DeclKind::constant &&
                     child->kind == DeclKind::constant && child->doc_comment.empty();
    if (previous != nullptr && !run) out.types.line();
    if (!child->doc_comment.empty()) out.types.comment(child->doc_comment);
    write_decl(*child, in_class, out);
    previous = child.get();
  }
  return previous != nullptr;
}

}  // namespace rtorb::idl::backend
