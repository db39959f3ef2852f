// Scopes and name lookup: redefinition and case-collision checks, inherited names.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace rtorb::idl {

// The names one scope introduces. Reopened modules share one Scope.
struct Scope {
  Scope* parent = nullptr;
  ScopeDecl* owner = nullptr;                  // null for the global scope
  std::map<std::string, Decl*> names;
  std::map<std::string, Decl*> folded_names;   // lower-cased, for case collisions
  std::vector<Scope*> inherited;               // scopes of interface / valuetype bases
};

struct ScopedName {
  bool absolute = false;                       // written with a leading ::
  std::vector<std::string> parts;
  SourceLocation where;
  [[nodiscard]] std::string to_string() const;
};

class SymbolTable {
 public:
  explicit SymbolTable(DiagnosticSink& sink);

  [[nodiscard]] Scope& global() { return *scopes_.front(); }
  Scope& new_scope(Scope* parent, ScopeDecl* owner);

  // Enters decl into scope. Reports redefinitions (with a note at the earlier declaration),
  // case-insensitive collisions and clashes with inherited operations/attributes; returns
  // the earlier declaration a module reopens or a forward declaration completes, if any.
  Decl* declare(Scope& scope, Decl& decl);

  // Resolves a scoped name from `from` outwards; reports "not declared" and ambiguity.
  Decl* lookup(Scope& from, const ScopedName& name);

  // The scope a declaration opens (following forward declarations), or null.
  static Scope* scope_of(Decl* decl);

 private:
  Decl* find_in(Scope& scope, const std::string& name, const ScopedName& whole, bool& failed);
  void collect_inherited(Scope& scope, const std::string& name, std::vector<Decl*>& found,
                         int depth);
  bool may_coexist(const Decl& earlier, const Decl& later) const;
  void check_inherited_clash(Scope& scope, Decl& decl);

  DiagnosticSink& sink_;
  std::vector<std::unique_ptr<Scope>> scopes_;
};

}  // namespace rtorb::idl
