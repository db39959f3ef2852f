// The servants delegate to ServiceCore; NamingContextExt's string forms use name_syntax.
#include "servants.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/naming/name_syntax.hpp>

#include <algorithm>

namespace rtorb::naming {

void ContextServant::bind(const CosNaming::Name& n, const ObjectRef& obj) {
  core_->bind(id_, n, obj, CosNaming::BindingType::nobject, false);
}
void ContextServant::rebind(const CosNaming::Name& n, const ObjectRef& obj) {
  core_->bind(id_, n, obj, CosNaming::BindingType::nobject, true);
}
void ContextServant::bind_context(const CosNaming::Name& n, const ContextRef& nc) {
  core_->bind(id_, n, nc, CosNaming::BindingType::ncontext, false);
}
void ContextServant::rebind_context(const CosNaming::Name& n, const ContextRef& nc) {
  core_->bind(id_, n, nc, CosNaming::BindingType::ncontext, true);
}
ObjectRef ContextServant::resolve(const CosNaming::Name& n) { return core_->resolve(id_, n); }
void ContextServant::unbind(const CosNaming::Name& n) { core_->unbind(id_, n); }
ContextRef ContextServant::new_context() { return core_->new_context(); }
ContextRef ContextServant::bind_new_context(const CosNaming::Name& n) {
  return core_->bind_new_context(id_, n);
}
void ContextServant::destroy() { core_->destroy(id_); }
void ContextServant::list(std::uint32_t how_many, CosNaming::BindingList& bl, IteratorRef& bi) {
  core_->list(id_, how_many, bl, bi);
}

std::string ContextServant::to_string(const CosNaming::Name& n) { return naming::to_string(n); }
CosNaming::Name ContextServant::to_name(const std::string& sn) { return naming::to_name(sn); }
std::string ContextServant::to_url(const std::string& addr, const std::string& sn) {
  return naming::to_url(addr, sn);
}
ObjectRef ContextServant::resolve_str(const std::string& sn) {
  return core_->resolve(id_, naming::to_name(sn));
}

bool IteratorServant::next_one(CosNaming::Binding& b) {
  std::lock_guard lock(mutex_);
  if (next_ >= rest_.size()) return false;
  b = std::move(rest_[next_++]);
  return true;
}

bool IteratorServant::next_n(std::uint32_t how_many, CosNaming::BindingList& bl) {
  // The specification makes how_many 0 a BAD_PARAM.
  if (how_many == 0) raise<CORBA::BAD_PARAM>(minor::bad_param_next_n_zero, "next_n(0)");
  std::lock_guard lock(mutex_);
  const auto count = std::min<std::size_t>(how_many, rest_.size() - next_);
  bl.assign(std::make_move_iterator(rest_.begin() + static_cast<std::ptrdiff_t>(next_)),
            std::make_move_iterator(rest_.begin() + static_cast<std::ptrdiff_t>(next_ + count)));
  next_ += count;
  return count > 0;
}

void IteratorServant::destroy() {
  core_->iterator_destroyed(id_);
}

}  // namespace rtorb::naming
