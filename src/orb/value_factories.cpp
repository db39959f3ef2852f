// Value factories: the ORB's table, the ORB operations on it, and the lookup values read
// from a stream use (rtorb/orb/value_codec.hpp).
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/value_codec.hpp>

#include "core/value_factory_table.hpp"
#include "orb/orb_core.hpp"

namespace rtorb::orb {

ValueFactoryTable::FactoryRef ValueFactoryTable::add(const std::string& repository_id,
                                                     FactoryRef factory) {
  std::lock_guard lock(mutex_);
  FactoryRef& slot = factories_[repository_id];
  FactoryRef previous = std::move(slot);
  slot = std::move(factory);
  return previous;
}

bool ValueFactoryTable::remove(const std::string& repository_id) {
  std::lock_guard lock(mutex_);
  return factories_.erase(repository_id) > 0;
}

ValueFactoryTable::FactoryRef ValueFactoryTable::find(const std::string& repository_id) const {
  std::lock_guard lock(mutex_);
  const auto it = factories_.find(repository_id);
  return it == factories_.end() ? nullptr : it->second;
}

void ValueFactoryTable::clear() {
  decltype(factories_) gone;
  std::lock_guard lock(mutex_);
  gone.swap(factories_);  // factories are destroyed after the lock is released
}

IDL::traits<CORBA::ValueFactoryBase>::ref_type find_value_factory(const cdr::InputStream& is,
                                                                  const std::string& id) {
  auto* orb = static_cast<OrbContext*>(is.options().references);
  return orb == nullptr ? nullptr : orb->value_factories().find(id);
}

}  // namespace rtorb::orb

namespace CORBA {

IDL::traits<ValueFactoryBase>::ref_type ORB::register_value_factory(
    const std::string& repository_id, IDL::traits<ValueFactoryBase>::ref_type factory) {
  if (!factory) {
    rtorb::raise<BAD_PARAM>(rtorb::minor::bad_param_nil_value_factory,
                            "register_value_factory: the factory for " + repository_id +
                                " is null");
  }
  return core_->value_factories().add(repository_id, std::move(factory));
}

void ORB::unregister_value_factory(const std::string& repository_id) {
  if (!core_->value_factories().remove(repository_id)) {
    rtorb::raise<BAD_PARAM>(rtorb::minor::bad_param_no_value_factory,
                            "unregister_value_factory: no factory for " + repository_id);
  }
}

IDL::traits<ValueFactoryBase>::ref_type ORB::lookup_value_factory(
    const std::string& repository_id) {
  return core_->value_factories().find(repository_id);
}

}  // namespace CORBA
