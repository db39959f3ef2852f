#include "backend/cpp_mapping.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace rtorb::idl::backend {
namespace {

const std::set<std::string>& cpp_keywords() {
  static const std::set<std::string> words = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
      "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
      "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
      "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
      "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
      "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static",
      "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
      "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
      "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq"};
  return words;
}

// What the mapping (and the classes it derives generated ones from) declares in the C++
// class an IDL scope of kind `owner` becomes, by names an IDL identifier can spell (IDL
// names cannot start with '_' once their escape is removed, so `_name`, `_rep_id`, `_d` or
// `_this` are out of reach); rtorb's own helpers there all start with `rtorb_`.
const std::set<std::string>& names_the_mapping_declares(DeclKind owner) {
  static const std::set<std::string> none;
  static const std::set<std::string> constructed = {"swap"};
  static const std::set<std::string> exception = {"what"};  // std::exception::what()
  // A servant is a std::enable_shared_from_this (PortableServer::Servant).
  static const std::set<std::string> interface = {"shared_from_this", "weak_from_this"};
  switch (owner) {
    case DeclKind::structure:
    case DeclKind::union_type: return constructed;
    case DeclKind::exception: return exception;
    case DeclKind::interface: return interface;
    default: return none;
  }
}

struct PrimitiveSpelling {
  const char* cpp;
  const char* tc_kind;  // null: not a basic TypeCode
};

PrimitiveSpelling primitive_spelling(PrimitiveKind kind) {
  switch (kind) {
    case PrimitiveKind::boolean: return {"bool", "tk_boolean"};
    case PrimitiveKind::octet: return {"std::uint8_t", "tk_octet"};
    case PrimitiveKind::character: return {"char", "tk_char"};
    case PrimitiveKind::wide_character: return {"wchar_t", "tk_wchar"};
    case PrimitiveKind::int16: return {"std::int16_t", "tk_short"};
    case PrimitiveKind::uint16: return {"std::uint16_t", "tk_ushort"};
    case PrimitiveKind::int32: return {"std::int32_t", "tk_long"};
    case PrimitiveKind::uint32: return {"std::uint32_t", "tk_ulong"};
    case PrimitiveKind::int64: return {"std::int64_t", "tk_longlong"};
    case PrimitiveKind::uint64: return {"std::uint64_t", "tk_ulonglong"};
    case PrimitiveKind::float32: return {"float", "tk_float"};
    case PrimitiveKind::float64: return {"double", "tk_double"};
    case PrimitiveKind::float128: return {"long double", "tk_longdouble"};
    case PrimitiveKind::any: return {"::CORBA::Any", "tk_any"};
    case PrimitiveKind::object: return {"::CORBA::object_reference<::CORBA::Object>", nullptr};
    case PrimitiveKind::value_base: return {"::CORBA::object_reference<::CORBA::ValueBase>", nullptr};
    case PrimitiveKind::type_code: return {"::CORBA::typecode_reference", "tk_TypeCode"};
    case PrimitiveKind::void_type: return {"void", "tk_void"};
  }
  return {"void", "tk_void"};
}

// Typecode functions open with using-declarations for these two names.
const std::string tc = "TypeCode::";
const std::string tk = "TCKind::";

std::string quoted(const std::string& text) { return string_literal(text, false); }

std::string interface_tc(const Decl& decl, InterfaceFlavor flavor) {
  const char* kind = flavor == InterfaceFlavor::abstract ? "tk_abstract_interface"
                     : flavor == InterfaceFlavor::local  ? "tk_local_interface"
                                                         : "tk_objref";
  return tc + "interface(" + tk + kind + ", " + quoted(decl.repository_id) + ", " +
         quoted(decl.name) + ")";
}

std::string value_tc(const Decl& decl) {
  return tc + "value(" + tk + "tk_value, " + quoted(decl.repository_id) + ", " + quoted(decl.name) +
         ", 0, nullptr, {})";
}

std::string primitive_tc(PrimitiveKind kind) {
  if (kind == PrimitiveKind::object) {
    return tc + "interface(" + tk + "tk_objref, \"IDL:omg.org/CORBA/Object:1.0\", \"Object\")";
  }
  if (kind == PrimitiveKind::value_base) {
    return tc + "value(" + tk + "tk_value, \"IDL:omg.org/CORBA/ValueBase:1.0\", \"ValueBase\", 0, nullptr, {})";
  }
  return tc + "basic(" + tk + primitive_spelling(kind).tc_kind + ")";
}

std::string array_type(const Type& type, std::size_t from) {
  if (from == type.dimensions.size()) return cpp_type(*type.element);
  return "std::array<" + array_type(type, from + 1) + ", " + std::to_string(type.dimensions[from]) + ">";
}

std::string array_tc(const Type& type, std::size_t from, const std::vector<const Decl*>& enclosing) {
  if (from == type.dimensions.size()) return tc_expr(*type.element, enclosing);
  return tc + "array(" + array_tc(type, from + 1, enclosing) + ", " +
         std::to_string(type.dimensions[from]) + ")";
}

// A struct or union TypeCode written out in place, for one used through its forward
// declaration: calling its function could re-enter the function being initialised
// (struct B { sequence<A> a; }; struct A { B b; }).
std::string inline_constructed_tc(const Decl& decl, std::vector<const Decl*> enclosing) {
  enclosing.push_back(&decl);
  const TcMembers members = tc_members(decl, enclosing);
  std::string list;
  for (const std::string& e : members.entries) list += (list.empty() ? "" : " ") + e;
  if (!list.empty()) list.pop_back();  // the last entry's comma
  const std::string head = quoted(decl.repository_id) + ", " + quoted(decl.name) + ", ";
  if (const auto* u = decl.as<UnionDecl>()) {
    return tc + "union_type(" + head + tc_expr(*u->discriminator, enclosing) + ", {" + list + "}, " +
           std::to_string(members.default_index) + ")";
  }
  return tc + "structure(" + head + "{" + list + "})";
}

std::string named_tc(const Type& type, const std::vector<const Decl*>& enclosing) {
  const Decl& decl = *named_target(type);
  if (std::find(enclosing.begin(), enclosing.end(), &decl) != enclosing.end()) {
    const char* kind = decl.kind == DeclKind::union_type ? "tk_union"
                       : decl.kind == DeclKind::value_type ? "tk_value"
                       : decl.kind == DeclKind::value_box  ? "tk_value_box"
                                                           : "tk_struct";
    return tc + "recursive(" + tk + kind + ", " + quoted(decl.repository_id) + ")";
  }
  if (type.declaration->kind == DeclKind::forward &&
      (decl.kind == DeclKind::structure || decl.kind == DeclKind::union_type)) {
    return inline_constructed_tc(decl, enclosing);
  }
  switch (decl.kind) {
    case DeclKind::typedef_decl:
    case DeclKind::interface:
    case DeclKind::forward:
    case DeclKind::value_type:
    case DeclKind::value_box:
    case DeclKind::native:
      return tc_decl_expr(decl, enclosing);
    default:
      return tc_function(decl) + "()";
  }
}

std::string append_float_suffix(std::string text, const char* suffix) {
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text + suffix;
}

std::string integer_literal(Int128 v, PrimitiveKind kind) {
  const bool negative = v < 0;
  const unsigned long long magnitude =
      negative ? static_cast<unsigned long long>(-(v + 1)) + 1 : static_cast<unsigned long long>(v);
  const bool wide = kind == PrimitiveKind::int64 || kind == PrimitiveKind::uint64;
  // The most negative values have no literal: write them as (-max - 1).
  if (negative && magnitude == (1ull << 63)) return "(-9223372036854775807LL - 1)";
  if (negative && magnitude == (1ull << 31) && !wide) return "(-2147483647 - 1)";
  std::string text = (negative ? "-" : "") + std::to_string(magnitude);
  if (kind == PrimitiveKind::uint32) return text + "U";
  if (kind == PrimitiveKind::int64) return text + "LL";
  if (kind == PrimitiveKind::uint64) return text + "ULL";
  return text;
}

std::string char_literal(std::uint32_t code, bool wide) {
  char buffer[24];
  if (code >= 0x20 && code < 0x7f && code != '\'' && code != '\\') {
    std::snprintf(buffer, sizeof buffer, "%s'%c'", wide ? "L" : "", static_cast<char>(code));
  } else {
    std::snprintf(buffer, sizeof buffer, "%s'\\x%x'", wide ? "L" : "", static_cast<unsigned>(code));
  }
  return buffer;
}

// The shortest %g spelling that reads back as the same value of the target type.
std::string shortest(long double value, int from, int to, char type) {
  char buffer[64];
  for (int digits = from; digits <= to; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*Lg", digits, value);
    const long double back = std::strtold(buffer, nullptr);
    const bool same = type == 'f'   ? static_cast<float>(back) == static_cast<float>(value)
                      : type == 'd' ? static_cast<double>(back) == static_cast<double>(value)
                                    : back == value;
    if (same) break;
  }
  return buffer;
}

std::vector<std::uint32_t> decode_utf8(const std::string& text) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const int extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
    std::uint32_t code = extra == 0 ? c : c & (0x3f >> extra);
    for (int k = 1; k <= extra && i + static_cast<std::size_t>(k) < text.size(); ++k) {
      code = (code << 6) | (static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0x3f);
    }
    out.push_back(code);
    i += static_cast<std::size_t>(extra) + 1;
  }
  return out;
}

}  // namespace

std::string cpp_name(const std::string& idl_name) {
  // `std` too: generated code spells the standard library `std::...` inside the user's
  // namespaces and classes, where a user's `std` would be found first.
  const bool reserved = cpp_keywords().count(idl_name) != 0 || idl_name == "std";
  return reserved ? "_cxx_" + idl_name : idl_name;
}

std::string cpp_name(const Decl& decl) {
  // Enumerators live in their `enum class`, which the mapping declares nothing else in.
  if (decl.kind != DeclKind::enumerator && decl.parent != nullptr &&
      names_the_mapping_declares(decl.parent->kind).count(decl.name) != 0) {
    return "_cxx_" + decl.name;
  }
  return cpp_name(decl.name);
}

std::string field_name(const Decl& member) {
  const std::string name = cpp_name(member);
  const std::string plain = name + "_";
  const std::string reserved = "rtorb_field_" + name;
  // "a_" + "_" would contain "__", which C++ reserves.
  if (name.back() == '_') return reserved;
  const auto* owner = dynamic_cast<const ScopeDecl*>(member.parent);
  if (owner == nullptr) return plain;
  for (const auto& sibling : owner->contents) {
    if (sibling->kind != DeclKind::enumerator && cpp_name(*sibling) == plain) return reserved;
  }
  return plain;
}

std::vector<const Decl*> enclosing_scopes(const Decl& decl) {
  std::vector<const Decl*> chain;
  for (const Decl* p = decl.parent; p != nullptr && p->parent != nullptr; p = p->parent) chain.push_back(p);
  std::reverse(chain.begin(), chain.end());
  return chain;
}

std::string definition_name(const Decl& decl) {
  std::string name;
  for (const Decl* scope : enclosing_scopes(decl)) name += cpp_name(*scope) + "::";
  return name + cpp_name(decl);
}

std::string qualified_name(const Decl& decl) { return "::" + definition_name(decl); }

const Decl* named_target(const Type& type) {
  if (type.kind != TypeKind::named || type.declaration == nullptr) return nullptr;
  return resolve_forward(type.declaration);
}

std::string cpp_type(const Type& type) {
  switch (type.kind) {
    case TypeKind::primitive: return primitive_spelling(type.primitive).cpp;
    case TypeKind::string:
      return type.bound == 0 ? "std::string" : "::IDL::bounded_string<" + std::to_string(type.bound) + ">";
    case TypeKind::wide_string:
      return type.bound == 0 ? "std::wstring" : "::IDL::bounded_wstring<" + std::to_string(type.bound) + ">";
    case TypeKind::fixed:
      return "::IDL::fixed<" + std::to_string(type.digits) + ", " + std::to_string(type.scale) + ">";
    case TypeKind::sequence:
      return type.bound == 0 ? "std::vector<" + cpp_type(*type.element) + ">"
                             : "::IDL::bounded_vector<" + cpp_type(*type.element) + ", " +
                                   std::to_string(type.bound) + ">";
    case TypeKind::array: return array_type(type, 0);
    case TypeKind::named: break;
  }
  if (const std::string cls = object_class(type); !cls.empty()) return "::CORBA::object_reference<" + cls + ">";
  const Decl* decl = named_target(type);
  switch (decl->kind) {
    case DeclKind::forward:
      return decl->as<ForwardDecl>()->target_kind == DeclKind::value_type
                 ? "::CORBA::object_reference<" + qualified_name(*decl) + ">"
                 : qualified_name(*decl);
    case DeclKind::value_type:
    case DeclKind::value_box: return "::CORBA::object_reference<" + qualified_name(*decl) + ">";
    case DeclKind::native:
      // AMI's ExceptionHolder: the spec's valuetype, which the runtime defines
      // (<rtorb/messaging/exception_holder.hpp>) so it can carry raise_exception.
      if (is_exception_holder(*decl)) return "::IDL::traits<::Messaging::ExceptionHolder>::ref_type";
      return provided_by_runtime(*decl) ? "::CORBA::servant_reference<::PortableServer::Servant>" : qualified_name(*decl);
    default:
      if (provided_by_runtime(*decl)) return cpp_type(*decl->as<TypedefDecl>()->type);
      return qualified_name(*decl);
  }
}

bool is_exception_holder(const Decl& decl) {
  return decl.kind == DeclKind::native &&
         decl.repository_id == "IDL:omg.org/Messaging/ExceptionHolder:1.0";
}

bool provided_by_runtime(const Decl& decl) {
  if (decl.kind != DeclKind::native && decl.kind != DeclKind::typedef_decl) return false;
  return decl.scoped_name() == "::PortableServer::Servant";
}

bool is_object_type(const Type& type) {
  const Type& t = resolve_alias(type);
  if (t.kind == TypeKind::primitive) return t.primitive == PrimitiveKind::object;
  if (t.kind != TypeKind::named) return false;
  const Decl* decl = named_target(t);
  if (decl->kind == DeclKind::interface) return true;
  const auto* forward = decl->as<ForwardDecl>();
  return forward != nullptr && forward->target_kind == DeclKind::interface;
}

std::string object_class(const Type& type) {
  if (!is_object_type(type)) return {};
  if (type.kind == TypeKind::primitive) return "::CORBA::Object";
  // An alias of an interface names the class (`using A = ::M::I;`), so it is used as is.
  if (type.declaration->kind == DeclKind::typedef_decl) return qualified_name(*type.declaration);
  const Decl* target = named_target(type);
  // Declared but never defined here (corbaidl.idl's IDLType is defined in ir.idl, which
  // includes it): the class stays incomplete, so neither a proxy nor a codec exists for it.
  if (target->kind == DeclKind::forward) return "::CORBA::Object";
  return qualified_name(*target);
}

namespace {

bool has_equality(const Type& type, std::set<const Decl*>& visiting);

bool decl_has_equality(const Decl& decl, std::set<const Decl*>& visiting) {
  if (!visiting.insert(&decl).second) return true;  // recursion: decided by the other members
  if (const auto* s = decl.as<StructDecl>()) {
    for (const MemberDecl* m : s->members()) {
      if (!has_equality(*m->type, visiting)) return false;
    }
  }
  if (const auto* u = decl.as<UnionDecl>()) {
    for (const UnionCaseDecl* c : u->cases()) {
      if (!has_equality(*c->type, visiting)) return false;
    }
  }
  if (const auto* t = decl.as<TypedefDecl>()) return has_equality(*t->type, visiting);
  return decl.kind != DeclKind::exception;
}

bool has_equality(const Type& type, std::set<const Decl*>& visiting) {
  switch (type.kind) {
    case TypeKind::primitive: return type.primitive != PrimitiveKind::any;
    case TypeKind::sequence:
    case TypeKind::array: return has_equality(*type.element, visiting);
    case TypeKind::named: return decl_has_equality(*named_target(type), visiting);
    default: return true;
  }
}

}  // namespace

bool has_equality(const Type& type) {
  std::set<const Decl*> visiting;
  return has_equality(type, visiting);
}

bool needs_value_init(const Type& type) {
  return is_by_value(type) || resolve_alias(type).kind == TypeKind::array;
}

bool is_by_value(const Type& type) {
  const Type& t = resolve_alias(type);
  if (t.kind == TypeKind::named) {
    const Decl* decl = named_target(t);
    // A user native is an opaque handle (void*); the ORB's natives are classes.
    const bool handle =
        decl->kind == DeclKind::native && !provided_by_runtime(*decl) && !is_exception_holder(*decl);
    return decl->kind == DeclKind::enumeration || handle;
  }
  if (t.kind != TypeKind::primitive) return false;
  return t.primitive != PrimitiveKind::any && t.primitive != PrimitiveKind::object &&
         t.primitive != PrimitiveKind::value_base && t.primitive != PrimitiveKind::type_code;
}

std::string tc_namespace(const Decl& decl) {
  std::string ns = "rtorb::typecodes";
  for (const Decl* scope : enclosing_scopes(decl)) ns += "::" + cpp_name(*scope);
  return ns;
}

std::string tc_function_name(const Decl& decl) { return cpp_name(decl) + "_tc"; }

std::string tc_function(const Decl& decl) {
  return "::" + tc_namespace(decl) + "::" + tc_function_name(decl);
}

std::string tc_expr(const Type& type, const std::vector<const Decl*>& enclosing) {
  switch (type.kind) {
    case TypeKind::primitive: return primitive_tc(type.primitive);
    case TypeKind::string: return tc + "string(" + std::to_string(type.bound) + ")";
    case TypeKind::wide_string: return tc + "wstring(" + std::to_string(type.bound) + ")";
    case TypeKind::fixed:
      return tc + "fixed(" + std::to_string(type.digits) + ", " + std::to_string(type.scale) + ")";
    case TypeKind::sequence:
      return tc + "sequence(" + tc_expr(*type.element, enclosing) + ", " + std::to_string(type.bound) + ")";
    case TypeKind::array: return array_tc(type, 0, enclosing);
    case TypeKind::named: break;
  }
  return named_tc(type, enclosing);
}

std::string tc_decl_expr(const Decl& decl, const std::vector<const Decl*>& enclosing) {
  if (const auto* alias = decl.as<TypedefDecl>()) {
    return tc + "alias(" + quoted(decl.repository_id) + ", " + quoted(decl.name) + ", " +
           tc_expr(*alias->type, enclosing) + ")";
  }
  if (const auto* iface = decl.as<InterfaceDecl>()) return interface_tc(decl, iface->flavor);
  if (const auto* forward = decl.as<ForwardDecl>()) {
    if (forward->target_kind == DeclKind::value_type) return value_tc(decl);
    return interface_tc(decl, forward->flavor);
  }
  if (decl.kind == DeclKind::native) {
    return tc + "interface(" + tk + "tk_native, " + quoted(decl.repository_id) + ", " + quoted(decl.name) + ")";
  }
  return tc_function(decl) + "()";
}

TcMembers tc_members(const Decl& decl, const std::vector<const Decl*>& enclosing) {
  TcMembers out;
  const auto entry = [](const std::string& name, const std::string& type, long long label) {
    return "{" + quoted(name) + ", " + type + ", " + integer_literal(label, PrimitiveKind::int32) + ", 1},";
  };
  if (const auto* u = decl.as<UnionDecl>()) {
    for (const UnionCaseDecl* c : u->cases()) {
      const std::string type = tc_expr(*c->type, enclosing);
      for (const UnionLabel& label : c->labels) {
        if (label.is_default) out.default_index = static_cast<int>(out.entries.size());
        out.entries.push_back(entry(c->name, type, label.is_default ? 0 : label_number(label.value)));
      }
    }
    return out;
  }
  const auto* s = decl.as<StructDecl>();
  const auto members = s != nullptr ? s->members() : decl.as<ExceptionDecl>()->members();
  for (const MemberDecl* m : members) out.entries.push_back(entry(m->name, tc_expr(*m->type, enclosing), 0));
  return out;
}

std::string string_literal(const std::string& utf8, bool wide) {
  std::string out = wide ? "L\"" : "\"";
  const std::vector<std::uint32_t> codes =
      wide ? decode_utf8(utf8) : std::vector<std::uint32_t>(utf8.begin(), utf8.end());
  char buffer[16];
  for (std::uint32_t raw : codes) {
    const std::uint32_t code = wide ? raw : (raw & 0xffu);
    if (code == '"' || code == '\\') {
      out += '\\';
      out += static_cast<char>(code);
    } else if (code >= 0x20 && code < 0x7f) {
      out += static_cast<char>(code);
    } else if (code < 0x100) {
      std::snprintf(buffer, sizeof buffer, "\\%03o", static_cast<unsigned>(code));
      out += buffer;
    } else {
      std::snprintf(buffer, sizeof buffer, "\\U%08x", static_cast<unsigned>(code));
      out += buffer;
    }
  }
  return out + "\"";
}

std::string value_literal(const ConstValue& value, const Type& type) {
  const PrimitiveKind kind = type.kind == TypeKind::primitive ? type.primitive : PrimitiveKind::int32;
  switch (value.kind) {
    case ValueKind::integer: return integer_literal(value.integer, kind);
    case ValueKind::floating:
      if (kind == PrimitiveKind::float32) return append_float_suffix(shortest(value.floating, 6, 9, 'f'), "F");
      if (kind == PrimitiveKind::float128) return append_float_suffix(shortest(value.floating, 15, 21, 'L'), "L");
      return append_float_suffix(shortest(value.floating, 15, 17, 'd'), "");
    case ValueKind::fixed: return quoted(value.fixed.to_string());
    case ValueKind::boolean: return value.boolean ? "true" : "false";
    case ValueKind::character: return char_literal(static_cast<std::uint32_t>(value.integer), false);
    case ValueKind::wide_character: return char_literal(static_cast<std::uint32_t>(value.integer), true);
    case ValueKind::string: return string_literal(value.text, false);
    case ValueKind::wide_string: return string_literal(value.text, true);
    case ValueKind::enumerator:
      return qualified_name(*value.enumerator->owner) + "::" + cpp_name(*value.enumerator);
  }
  return "0";
}

long long label_number(const ConstValue& value) {
  switch (value.kind) {
    case ValueKind::boolean: return value.boolean ? 1 : 0;
    case ValueKind::enumerator: return value.enumerator->index;
    default: return static_cast<long long>(value.integer);
  }
}

}  // namespace rtorb::idl::backend
