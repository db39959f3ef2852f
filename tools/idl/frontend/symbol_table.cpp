// Name declaration and lookup under the IDL scoping rules.
#include "frontend/symbol_table.hpp"

#include <algorithm>
#include <cctype>

namespace rtorb::idl {

namespace {

std::string fold(const std::string& name) {
  std::string out = name;
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_forwardable(DeclKind kind) {
  return kind == DeclKind::interface || kind == DeclKind::structure ||
         kind == DeclKind::union_type || kind == DeclKind::value_type;
}

DeclKind target_kind(const Decl& decl) {
  const auto* forward = decl.as<ForwardDecl>();
  return forward ? forward->target_kind : decl.kind;
}

bool is_operation_like(const Decl& decl) {
  return decl.kind == DeclKind::operation || decl.kind == DeclKind::attribute;
}

}  // namespace

std::string ScopedName::to_string() const {
  std::string out = absolute ? "::" : "";
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "::" : "") + parts[i];
  return out;
}

SymbolTable::SymbolTable(DiagnosticSink& sink) : sink_(sink) {
  scopes_.push_back(std::make_unique<Scope>());
}

Scope& SymbolTable::new_scope(Scope* parent, ScopeDecl* owner) {
  scopes_.push_back(std::make_unique<Scope>());
  Scope& scope = *scopes_.back();
  scope.parent = parent;
  scope.owner = owner;
  return scope;
}

bool SymbolTable::may_coexist(const Decl& earlier, const Decl& later) const {
  if (earlier.kind == DeclKind::module && later.kind == DeclKind::module) return true;
  if (!is_forwardable(target_kind(earlier)) || target_kind(earlier) != target_kind(later)) {
    return false;
  }
  // A forward may precede or follow; two full definitions never coexist.
  return earlier.kind == DeclKind::forward || later.kind == DeclKind::forward;
}

Decl* SymbolTable::declare(Scope& scope, Decl& decl) {
  if (scope.owner && scope.owner->kind != DeclKind::module &&
      scope.owner->name == decl.name) {
    sink_.error(decl.where, "'" + decl.name + "' has the name of its enclosing scope");
    sink_.note(scope.owner->where, "'" + scope.owner->name + "' is declared here");
  }
  const auto exact = scope.names.find(decl.name);
  if (exact != scope.names.end()) {
    Decl* earlier = exact->second;
    if (may_coexist(*earlier, decl)) {
      if (decl.kind != DeclKind::forward) exact->second = &decl;  // the definition wins
      return earlier;
    }
    sink_.error(decl.where, "redefinition of '" + decl.name + "'");
    sink_.note(earlier->where, "previous declaration of '" + decl.name + "' is here");
    return nullptr;
  }
  const std::string folded = fold(decl.name);
  const auto similar = scope.folded_names.find(folded);
  if (similar != scope.folded_names.end()) {
    sink_.error(decl.where, "'" + decl.name + "' differs only in case from '" +
                                similar->second->name + "' declared in the same scope");
    sink_.note(similar->second->where, "'" + similar->second->name + "' is declared here");
    return nullptr;
  }
  check_inherited_clash(scope, decl);
  scope.names.emplace(decl.name, &decl);
  scope.folded_names.emplace(folded, &decl);
  return nullptr;
}

void SymbolTable::check_inherited_clash(Scope& scope, Decl& decl) {
  if (!is_operation_like(decl)) return;
  std::vector<Decl*> inherited;
  collect_inherited(scope, decl.name, inherited, 0);
  for (Decl* other : inherited) {
    if (!is_operation_like(*other)) continue;
    sink_.error(decl.where, "'" + decl.name + "' redefines " +
                                (other->kind == DeclKind::operation ? "operation" : "attribute") +
                                " '" + other->scoped_name() + "' inherited from a base");
    sink_.note(other->where, "'" + other->scoped_name() + "' is declared here");
    return;
  }
}

void SymbolTable::collect_inherited(Scope& scope, const std::string& name,
                                    std::vector<Decl*>& found, int depth) {
  if (depth > 200) return;  // cycles are refused at declaration; this guards the walk anyway
  for (Scope* base : scope.inherited) {
    const auto hit = base->names.find(name);
    if (hit != base->names.end()) {
      if (std::find(found.begin(), found.end(), hit->second) == found.end()) {
        found.push_back(hit->second);
      }
      continue;
    }
    collect_inherited(*base, name, found, depth + 1);
  }
}

Scope* SymbolTable::scope_of(Decl* decl) {
  auto* defined = const_cast<Decl*>(resolve_forward(decl));
  auto* scoped = dynamic_cast<ScopeDecl*>(defined);
  return scoped ? scoped->scope : nullptr;
}

Decl* SymbolTable::find_in(Scope& scope, const std::string& name, const ScopedName& whole,
                           bool& failed) {
  const auto hit = scope.names.find(name);
  if (hit != scope.names.end()) return hit->second;
  std::vector<Decl*> inherited;
  collect_inherited(scope, name, inherited, 0);
  if (inherited.size() > 1) {
    sink_.error(whole.where, "'" + whole.to_string() + "' is ambiguous: inherited from more than one base");
    for (Decl* candidate : inherited) sink_.note(candidate->where, "candidate: '" + candidate->scoped_name() + "'");
    failed = true;
    return nullptr;
  }
  return inherited.empty() ? nullptr : inherited.front();
}

Decl* SymbolTable::lookup(Scope& from, const ScopedName& name) {
  bool failed = false;
  Decl* found = nullptr;
  if (name.absolute) {
    found = find_in(global(), name.parts.front(), name, failed);
  } else {
    for (Scope* scope = &from; scope != nullptr && found == nullptr && !failed; scope = scope->parent) {
      found = find_in(*scope, name.parts.front(), name, failed);
    }
  }
  for (std::size_t i = 1; i < name.parts.size() && found != nullptr; ++i) {
    Scope* inner = scope_of(found);
    if (inner == nullptr) {
      sink_.error(name.where, "'" + found->name + "' in '" + name.to_string() + "' does not name a scope");
      return nullptr;
    }
    found = find_in(*inner, name.parts[i], name, failed);
  }
  if (found == nullptr && !failed) {
    sink_.error(name.where, "'" + name.to_string() + "' is not declared");
  }
  return found;
}

}  // namespace rtorb::idl
