// Small queries on AST nodes shared by sema, dumps and back ends.
#include "frontend/ast.hpp"

namespace rtorb::idl {

namespace {

const char* primitive_name(PrimitiveKind kind) {
  switch (kind) {
    case PrimitiveKind::boolean: return "boolean";
    case PrimitiveKind::octet: return "octet";
    case PrimitiveKind::character: return "char";
    case PrimitiveKind::wide_character: return "wchar";
    case PrimitiveKind::int16: return "short";
    case PrimitiveKind::uint16: return "unsigned short";
    case PrimitiveKind::int32: return "long";
    case PrimitiveKind::uint32: return "unsigned long";
    case PrimitiveKind::int64: return "long long";
    case PrimitiveKind::uint64: return "unsigned long long";
    case PrimitiveKind::float32: return "float";
    case PrimitiveKind::float64: return "double";
    case PrimitiveKind::float128: return "long double";
    case PrimitiveKind::any: return "any";
    case PrimitiveKind::object: return "Object";
    case PrimitiveKind::value_base: return "ValueBase";
    case PrimitiveKind::type_code: return "TypeCode";
    case PrimitiveKind::void_type: return "void";
  }
  return "?";
}

template <class Result, class Container>
std::vector<const Result*> contents_of_kind(const Container& contents) {
  std::vector<const Result*> out;
  for (const auto& decl : contents) {
    if (const auto* wanted = decl->template as<Result>()) out.push_back(wanted);
  }
  return out;
}

}  // namespace

std::unique_ptr<Type> Type::clone() const {
  auto copy = std::make_unique<Type>();
  copy->kind = kind;
  copy->primitive = primitive;
  copy->bound = bound;
  copy->dimensions = dimensions;
  copy->element = element ? element->clone() : nullptr;
  copy->digits = digits;
  copy->scale = scale;
  copy->declaration = declaration;
  return copy;
}

std::string Decl::scoped_name() const {
  if (parent == nullptr) return name;
  return parent->scoped_name() + "::" + name;
}

std::vector<const MemberDecl*> StructDecl::members() const {
  return contents_of_kind<MemberDecl>(contents);
}

std::vector<const MemberDecl*> ExceptionDecl::members() const {
  return contents_of_kind<MemberDecl>(contents);
}

std::vector<const UnionCaseDecl*> UnionDecl::cases() const {
  return contents_of_kind<UnionCaseDecl>(contents);
}

const Type& resolve_alias(const Type& type) {
  const Type* current = &type;
  for (int guard = 0; guard < 1000 && current->kind == TypeKind::named; ++guard) {
    const auto* alias = current->declaration ? current->declaration->as<TypedefDecl>() : nullptr;
    if (alias == nullptr || !alias->type) break;
    current = alias->type.get();
  }
  return *current;
}

const Decl* resolve_forward(const Decl* decl) {
  const auto* forward = decl ? decl->as<ForwardDecl>() : nullptr;
  return forward && forward->definition ? forward->definition : decl;
}

std::string type_name(const Type& type) {
  const auto bounded = [&](std::string base) {
    return type.bound ? base + "<" + std::to_string(type.bound) + ">" : base;
  };
  switch (type.kind) {
    case TypeKind::primitive: return primitive_name(type.primitive);
    case TypeKind::string: return bounded("string");
    case TypeKind::wide_string: return bounded("wstring");
    case TypeKind::fixed:
      return "fixed<" + std::to_string(type.digits) + ", " + std::to_string(type.scale) + ">";
    case TypeKind::sequence:
      return "sequence<" + type_name(*type.element) +
             (type.bound ? ", " + std::to_string(type.bound) : std::string()) + ">";
    case TypeKind::array: {
      std::string out = type_name(*type.element);
      for (auto d : type.dimensions) out += "[" + std::to_string(d) + "]";
      return out;
    }
    case TypeKind::named: return type.declaration ? type.declaration->scoped_name() : "?";
  }
  return "?";
}

}  // namespace rtorb::idl
