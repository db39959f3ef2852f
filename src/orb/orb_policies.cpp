// OrbCore's policy seams: ORB::create_policy's factories, the reader of call policies and
// the ORB level of those policies (docs/messaging.md).
#include <rtorb/corba/orb.hpp>

#include "orb/orb_core.hpp"
#include "orb/policy_factory.hpp"
#include "orb/request_admission.hpp"

namespace rtorb::orb {

void OrbCore::add_policy_factory(std::shared_ptr<const PolicyFactory> factory) {
  std::lock_guard lock(mutex_);
  policy_factories_.push_back(std::move(factory));
}

CORBA::object_reference<CORBA::Policy> OrbCore::create_policy(CORBA::PolicyType type,
                                                              const cdr::Any& value) {
  check_alive();
  std::vector<std::shared_ptr<const PolicyFactory>> factories;
  {
    std::lock_guard lock(mutex_);
    factories = policy_factories_;
  }
  for (const auto& factory : factories) {
    if (factory->handles(type)) return factory->create(type, value);
  }
  throw CORBA::PolicyError(CORBA::BAD_POLICY);
}

void OrbCore::set_call_policy_reader(std::shared_ptr<const CallPolicyReader> reader) {
  std::lock_guard lock(mutex_);
  call_policy_reader_.store(reader.get(), std::memory_order_release);
  call_policy_reader_owner_ = std::move(reader);
}

void OrbCore::set_request_admission(std::shared_ptr<const RequestAdmission> admission) {
  std::lock_guard lock(mutex_);
  request_admission_.store(admission.get(), std::memory_order_release);
  request_admission_owner_ = std::move(admission);
}

CallPolicies OrbCore::orb_call_policies() const {
  const auto policies = orb_call_policies_.load(std::memory_order_acquire);
  return policies ? *policies : CallPolicies{};
}

// Called under the ORBPolicyManager's lock, so changes arrive in order.
void OrbCore::read_orb_call_policies(const CORBA::PolicyList& now) {
  const CallPolicyReader* reader = call_policy_reader();
  if (reader == nullptr) return;
  auto policies = std::make_shared<const CallPolicies>(reader->read(now));
  const bool any = !policies->empty();
  orb_call_policies_.store(std::move(policies), std::memory_order_release);
  has_orb_call_policies_.store(any, std::memory_order_release);
}

void OrbCore::read_orb_shaping_policies(const CORBA::PolicyList& now) {
  const std::uint64_t types = client_shaping_types();
  auto shaping = std::make_shared<CORBA::PolicyList>();
  for (const auto& policy : now) {
    if (!policy) continue;
    const CORBA::PolicyType type = policy->policy_type();
    if (type < 64 && (types >> type & 1) != 0) shaping->push_back(policy);
  }
  const bool any = !shaping->empty();
  orb_shaping_policies_.store(any ? std::move(shaping) : nullptr, std::memory_order_release);
  has_orb_shaping_policies_.store(any, std::memory_order_release);
  orb_shaping_generation_.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace rtorb::orb

namespace CORBA {

object_reference<Policy> ORB::create_policy(PolicyType type, const Any& value) {
  return core_->create_policy(type, value);
}

}  // namespace CORBA
