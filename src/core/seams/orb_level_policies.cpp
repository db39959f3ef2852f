// The ORB level of the client policies: made on first use, read once per change.
#include "core/seams/orb_level_policies.hpp"

#include "core/policy_manager.hpp"
#include "core/seams/seam_registry.hpp"

namespace rtorb::orb {

CORBA::object_reference<CORBA::PolicyManager> OrbLevelPolicies::manager(
    std::weak_ptr<OrbLevelPolicies> self) {
  std::lock_guard lock(mutex_);
  if (!manager_) {
    // Called under the manager's own lock (so observers see changes in order).
    manager_ = make_policy_manager([self = std::move(self)](const CORBA::PolicyList& now) {
      if (const auto live = self.lock()) live->changed(now);
    });
  }
  return manager_;
}

CORBA::object_reference<CORBA::PolicyCurrent> OrbLevelPolicies::current() {
  std::lock_guard lock(mutex_);
  if (!current_) current_ = make_policy_current();
  return current_;
}

CORBA::PolicyList OrbLevelPolicies::overrides(const CORBA::PolicyTypeSeq& types) const {
  CORBA::object_reference<CORBA::PolicyManager> manager;
  {
    std::lock_guard lock(mutex_);
    manager = manager_;
  }
  return manager ? manager->get_policy_overrides(types) : CORBA::PolicyList{};
}

void OrbLevelPolicies::add_observer(std::function<void(const CORBA::PolicyList&)> observer) {
  std::lock_guard lock(mutex_);
  observers_.push_back(std::move(observer));
}

CallPolicies OrbLevelPolicies::call_policies() const {
  const auto policies = call_policies_.load(std::memory_order_acquire);
  return policies ? *policies : CallPolicies{};
}

OrbLevelPolicies::Released OrbLevelPolicies::release() {
  std::lock_guard lock(mutex_);
  return {std::move(manager_), std::move(current_)};
}

void OrbLevelPolicies::changed(const CORBA::PolicyList& now) {
  read_call_policies(now);
  read_shaping_policies(now);
  std::vector<std::function<void(const CORBA::PolicyList&)>> observers;
  {
    std::lock_guard lock(mutex_);
    observers = observers_;
  }
  for (const auto& observe : observers) observe(now);
}

void OrbLevelPolicies::read_call_policies(const CORBA::PolicyList& now) {
  const CallPolicyReader* reader = seams_.call_policy_reader();
  if (reader == nullptr) return;
  auto policies = std::make_shared<const CallPolicies>(reader->read(now));
  const bool any = !policies->empty();
  call_policies_.store(std::move(policies), std::memory_order_release);
  has_call_policies_.store(any, std::memory_order_release);
}

void OrbLevelPolicies::read_shaping_policies(const CORBA::PolicyList& now) {
  const std::uint64_t types = seams_.client_shaping_types();
  auto shaping = std::make_shared<CORBA::PolicyList>();
  for (const auto& policy : now) {
    if (!policy) continue;
    const CORBA::PolicyType type = policy->policy_type();
    if (type < 64 && (types >> type & 1) != 0) shaping->push_back(policy);
  }
  const bool any = !shaping->empty();
  shaping_policies_.store(any ? std::move(shaping) : nullptr, std::memory_order_release);
  has_shaping_policies_.store(any, std::memory_order_release);
  shaping_generation_.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace rtorb::orb
