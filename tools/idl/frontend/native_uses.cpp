#include "frontend/native_uses.hpp"

namespace rtorb::idl {
namespace {

// The native a type is or contains (through typedefs, sequences and arrays), or null.
// `top` tells the native itself (allowed in some places) from one inside a container.
// Null types (declarations a syntax error cut short) contain nothing.
const NativeDecl* native_in(const Type* type, bool& top) {
  if (type == nullptr) return nullptr;
  const Type& resolved = resolve_alias(*type);
  if (resolved.element) {
    top = false;
    return native_in(resolved.element.get(), top);
  }
  if (resolved.kind != TypeKind::named || resolved.declaration == nullptr) return nullptr;
  return resolved.declaration->as<NativeDecl>();
}

class NativeUseChecker {
 public:
  explicit NativeUseChecker(DiagnosticSink& sink) : sink_(sink) {}

  void scope(const ScopeDecl& scope) {
    for (const auto& child : scope.contents) declaration(*child);
  }

 private:
  void declaration(const Decl& decl) {
    switch (decl.kind) {
      case DeclKind::module:
      case DeclKind::structure:
      case DeclKind::exception:
      case DeclKind::union_type: scope(*dynamic_cast<const ScopeDecl*>(&decl)); break;
      case DeclKind::interface: interface(*decl.as<InterfaceDecl>()); break;
      case DeclKind::member: anywhere(decl.as<MemberDecl>()->type.get(), decl.where, "a member"); break;
      case DeclKind::union_case: anywhere(decl.as<UnionCaseDecl>()->type.get(), decl.where, "a union member"); break;
      case DeclKind::typedef_decl: {
        bool top = true;
        const NativeDecl* native = native_in(decl.as<TypedefDecl>()->type.get(), top);
        // `typedef N M;` only renames the native; its uses are checked where M is used.
        if (native != nullptr && !top) report(*native, decl.where, "a sequence or array element");
        break;
      }
      default: break;  // valuetypes may use natives in their operations; constants cannot
    }
  }

  void interface(const InterfaceDecl& decl) {
    const bool local = decl.flavor == InterfaceFlavor::local;
    for (const auto& child : decl.contents) {
      if (const auto* op = child->as<OperationDecl>()) {
        operation_type(op->return_type.get(), op->where, local, "the result of an operation");
        for (const Parameter& p : op->parameters) operation_type(p.type.get(), p.where, local, "a parameter");
      } else if (const auto* attribute = child->as<AttributeDecl>()) {
        operation_type(attribute->type.get(), attribute->where, local, "an attribute");
      } else {
        declaration(*child);
      }
    }
  }

  void operation_type(const Type* type, const SourceLocation& where, bool local, const char* what) {
    bool top = true;
    const NativeDecl* native = native_in(type, top);
    if (native == nullptr || (local && top)) return;
    report(*native, where, top ? std::string(what) + " of an interface that is not local" : "a sequence or array element");
  }

  void anywhere(const Type* type, const SourceLocation& where, const char* what) {
    bool top = true;
    const NativeDecl* native = native_in(type, top);
    if (native != nullptr) report(*native, where, top ? what : "a sequence or array element");
  }

  void report(const NativeDecl& native, const SourceLocation& where, const std::string& what) {
    sink_.error(where, "native type '" + native.scoped_name().substr(2) + "' cannot be " + what +
                           ": a native is only a parameter, result or attribute of a local interface");
    sink_.note(native.where, "'" + native.name + "' is declared native here");
  }

  DiagnosticSink& sink_;
};

}  // namespace

void check_native_uses(const ScopeDecl& root, DiagnosticSink& sink) { NativeUseChecker(sink).scope(root); }

}  // namespace rtorb::idl
