// Text dump of the AST.
#include "frontend/ast_dump.hpp"

#include <sstream>

namespace rtorb::idl {

namespace {

const char* direction(ParamDirection d) {
  return d == ParamDirection::in ? "in" : d == ParamDirection::out ? "out" : "inout";
}

std::string names(const std::vector<ExceptionDecl*>& list) {
  std::string out;
  for (const auto* e : list) out += (out.empty() ? "" : ", ") + e->scoped_name();
  return out;
}

template <class T>
std::string scoped_list(const std::vector<T*>& list) {
  std::string out;
  for (const auto* d : list) out += (out.empty() ? "" : ", ") + d->scoped_name();
  return out;
}

const char* flavor(InterfaceFlavor f) {
  return f == InterfaceFlavor::abstract ? "abstract " : f == InterfaceFlavor::local ? "local " : "";
}

const char* forward_kind(DeclKind kind) {
  switch (kind) {
    case DeclKind::interface: return "interface";
    case DeclKind::structure: return "struct";
    case DeclKind::union_type: return "union";
    default: return "valuetype";
  }
}

class Dumper {
 public:
  explicit Dumper(bool include_all) : include_all_(include_all) {}

  void scope(const ScopeDecl& decl, int depth) {
    for (const auto& inner : decl.contents) {
      if (include_all_ || inner->in_main_file) declaration(*inner, depth);
    }
  }

  std::string text() const { return out_.str(); }

 private:
  void line(int depth, const std::string& text, const Decl& decl) {
    out_ << std::string(static_cast<std::size_t>(depth) * 2, ' ') << text;
    if (!decl.repository_id.empty()) out_ << "  [" << decl.repository_id << "]";
    out_ << '\n';
  }

  std::string params(const std::vector<Parameter>& list) {
    std::string out;
    for (const auto& p : list) {
      out += (out.empty() ? "" : ", ") + std::string(direction(p.direction)) + " " + type_name(*p.type) + " " + p.name;
    }
    return "(" + out + ")";
  }

  void declaration(const Decl& decl, int depth) {
    switch (decl.kind) {
      case DeclKind::module:
        line(depth, "module " + decl.name, decl);
        scope(*decl.as<ModuleDecl>(), depth + 1);
        break;
      case DeclKind::interface: {
        const auto& i = *decl.as<InterfaceDecl>();
        const std::string bases = scoped_list(i.bases);
        line(depth, std::string(flavor(i.flavor)) + "interface " + i.name + (bases.empty() ? "" : " : " + bases), decl);
        scope(i, depth + 1);
        break;
      }
      case DeclKind::forward: {
        const auto& f = *decl.as<ForwardDecl>();
        line(depth, std::string("forward ") + flavor(f.flavor) + forward_kind(f.target_kind) + " " + f.name, decl);
        break;
      }
      case DeclKind::structure:
        line(depth, "struct " + decl.name, decl);
        scope(*decl.as<StructDecl>(), depth + 1);
        break;
      case DeclKind::exception:
        line(depth, "exception " + decl.name, decl);
        scope(*decl.as<ExceptionDecl>(), depth + 1);
        break;
      case DeclKind::union_type: {
        const auto& u = *decl.as<UnionDecl>();
        line(depth, "union " + u.name + " switch (" + type_name(*u.discriminator) + ")", decl);
        scope(u, depth + 1);
        break;
      }
      case DeclKind::union_case: {
        const auto& c = *decl.as<UnionCaseDecl>();
        std::string labels;
        for (const auto& l : c.labels) labels += l.is_default ? "default: " : "case " + l.value.to_string() + ": ";
        line(depth, labels + type_name(*c.type) + " " + c.name, decl);
        break;
      }
      case DeclKind::member:
        line(depth, type_name(*decl.as<MemberDecl>()->type) + " " + decl.name, decl);
        break;
      case DeclKind::enumeration: {
        std::string items;
        for (const auto& e : decl.as<EnumDecl>()->enumerators) items += (items.empty() ? "" : ", ") + e->name;
        line(depth, "enum " + decl.name + " { " + items + " }", decl);
        break;
      }
      case DeclKind::typedef_decl:
        line(depth, "typedef " + type_name(*decl.as<TypedefDecl>()->type) + " " + decl.name, decl);
        break;
      case DeclKind::constant: {
        const auto& c = *decl.as<ConstDecl>();
        line(depth, "const " + type_name(*c.type) + " " + c.name + " = " + c.value.to_string(), decl);
        break;
      }
      case DeclKind::native:
        line(depth, "native " + decl.name, decl);
        break;
      case DeclKind::attribute: {
        const auto& a = *decl.as<AttributeDecl>();
        std::string text = std::string(a.readonly ? "readonly " : "") + "attribute " + type_name(*a.type) + " " + a.name;
        if (!a.get_raises.empty()) text += " getraises(" + names(a.get_raises) + ")";
        if (!a.set_raises.empty()) text += " setraises(" + names(a.set_raises) + ")";
        line(depth, text, decl);
        break;
      }
      case DeclKind::operation: {
        const auto& o = *decl.as<OperationDecl>();
        std::string text = std::string(o.oneway ? "oneway " : "") + type_name(*o.return_type) + " " + o.name + params(o.parameters);
        if (!o.raises.empty()) text += " raises(" + names(o.raises) + ")";
        if (!o.contexts.empty()) {
          std::string list;
          for (const auto& c : o.contexts) list += (list.empty() ? "\"" : ", \"") + c + "\"";
          text += " context(" + list + ")";
        }
        line(depth, text, decl);
        break;
      }
      case DeclKind::value_type: {
        const auto& v = *decl.as<ValueTypeDecl>();
        std::string text = std::string(v.is_abstract ? "abstract " : "") + (v.is_custom ? "custom " : "") + "valuetype " + v.name;
        if (!v.bases.empty()) text += std::string(" : ") + (v.is_truncatable ? "truncatable " : "") + scoped_list(v.bases);
        if (!v.supports.empty()) text += " supports " + scoped_list(v.supports);
        line(depth, text, decl);
        scope(v, depth + 1);
        break;
      }
      case DeclKind::value_box:
        line(depth, "valuetype " + decl.name + " " + type_name(*decl.as<ValueBoxDecl>()->boxed), decl);
        break;
      case DeclKind::state_member: {
        const auto& s = *decl.as<StateMemberDecl>();
        line(depth, std::string(s.is_public ? "public " : "private ") + type_name(*s.type) + " " + s.name, decl);
        break;
      }
      case DeclKind::factory: {
        const auto& f = *decl.as<FactoryDecl>();
        line(depth, "factory " + f.name + params(f.parameters) + (f.raises.empty() ? "" : " raises(" + names(f.raises) + ")"), decl);
        break;
      }
      case DeclKind::enumerator:
        break;
    }
  }

  bool include_all_;
  std::ostringstream out_;
};

}  // namespace

std::string dump_ast(const ModuleDecl& root, bool include_all) {
  Dumper dumper(include_all);
  dumper.scope(root, 0);
  return dumper.text();
}

}  // namespace rtorb::idl
