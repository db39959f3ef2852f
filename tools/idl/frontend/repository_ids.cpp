// Repository id computation.
#include "frontend/repository_ids.hpp"

namespace rtorb::idl {

namespace {

std::vector<const Decl*> path_of(const Decl& decl) {
  std::vector<const Decl*> path;
  for (const Decl* d = &decl; d != nullptr && d->parent != nullptr; d = d->parent) {
    path.insert(path.begin(), d);
  }
  return path;
}

std::string join(const std::vector<const Decl*>& path, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < path.size(); ++i) out += (out.empty() ? "" : "/") + path[i]->name;
  return out;
}

}  // namespace

void RepositoryIds::set_prefix(std::string prefix, const Decl& scope) {
  frames_.back() = Frame{std::move(prefix), path_of(scope).size()};
}

void RepositoryIds::assign(Decl& decl) const {
  const auto path = path_of(decl);
  // typeprefix on an enclosing scope (or the declaration itself) wins over #pragma prefix.
  for (std::size_t i = path.size(); i-- > 0;) {
    const auto* scoped = dynamic_cast<const ScopeDecl*>(path[i]);
    if (scoped && !scoped->type_prefix.empty()) {
      decl.repository_id = "IDL:" + scoped->type_prefix + "/" + join(path, i) + ":1.0";
      return;
    }
  }
  const Frame& frame = frames_.back();
  const std::size_t anchor = frame.anchor_depth < path.size() ? frame.anchor_depth : 0;
  const std::string prefix = frame.prefix.empty() ? "" : frame.prefix + "/";
  decl.repository_id = "IDL:" + prefix + join(path, anchor) + ":1.0";
}

void RepositoryIds::set_version(Decl& decl, const std::string& version) {
  std::string& id = decl.repository_id;
  const auto colon = id.rfind(':');
  if (id.rfind("IDL:", 0) == 0 && colon != std::string::npos && colon > 3) {
    id = id.substr(0, colon + 1) + version;
  }
}

}  // namespace rtorb::idl
