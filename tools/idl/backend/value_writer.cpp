// Value types and value boxes (IDL to C++11 mapping, 6.17-6.19): the abstract value class
// with its state accessors, the OBV_ class holding the state, the V_init factory, the box
// classes, and their TypeCodes, traits and any operators.
#include <string>
#include <vector>

#include "backend/cpp_mapping.hpp"
#include "backend/operations.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {
namespace {

const std::string tc_ref = "::rtorb::cdr::TypeCodeRef";
const std::string info_type = "::rtorb::cdr::ValueTypeInfo";

std::vector<const StateMemberDecl*> state_members(const ValueTypeDecl& decl) {
  std::vector<const StateMemberDecl*> out;
  for (const auto& child : decl.contents) {
    if (const auto* m = child->as<StateMemberDecl>()) out.push_back(m);
  }
  return out;
}

const ValueTypeDecl* concrete_base(const ValueTypeDecl& decl) {
  if (decl.bases.empty() || decl.bases.front()->is_abstract) return nullptr;
  return decl.bases.front();
}

// Every state member, the concrete bases' first (the order of the wire and of the OBV_
// constructor).
std::vector<const StateMemberDecl*> all_state_members(const ValueTypeDecl& decl) {
  std::vector<const StateMemberDecl*> out;
  if (const ValueTypeDecl* base = concrete_base(decl)) out = all_state_members(*base);
  for (const StateMemberDecl* m : state_members(decl)) out.push_back(m);
  return out;
}

// The abstract interfaces `decl` supports itself: its C++ class derives from them (a
// concrete supported interface brings nothing to the value's class yet).
std::vector<const InterfaceDecl*> supported_abstract(const ValueTypeDecl& decl) {
  std::vector<const InterfaceDecl*> out;
  for (const InterfaceDecl* i : decl.supports) {
    if (i->flavor == InterfaceFlavor::abstract) out.push_back(i);
  }
  return out;
}

bool has_operations(const ValueTypeDecl& decl) {
  for (const auto& child : decl.contents) {
    if (child->kind == DeclKind::operation || child->kind == DeclKind::attribute) return true;
  }
  for (const ValueTypeDecl* base : decl.bases) {
    if (has_operations(*base)) return true;
  }
  for (const InterfaceDecl* i : supported_abstract(decl)) {
    if (!all_operations(*i).empty()) return true;
  }
  return false;
}

// The OBV_ class can be instantiated, so unmarshaling needs no user factory.
bool is_creatable(const ValueTypeDecl& decl) {
  return !decl.is_abstract && !decl.is_custom && !has_operations(decl);
}

// "::OBV_M::N::V": the mapping's OBV_ prefix on the outermost module (or on the name).
std::string obv_name(const Decl& decl) {
  const auto scopes = enclosing_scopes(decl);
  if (scopes.empty()) return "::OBV_" + cpp_name(decl.name);
  std::string name = "::OBV_" + cpp_name(scopes.front()->name);
  for (std::size_t i = 1; i < scopes.size(); ++i) name += "::" + cpp_name(scopes[i]->name);
  return name + "::" + cpp_name(decl.name);
}

std::string obv_namespace(const Decl& decl) {
  const std::string name = obv_name(decl);
  return name.substr(2, name.rfind("::") - 2);
}

std::string ref_of(const std::string& cls) { return "::CORBA::object_reference<" + cls + ">"; }

// The accessors of one state member; `pure` in the abstract class, with bodies in OBV_.
void write_state_accessors(const StateMemberDecl& m, bool pure, CodeWriter& w) {
  const std::string n = cpp_name(m.name);
  const std::string t = cpp_type(*m.type);
  const std::string tail = pure ? " = 0;" : " override";
  const auto line = [&](const std::string& decl, const std::string& body) {
    w.line((pure ? "virtual " : "") + decl + (pure ? tail : tail + " " + body));
  };
  if (is_by_value(*m.type)) {
    line(t + " " + n + "() const", "{ return " + n + "_; }");
    line(t + "& " + n + "()", "{ return " + n + "_; }");
    line("void " + n + "(" + t + " value)", "{ " + n + "_ = value; }");
    return;
  }
  line("const " + t + "& " + n + "() const", "{ return " + n + "_; }");
  line(t + "& " + n + "()", "{ return " + n + "_; }");
  line("void " + n + "(const " + t + "& value)", "{ " + n + "_ = value; }");
  line("void " + n + "(" + t + "&& value)", "{ " + n + "_ = std::move(value); }");
}

void write_accessor_groups(const std::vector<const StateMemberDecl*>& members, bool pure, CodeWriter& w) {
  bool any_private = false;
  for (const StateMemberDecl* m : members) {
    if (!m->is_public) {
      any_private = true;
      continue;
    }
    w.line();
    if (!m->doc_comment.empty()) w.comment(m->doc_comment);
    write_state_accessors(*m, pure, w);
  }
  if (!any_private) return;
  w.line();
  w.label("protected:");
  for (const StateMemberDecl* m : members) {
    if (!m->is_public) write_state_accessors(*m, pure, w);
  }
}

std::string parameter_list(const std::vector<Parameter>& parameters) {
  std::string list;
  for (const Parameter& p : parameters) {
    std::string type = cpp_type(*p.type);
    if (p.direction != ParamDirection::in) {
      type += "&";
    } else if (!is_by_value(*p.type)) {
      type = "const " + type + "&";
    }
    list += (list.empty() ? "" : ", ") + type + " " + cpp_name(p.name);
  }
  return list;
}

void write_operations(const ValueTypeDecl& decl, CodeWriter& w) {
  for (const auto& child : decl.contents) {
    if (const auto* op = child->as<OperationDecl>()) {
      const bool is_void = op->return_type->kind == TypeKind::primitive &&
                           op->return_type->primitive == PrimitiveKind::void_type;
      if (!op->doc_comment.empty()) w.comment(op->doc_comment);
      w.line("virtual " + (is_void ? std::string("void") : cpp_type(*op->return_type)) + " " +
             cpp_name(op->name) + "(" + parameter_list(op->parameters) + ") = 0;");
    }
    if (const auto* attr = child->as<AttributeDecl>()) {
      const std::string t = cpp_type(*attr->type);
      w.line("virtual " + t + " " + cpp_name(attr->name) + "() const = 0;");
      if (!attr->readonly) {
        w.line("virtual void " + cpp_name(attr->name) + "(" +
               (is_by_value(*attr->type) ? t : "const " + t + "&") + " value) = 0;");
      }
    }
  }
}

// A value supporting an abstract interface is one (IDL to C++11 mapping): it derives from
// the interface's class, and AbstractValue gives it _to_value.
std::string bases_clause(const ValueTypeDecl& decl) {
  std::string clause = decl.bases.empty() ? " : public virtual ::CORBA::ValueBase" : "";
  for (const ValueTypeDecl* base : decl.bases) {
    clause += (clause.empty() ? " : " : ", ") + ("public virtual " + qualified_name(*base));
  }
  // A custom value's state is what its marshal and unmarshal write and read.
  if (decl.is_custom) clause += ", public virtual ::CORBA::CustomMarshal";
  const auto supported = supported_abstract(decl);
  for (const InterfaceDecl* i : supported) clause += ", public virtual " + qualified_name(*i);
  if (!supported.empty()) clause += ", public virtual ::rtorb::detail::AbstractValue";
  return clause;
}

void write_abstract_class(const ValueTypeDecl& decl, Sections& out) {
  CodeWriter& w = out.types;
  const std::string name = cpp_name(decl.name);
  w.open("class " + name + bases_clause(decl));
  w.label("public:");
  if (write_scope(decl, true, out)) w.line();
  write_operations(decl, w);
  w.line("static const " + info_type + "& rtorb_value_info() noexcept;");
  w.line("static ::CORBA::ValueBase::_ref_type rtorb_create();");
  if (!decl.is_abstract) {
    w.line("const " + info_type + "& rtorb_type() const noexcept override { return rtorb_value_info(); }");
    w.line("void rtorb_write_state(::rtorb::cdr::OutputStream& os) const override;");
    w.line("void rtorb_read_state(::rtorb::cdr::InputStream& is) override;");
    w.line("void rtorb_release_values() noexcept override;");
  }
  const auto members = state_members(decl);
  write_accessor_groups(members, true, w);
  w.line();
  w.label("protected:");
  w.line(name + "() = default;");
  w.line(name + "(const " + name + "&) = default;");
  w.line(name + "& operator=(const " + name + "&) = default;");
  w.line("~" + name + "() override = default;");
  w.close(";");
}

void write_factory_class(const ValueTypeDecl& decl, Sections& out) {
  CodeWriter& w = out.types;
  const std::string name = cpp_name(decl.name) + "_init";
  w.line();
  w.open("class " + name + " : public ::CORBA::ValueFactoryBase");
  w.label("public:");
  w.line(name + "() = default;");
  w.line("~" + name + "() override = default;");
  for (const auto& child : decl.contents) {
    if (const auto* f = child->as<FactoryDecl>()) {
      w.line("virtual " + ref_of(qualified_name(decl)) + " " + cpp_name(f->name) + "(" +
             parameter_list(f->parameters) + ") = 0;");
    }
  }
  if (is_creatable(decl)) w.line("::CORBA::ValueBase::_ref_type create_for_unmarshal() override;");
  w.close(";");
}

void write_obv_constructor(const ValueTypeDecl& decl, const std::string& name, CodeWriter& w) {
  const auto all = all_state_members(decl);
  if (all.empty()) return;
  const auto own = state_members(decl);
  std::string params;
  for (const StateMemberDecl* m : all) {
    params += (params.empty() ? "" : ", ") + cpp_type(*m->type) + " " + cpp_name(m->name);
  }
  std::vector<std::string> inits;
  if (const ValueTypeDecl* base = concrete_base(decl); base != nullptr && all.size() > own.size()) {
    std::string args;
    for (std::size_t i = 0; i < all.size() - own.size(); ++i) {
      const std::string n = cpp_name(all[i]->name);
      args += (args.empty() ? "" : ", ") + (is_by_value(*all[i]->type) ? n : "std::move(" + n + ")");
    }
    inits.push_back(obv_name(*base) + "(" + args + ")");
  }
  for (const StateMemberDecl* m : own) {
    const std::string n = cpp_name(m->name);
    inits.push_back(n + "_(" + (is_by_value(*m->type) ? n : "std::move(" + n + ")") + ")");
  }
  w.line(std::string(all.size() == 1 ? "explicit " : "") + name + "(" + params + ")");
  std::string list;
  for (const std::string& i : inits) list += (list.empty() ? "" : ", ") + i;
  w.line("    : " + list + " {}");
}

void write_obv_class(const ValueTypeDecl& decl, Sections& out) {
  if (decl.is_abstract) return;
  CodeWriter& w = out.values;
  out.values_ns.enter(obv_namespace(decl));
  const std::string name = cpp_name(decl.name);
  std::string clause = " : public virtual " + qualified_name(decl);
  if (const ValueTypeDecl* base = concrete_base(decl)) clause += ", public " + obv_name(*base);
  w.open("class " + name + clause);
  w.label("public:");
  w.line(name + "() = default;");
  write_obv_constructor(decl, name, w);
  if (is_creatable(decl)) {
    w.line("::CORBA::ValueBase::_ref_type _copy_value() const override {");
    w.line("  return ::CORBA::make_reference<" + name + ">(*this);");
    w.line("}");
  } else if (concrete_base(decl) != nullptr) {
    // The base's OBV_ copy would slice: the class implementing the operations copies.
    w.line("::CORBA::ValueBase::_ref_type _copy_value() const override = 0;");
  }
  const auto members = state_members(decl);
  write_accessor_groups(members, false, w);
  if (!members.empty()) {
    w.line();
    w.label("private:");
    for (const StateMemberDecl* m : members) {
      w.line(cpp_type(*m->type) + " " + cpp_name(m->name) + "_" + (needs_value_init(*m->type) ? "{}" : "") +
             ";");
    }
  }
  w.close(";");
  w.line();
}

void write_value_info(const Decl& decl, const ValueTypeDecl* base, bool truncatable, bool custom, Sections& out) {
  CodeWriter& s = out.value_defs;
  s.open("const " + info_type + "& " + definition_name(decl) + "::rtorb_value_info() noexcept");
  std::string init = string_literal(decl.repository_id, false);
  if (base != nullptr || custom) {
    init += ", " + (base != nullptr ? "&" + qualified_name(*base) + "::rtorb_value_info()" : std::string("nullptr")) +
            ", " + (truncatable ? "true" : "false");
  }
  if (custom) init += ", true";
  s.line("static const " + info_type + " info{" + init + "};");
  s.line("return info;");
  s.close();
  s.line();
}

// A custom value's state goes through its marshal and unmarshal (the members' reset is the
// same as a generated value's).
void write_release_values(const ValueTypeDecl& decl, Sections& out) {
  CodeWriter& s = out.value_defs;
  const ValueTypeDecl* base = concrete_base(decl);
  s.open("void " + definition_name(decl) + "::rtorb_release_values() noexcept");
  if (base != nullptr) s.line(qualified_name(*base) + "::rtorb_release_values();");
  for (const StateMemberDecl* m : state_members(decl)) s.line("this->" + cpp_name(m->name) + "() = {};");
  s.close();
  s.line();
}

void write_custom_state_functions(const ValueTypeDecl& decl, Sections& out) {
  CodeWriter& s = out.value_defs;
  const std::string name = definition_name(decl);
  s.open("void " + name + "::rtorb_write_state(::rtorb::cdr::OutputStream& os) const");
  s.line("// marshal is not const in the mapping; it only reads the state.");
  s.line("::rtorb::orb::write_custom_state(os, const_cast<" + qualified_name(decl) + "&>(*this));");
  s.close();
  s.line();
  s.open("void " + name + "::rtorb_read_state(::rtorb::cdr::InputStream& is)");
  s.line("::rtorb::orb::read_custom_state(is, *this);");
  s.close();
  s.line();
  write_release_values(decl, out);
}

void write_value_definitions(const ValueTypeDecl& decl, Sections& out) {
  CodeWriter& s = out.value_defs;
  const std::string name = definition_name(decl);
  write_value_info(decl, concrete_base(decl), decl.is_truncatable, decl.is_custom, out);
  s.open("::CORBA::ValueBase::_ref_type " + name + "::rtorb_create()");
  s.line(is_creatable(decl) ? "return ::CORBA::make_reference<" + obv_name(decl) + ">();" : "return nullptr;");
  s.close();
  s.line();
  if (is_creatable(decl)) {
    s.open("::CORBA::ValueBase::_ref_type " + name + "_init::create_for_unmarshal()");
    s.line("return ::CORBA::make_reference<" + obv_name(decl) + ">();");
    s.close();
    s.line();
  }
  if (decl.is_abstract) return;
  const auto members = state_members(decl);
  const ValueTypeDecl* base = concrete_base(decl);
  if (decl.is_custom) {
    write_custom_state_functions(decl, out);
    return;
  }
  const bool uses_stream = base != nullptr || !members.empty();
  s.open("void " + name + "::rtorb_write_state(::rtorb::cdr::OutputStream&" + (uses_stream ? " os" : "") +
         ") const");
  if (base != nullptr) s.line(qualified_name(*base) + "::rtorb_write_state(os);");
  for (const StateMemberDecl* m : members) {
    s.line("::rtorb::cdr::Codec<" + cpp_type(*m->type) + ">::write(os, this->" + cpp_name(m->name) + "());");
  }
  s.close();
  s.line();
  s.open("void " + name + "::rtorb_read_state(::rtorb::cdr::InputStream&" + (uses_stream ? " is" : "") + ")");
  if (base != nullptr) s.line(qualified_name(*base) + "::rtorb_read_state(is);");
  for (const StateMemberDecl* m : members) {
    s.line("::rtorb::cdr::value_member_boundary(is);");
    s.line("::rtorb::cdr::Codec<" + cpp_type(*m->type) + ">::read(is, this->" + cpp_name(m->name) + "());");
  }
  s.close();
  s.line();
  write_release_values(decl, out);
}

void write_value_tc(const ValueTypeDecl& decl, Sections& out) {
  CodeWriter& w = out.typecode_defs;
  const std::vector<const Decl*> enclosing{&decl};
  const std::int16_t modifier = decl.is_custom ? 1 : decl.is_abstract ? 2 : decl.is_truncatable ? 3 : 0;
  const ValueTypeDecl* base = concrete_base(decl);
  w.line("static const " + tc_ref + " tc = TypeCode::value(");
  w.line("    TCKind::tk_value, " + string_literal(decl.repository_id, false) + ", " +
         string_literal(decl.name, false) + ", " + std::to_string(modifier) + ", " +
         (base != nullptr ? tc_function(*base) + "()" : std::string("nullptr")) + ",");
  std::string list;
  for (const StateMemberDecl* m : state_members(decl)) {
    list += (list.empty() ? "" : ", ") + ("{" + string_literal(m->name, false) + ", " +
                                          tc_expr(*m->type, enclosing) + ", 0, " +
                                          (m->is_public ? "1" : "0") + "}");
  }
  w.line("    {" + list + "});");
}

void write_typecode_function(const Decl& decl, Sections& out, bool in_class) {
  const std::string signature = "const " + tc_ref + "& " + tc_function_name(decl) + "()";
  out.typecode_decls_ns.enter(tc_namespace(decl));
  out.typecode_decls.line(signature + ";");
  out.typecode_defs_ns.enter(tc_namespace(decl));
  out.typecode_defs.open(signature);
  out.typecode_defs.line("using ::rtorb::cdr::TCKind;");
  out.typecode_defs.line("using ::rtorb::cdr::TypeCode;");
  if (const auto* v = decl.as<ValueTypeDecl>()) {
    write_value_tc(*v, out);
  } else {
    const auto& box = *decl.as<ValueBoxDecl>();
    out.typecode_defs.line("static const " + tc_ref + " tc = TypeCode::value_box(");
    out.typecode_defs.line("    " + string_literal(decl.repository_id, false) + ", " +
                           string_literal(decl.name, false) + ", " + tc_expr(*box.boxed, {&decl}) + ");");
  }
  out.typecode_defs.line("return tc;");
  out.typecode_defs.close();
  out.typecode_defs.line();
  const std::string constant = "_tc_" + cpp_name(decl.name);
  out.types.line(std::string(in_class ? "static" : "extern") + " const ::CORBA::typecode_reference " + constant +
                 ";");
  std::string scope;
  for (const Decl* s : enclosing_scopes(decl)) scope += cpp_name(s->name) + "::";
  out.constants.line("const ::CORBA::typecode_reference " + scope + constant + " = " + tc_function(decl) + "();");
}

void write_value_traits(const Decl& decl, Sections& out) {
  const std::string type = qualified_name(decl);
  CodeWriter& w = out.traits;
  w.line("template <>");
  w.open("struct traits<" + type + ">");
  w.line("using value_type = " + type + ";");
  w.line("using base_type = " + type + ";");
  if (const auto* v = decl.as<ValueTypeDecl>()) {
    if (!v->is_abstract) w.line("using obv_type = " + obv_name(decl) + ";");
    w.line("using factory_type = " + type + "_init;");
  }
  w.line("using ref_type = ::CORBA::valuetype_reference<" + type + ">;");
  w.line("using weak_ref_type = ::CORBA::weak_valuetype_reference<" + type + ">;");
  w.line("using in_type = const ref_type&;");
  w.line("using out_type = ref_type&;");
  w.line("using inout_type = ref_type&;");
  w.line("using is_bounded = std::false_type;");
  w.line("using bound = std::integral_constant<std::uint32_t, 0>;");
  w.line("static constexpr const char* repository_id = " + string_literal(decl.repository_id, false) + ";");
  w.line("static const ::CORBA::typecode_reference& type_code() { return " + tc_function(decl) + "(); }");
  w.line("template <class U>");
  w.open("static ref_type narrow(const ::CORBA::valuetype_reference<U>& value) noexcept");
  w.line("return ::rtorb::detail::narrow_value<" + type + ">(value);");
  w.close();
  w.close(";");
  w.line();
  if (decl.kind != DeclKind::value_type) return;
  w.line("template <>");
  w.open("struct traits<" + type + "_init>");
  w.line("using ref_type = ::CORBA::object_reference<" + type + "_init>;");
  w.line("using weak_ref_type = ::CORBA::weak_object_reference<" + type + "_init>;");
  w.open("static ref_type narrow(const ::IDL::traits<::CORBA::ValueFactoryBase>::ref_type& factory) noexcept");
  w.line("return ref_type::adopt(std::dynamic_pointer_cast<" + type + "_init>(factory.shared()));");
  w.close();
  w.close(";");
  w.line();
}

void write_value_any_operators(const Decl& decl, Sections& out) {
  const std::string ref = ref_of(qualified_name(decl));
  const std::string insert = "void operator<<=(::CORBA::Any& any, const " + ref + "& value)";
  const std::string extract = "bool operator>>=(const ::CORBA::Any& any, " + ref + "& value)";
  out.types.line(insert + ";");
  out.types.line(extract + ";");
  out.any_ops_ns.enter(module_namespace(decl));
  out.any_ops.open(insert);
  out.any_ops.line("any.insert(value, " + tc_function(decl) + "());");
  out.any_ops.close();
  out.any_ops.open(extract);
  out.any_ops.line("return any.extract(value, *" + tc_function(decl) + "());");
  out.any_ops.close();
  out.any_ops.line();
}

}  // namespace

void write_value_type(const ValueTypeDecl& decl, Sections& out) {
  write_abstract_class(decl, out);
  write_factory_class(decl, out);
  write_typecode_function(decl, out, false);
  write_value_any_operators(decl, out);
  write_value_traits(decl, out);
  write_obv_class(decl, out);
  write_value_definitions(decl, out);
}

void write_value_box(const ValueBoxDecl& decl, Sections& out) {
  CodeWriter& w = out.types;
  const std::string name = cpp_name(decl.name);
  const std::string boxed = cpp_type(*decl.boxed);
  w.open("class " + name + " : public ::rtorb::detail::value_box<" + name + ", " + boxed + ">");
  w.label("public:");
  w.line("using value_box::value_box;");
  w.line("static const " + info_type + "& rtorb_value_info() noexcept;");
  w.close(";");
  write_typecode_function(decl, out, false);
  write_value_any_operators(decl, out);
  write_value_traits(decl, out);
  write_value_info(decl, nullptr, false, false, out);
}

}  // namespace rtorb::idl::backend
