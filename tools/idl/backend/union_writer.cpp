// IDL unions as classes (IDL to C++11 mapping): the discriminator with _d(), one
// accessor/modifier set per branch, _default() when no label or default case covers a
// value. The active branch lives in a std::variant whose index 0 means "no member".
#include <set>
#include <string>
#include <vector>

#include "backend/cpp_mapping.hpp"
#include "backend/sections.hpp"

namespace rtorb::idl::backend {
namespace {

struct Branch {
  const UnionCaseDecl* decl;
  std::size_t index;         // in the variant
  std::string condition;     // over a discriminator called "d"; empty for default only
  std::string first_label;   // what the modifier sets the discriminator to
  bool is_default = false;
};

struct UnionShape {
  std::string disc;          // C++ discriminator type
  std::vector<Branch> branches;
  std::size_t default_index = 0;  // variant index of the default case; 0 when none
  std::string unused_label;       // a value no label names; empty when there is none
};

std::set<long long> used_labels(const UnionDecl& decl) {
  std::set<long long> used;
  for (const UnionCaseDecl* c : decl.cases()) {
    for (const UnionLabel& l : c->labels) {
      if (!l.is_default) used.insert(label_number(l.value));
    }
  }
  return used;
}

// A discriminator value that selects no labelled case, spelled in C++.
std::string find_unused_label(const UnionDecl& decl, const Type& disc) {
  const std::set<long long> used = used_labels(decl);
  if (disc.kind == TypeKind::named) {
    const auto* e = named_target(disc)->as<EnumDecl>();
    for (const auto& en : e->enumerators) {
      if (used.count(en->index) == 0) return qualified_name(*e) + "::" + cpp_name(*en);
    }
    return {};
  }
  if (disc.primitive == PrimitiveKind::boolean) {
    return used.count(0) == 0 ? "false" : used.count(1) == 0 ? "true" : "";
  }
  long long candidate = 0;
  while (used.count(candidate) != 0) ++candidate;
  ConstValue value;
  value.kind = disc.primitive == PrimitiveKind::character        ? ValueKind::character
               : disc.primitive == PrimitiveKind::wide_character ? ValueKind::wide_character
                                                                  : ValueKind::integer;
  value.integer = candidate;
  return value_literal(value, disc);
}

UnionShape shape_of(const UnionDecl& decl) {
  UnionShape shape;
  shape.disc = cpp_type(*decl.discriminator);
  const Type& disc = resolve_alias(*decl.discriminator);
  shape.unused_label = find_unused_label(decl, disc);
  for (const UnionCaseDecl* c : decl.cases()) {
    Branch b{c, shape.branches.size() + 1, {}, {}};
    for (const UnionLabel& l : c->labels) {
      if (l.is_default) {
        b.is_default = true;
        continue;
      }
      const std::string literal = value_literal(l.value, disc);
      b.condition += (b.condition.empty() ? "d == " : " || d == ") + literal;
      if (b.first_label.empty()) b.first_label = literal;
    }
    if (b.first_label.empty()) b.first_label = shape.unused_label;
    if (b.is_default) shape.default_index = b.index;
    shape.branches.push_back(b);
  }
  return shape;
}

void write_branch_accessors(const Branch& b, CodeWriter& w) {
  const std::string n = cpp_name(*b.decl);
  const std::string t = cpp_type(*b.decl->type);
  const std::string i = std::to_string(b.index);
  const std::string set_disc = b.first_label.empty() ? "" : "rtorb_disc_ = " + b.first_label + "; ";
  const std::string check = "rtorb_require(" + i + ", \"" + b.decl->name + "\"); ";
  w.line();
  if (!b.decl->doc_comment.empty()) w.comment(b.decl->doc_comment);
  if (is_by_value(*b.decl->type)) {
    w.line(t + " " + n + "() const { " + check + "return std::get<" + i + ">(rtorb_value_); }");
    w.line(t + "& " + n + "() { " + check + "return std::get<" + i + ">(rtorb_value_); }");
    w.line("void " + n + "(" + t + " value) { " + set_disc + "rtorb_value_.emplace<" + i + ">(value); }");
    return;
  }
  w.line("const " + t + "& " + n + "() const { " + check + "return std::get<" + i + ">(rtorb_value_); }");
  w.line(t + "& " + n + "() { " + check + "return std::get<" + i + ">(rtorb_value_); }");
  w.line("void " + n + "(const " + t + "& value) { " + set_disc + "rtorb_value_.emplace<" + i + ">(value); }");
  w.line("void " + n + "(" + t + "&& value) { " + set_disc + "rtorb_value_.emplace<" + i + ">(std::move(value)); }");
}

void write_discriminator_accessors(const std::string& name, const UnionShape& s, CodeWriter& w) {
  w.line(s.disc + " _d() const { return rtorb_disc_; }");
  w.line("// Changes the discriminator to another label of the same member; anything else is BAD_PARAM.");
  w.open("void _d(" + s.disc + " value)");
  w.open("if (rtorb_branch(value) != rtorb_value_.index())");
  w.line("::rtorb::raise<::CORBA::BAD_PARAM>(::rtorb::minor::bad_param_bad_discriminator,");
  w.line("                                   \"" + name + "::_d: the value selects another member\");");
  w.close();
  w.line("rtorb_disc_ = value;");
  w.close();
}

void write_private_part(const std::string& name, const UnionShape& s, CodeWriter& w) {
  w.line();
  w.label("private:");
  w.open("static std::size_t rtorb_branch(" + s.disc + " d)");
  bool uses_d = false;
  for (const Branch& b : s.branches) {
    if (b.condition.empty()) continue;
    uses_d = true;
    w.line("if (" + b.condition + ") return " + std::to_string(b.index) + ";");
  }
  if (!uses_d) w.line("static_cast<void>(d);");
  w.line("return " + std::to_string(s.default_index) + ";");
  w.close();
  w.open("void rtorb_require(std::size_t index, const char* member) const");
  w.open("if (rtorb_value_.index() != index)");
  w.line("::rtorb::raise<::CORBA::BAD_PARAM>(::rtorb::minor::bad_param_wrong_union_member,");
  w.line("                                   std::string(\"" + name + "::\") + member + \" is not the active member\");");
  w.close();
  w.close();
  w.line();
  std::string alternatives = "std::monostate";
  for (const Branch& b : s.branches) alternatives += ", " + cpp_type(*b.decl->type);
  const Branch& first = s.branches.front();
  w.line(s.disc + " rtorb_disc_{" + first.first_label + "};");
  w.line("std::variant<" + alternatives + "> rtorb_value_{std::in_place_index<" + std::to_string(first.index) + ">};");
}

bool needs_default_modifier(const UnionShape& s) { return s.default_index == 0 && !s.unused_label.empty(); }

}  // namespace

void write_union_class(const UnionDecl& decl, Sections& out) {
  CodeWriter& w = out.types;
  const std::string name = cpp_name(decl);
  const UnionShape s = shape_of(decl);
  w.open("class " + name);
  w.label("public:");
  if (write_scope(decl, true, out)) w.line();
  w.line(name + "() = default;");
  w.line(name + "(const " + name + "&) = default;");
  w.line(name + "(" + name + "&&) = default;");
  w.line(name + "& operator=(const " + name + "&) = default;");
  w.line(name + "& operator=(" + name + "&&) = default;");
  w.line("~" + name + "() = default;");
  w.line();
  write_discriminator_accessors(name, s, w);
  for (const Branch& b : s.branches) write_branch_accessors(b, w);
  if (needs_default_modifier(s)) {
    w.line();
    w.line("// Selects no member: the discriminator takes a value no case label names.");
    w.line("void _default() { rtorb_disc_ = " + s.unused_label + "; rtorb_value_.emplace<0>(); }");
  }
  w.line();
  w.open("void swap(" + name + "& other) noexcept");
  w.line("std::swap(rtorb_disc_, other.rtorb_disc_);");
  w.line("rtorb_value_.swap(other.rtorb_value_);");
  w.close();
  w.line("friend void swap(" + name + "& a, " + name + "& b) noexcept { a.swap(b); }");
  bool comparable = true;
  for (const Branch& b : s.branches) comparable = comparable && has_equality(*b.decl->type);
  if (comparable) w.line("friend bool operator==(const " + name + "&, const " + name + "&) = default;");
  write_private_part(name, s, w);
  w.close(";");
}

void write_union_codec(const UnionDecl& decl, Sections& out) {
  const std::string type = qualified_name(decl);
  const UnionShape s = shape_of(decl);
  CodeWriter& h = out.codecs;
  h.line("template <>");
  h.open("struct Codec<" + type + ">");
  h.line("static constexpr std::size_t min_size = Codec<" + s.disc + ">::min_size;");
  h.line("static void write(OutputStream& os, const " + type + "& v);");
  h.line("static void read(InputStream& is, " + type + "& v);");
  h.close(";");
  h.line();
  CodeWriter& c = out.codec_defs;
  const auto each_branch = [&](const auto& body, const std::string& no_member) {
    const Branch* fallback = nullptr;
    std::vector<const Branch*> labelled;
    for (const Branch& b : s.branches) {
      if (b.is_default) fallback = &b;
      if (!b.condition.empty()) labelled.push_back(&b);
    }
    if (labelled.empty()) {
      if (fallback != nullptr) body(*fallback);
      return;
    }
    for (std::size_t i = 0; i < labelled.size(); ++i) {
      c.line((i == 0 ? "if (" : "} else if (") + labelled[i]->condition + ") {");
      c.indent();
      body(*labelled[i]);
      c.outdent();
    }
    if (fallback != nullptr || (needs_default_modifier(s) && !no_member.empty())) {
      c.line("} else {");
      c.indent();
      if (fallback != nullptr) body(*fallback);
      else c.line(no_member);
      c.outdent();
    }
    c.line("}");
  };
  c.open("void Codec<" + type + ">::write(OutputStream& os, const " + type + "& v)");
  c.line("const " + s.disc + " d = v._d();");
  c.line("Codec<" + s.disc + ">::write(os, d);");
  each_branch([&](const Branch& b) {
    c.line("Codec<" + cpp_type(*b.decl->type) + ">::write(os, v." + cpp_name(*b.decl) + "());");
  }, "");
  c.close();
  c.line();
  c.open("void Codec<" + type + ">::read(InputStream& is, " + type + "& v)");
  c.line(s.disc + " d{};");
  c.line("Codec<" + s.disc + ">::read(is, d);");
  each_branch([&](const Branch& b) {
    const std::string t = cpp_type(*b.decl->type);
    c.line(t + " value{};");
    c.line("Codec<" + t + ">::read(is, value);");
    c.line("v." + cpp_name(*b.decl) + "(std::move(value));");
  }, "v._default();");
  c.line("v._d(d);");
  c.close();
  c.line();
}

}  // namespace rtorb::idl::backend
