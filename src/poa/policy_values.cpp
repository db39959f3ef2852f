// POA policy objects and the parsing of a PolicyList into PolicyValues.
#include "poa/policy_values.hpp"

#include <cstddef>
#include <memory>
#include <rtorb/poa/poa.hpp>

namespace rtorb::poa {
namespace {

template <class Interface, class Value, CORBA::PolicyType Type>
class ValuePolicy final : public Interface {
 public:
  explicit ValuePolicy(Value value) noexcept : value_(value) {}
  Value value() override { return value_; }
  CORBA::PolicyType policy_type() override { return Type; }
  CORBA::object_reference<CORBA::Policy> copy() override {
    return CORBA::make_reference<ValuePolicy>(value_);
  }
  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<Interface>::repository_id ||
           repository_id == IDL::traits<CORBA::Policy>::repository_id ||
           CORBA::LocalObject::_is_a(repository_id);
  }

 private:
  Value value_;
};

template <class Interface, class Value, CORBA::PolicyType Type>
CORBA::object_reference<Interface> make(Value v) {
  return CORBA::make_reference<ValuePolicy<Interface, Value, Type>>(v);
}

template <class Interface>
auto value_of(const CORBA::object_reference<CORBA::Policy>& policy, std::size_t index) {
  auto typed = std::dynamic_pointer_cast<Interface>(policy.shared());
  if (!typed) throw PortableServer::POA::InvalidPolicy(static_cast<std::uint16_t>(index));
  return typed->value();
}

}  // namespace

using namespace PortableServer;

PolicyValues parse_policies(const CORBA::PolicyList& policies,
                            const std::function<bool(CORBA::PolicyType)>& known_above) {
  PolicyValues v;
  std::size_t index_of[7] = {};  // where each kind came from, for conflict reports
  for (std::size_t i = 0; i < policies.size(); ++i) {
    const auto& p = policies[i];
    const auto invalid = static_cast<std::uint16_t>(i);
    if (!p) throw POA::InvalidPolicy(invalid);
    const CORBA::PolicyType type = p->policy_type();
    switch (type) {
      case THREAD_POLICY_ID:
        v.thread = value_of<ThreadPolicy>(p, i);
        break;
      case LIFESPAN_POLICY_ID:
        v.lifespan = value_of<LifespanPolicy>(p, i);
        break;
      case ID_UNIQUENESS_POLICY_ID:
        v.uniqueness = value_of<IdUniquenessPolicy>(p, i);
        break;
      case ID_ASSIGNMENT_POLICY_ID:
        v.assignment = value_of<IdAssignmentPolicy>(p, i);
        break;
      case IMPLICIT_ACTIVATION_POLICY_ID:
        v.activation = value_of<ImplicitActivationPolicy>(p, i);
        break;
      case SERVANT_RETENTION_POLICY_ID:
        v.retention = value_of<ServantRetentionPolicy>(p, i);
        break;
      case REQUEST_PROCESSING_POLICY_ID:
        v.processing = value_of<RequestProcessingPolicy>(p, i);
        break;
      default:
        if (known_above && known_above(type)) continue;
        throw POA::InvalidPolicy(invalid);
    }
    index_of[type - THREAD_POLICY_ID] = i;
  }
  const auto at = [&](CORBA::PolicyType type) {
    return static_cast<std::uint16_t>(index_of[type - THREAD_POLICY_ID]);
  };
  if (!v.retain() && v.processing == RequestProcessingPolicyValue::USE_ACTIVE_OBJECT_MAP_ONLY) {
    throw POA::InvalidPolicy(at(SERVANT_RETENTION_POLICY_ID));
  }
  if (v.implicit_activation() && (!v.system_id() || !v.retain())) {
    throw POA::InvalidPolicy(at(IMPLICIT_ACTIVATION_POLICY_ID));
  }
  if (v.use_default_servant() && v.unique_id()) {
    throw POA::InvalidPolicy(at(REQUEST_PROCESSING_POLICY_ID));
  }
  return v;
}

CORBA::object_reference<ThreadPolicy> make_policy(ThreadPolicyValue v) {
  return make<ThreadPolicy, ThreadPolicyValue, THREAD_POLICY_ID>(v);
}
CORBA::object_reference<LifespanPolicy> make_policy(LifespanPolicyValue v) {
  return make<LifespanPolicy, LifespanPolicyValue, LIFESPAN_POLICY_ID>(v);
}
CORBA::object_reference<IdUniquenessPolicy> make_policy(IdUniquenessPolicyValue v) {
  return make<IdUniquenessPolicy, IdUniquenessPolicyValue, ID_UNIQUENESS_POLICY_ID>(v);
}
CORBA::object_reference<IdAssignmentPolicy> make_policy(IdAssignmentPolicyValue v) {
  return make<IdAssignmentPolicy, IdAssignmentPolicyValue, ID_ASSIGNMENT_POLICY_ID>(v);
}
CORBA::object_reference<ImplicitActivationPolicy> make_policy(ImplicitActivationPolicyValue v) {
  return make<ImplicitActivationPolicy, ImplicitActivationPolicyValue,
              IMPLICIT_ACTIVATION_POLICY_ID>(v);
}
CORBA::object_reference<ServantRetentionPolicy> make_policy(ServantRetentionPolicyValue v) {
  return make<ServantRetentionPolicy, ServantRetentionPolicyValue, SERVANT_RETENTION_POLICY_ID>(
      v);
}
CORBA::object_reference<RequestProcessingPolicy> make_policy(RequestProcessingPolicyValue v) {
  return make<RequestProcessingPolicy, RequestProcessingPolicyValue,
              REQUEST_PROCESSING_POLICY_ID>(v);
}

}  // namespace rtorb::poa
