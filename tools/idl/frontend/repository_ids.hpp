// Repository ids: #pragma prefix (scoped to file and IDL scope), typeprefix, ID, version.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.hpp"

namespace rtorb::idl {

class RepositoryIds {
 public:
  RepositoryIds() { frames_.push_back(Frame{}); }

  // A prefix lasts until the end of the file or IDL scope it was set in.
  void enter_file() { frames_.push_back(Frame{}); }
  void leave_file() { pop(); }
  void enter_scope() { frames_.push_back(frames_.back()); }
  void leave_scope() { pop(); }

  // #pragma prefix, written inside `scope` (the root for file level).
  void set_prefix(std::string prefix, const Decl& scope);

  // Gives decl its default id: IDL:<prefix>/<names below the prefix's scope>:1.0.
  void assign(Decl& decl) const;

  // #pragma version: replaces the version of an IDL: id.
  static void set_version(Decl& decl, const std::string& version);

 private:
  struct Frame {
    std::string prefix;
    std::size_t anchor_depth = 0;  // names of enclosing scopes the prefix replaces
  };
  void pop() {
    if (frames_.size() > 1) frames_.pop_back();
  }
  std::vector<Frame> frames_;
};

}  // namespace rtorb::idl
