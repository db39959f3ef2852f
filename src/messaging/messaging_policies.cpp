#include "messaging/messaging_policies.hpp"

namespace rtorb::messaging {
namespace {

// What every Messaging policy shares: its type, _is_a for its interface and copy() (a new
// Self with the same value).
template <class Interface, CORBA::PolicyType Type, class Value, class Self>
class ValuePolicy : public Interface {
 public:
  explicit ValuePolicy(Value value) noexcept : value_(value) {}
  CORBA::PolicyType policy_type() override { return Type; }
  CORBA::object_reference<CORBA::Policy> copy() override {
    return CORBA::make_reference<Self>(value_);
  }
  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<Interface>::repository_id ||
           repository_id == IDL::traits<CORBA::Policy>::repository_id ||
           CORBA::LocalObject::_is_a(repository_id);
  }

 protected:
  Value value_;
};

class RebindPolicyImpl final
    : public ValuePolicy<Messaging::RebindPolicy, Messaging::REBIND_POLICY_TYPE, Messaging::RebindMode,
                         RebindPolicyImpl> {
 public:
  using ValuePolicy::ValuePolicy;
  Messaging::RebindMode rebind_mode() override { return value_; }
};

class SyncScopePolicyImpl final
    : public ValuePolicy<Messaging::SyncScopePolicy, Messaging::SYNC_SCOPE_POLICY_TYPE, Messaging::SyncScope,
                         SyncScopePolicyImpl> {
 public:
  using ValuePolicy::ValuePolicy;
  Messaging::SyncScope synchronization() override { return value_; }
};

class RequestTimeoutPolicyImpl final
    : public ValuePolicy<Messaging::RelativeRequestTimeoutPolicy,
                         Messaging::RELATIVE_REQ_TIMEOUT_POLICY_TYPE, TimeBase::TimeT,
                         RequestTimeoutPolicyImpl> {
 public:
  using ValuePolicy::ValuePolicy;
  TimeBase::TimeT relative_expiry() override { return value_; }
};

class RoundtripTimeoutPolicyImpl final
    : public ValuePolicy<Messaging::RelativeRoundtripTimeoutPolicy,
                         Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, TimeBase::TimeT,
                         RoundtripTimeoutPolicyImpl> {
 public:
  using ValuePolicy::ValuePolicy;
  TimeBase::TimeT relative_expiry() override { return value_; }
};

// The value an any holds as T; PolicyError BAD_POLICY_TYPE when it holds another type.
template <class T>
T value_of(const cdr::Any& any) {
  T value{};
  if (!any.extract(value)) throw CORBA::PolicyError(CORBA::BAD_POLICY_TYPE);
  return value;
}

class MessagingPolicyFactory final : public orb::PolicyFactory {
 public:
  bool handles(CORBA::PolicyType type) const noexcept override {
    return type >= Messaging::REBIND_POLICY_TYPE && type <= Messaging::QUEUE_ORDER_POLICY_TYPE;
  }
  CORBA::object_reference<CORBA::Policy> create(CORBA::PolicyType type,
                                                const cdr::Any& value) const override {
    switch (type) {
      case Messaging::REBIND_POLICY_TYPE: {
        const auto mode = value_of<std::int16_t>(value);
        if (mode < Messaging::TRANSPARENT || mode > Messaging::NO_RECONNECT) {
          throw CORBA::PolicyError(CORBA::BAD_POLICY_VALUE);
        }
        return make_rebind_policy(mode);
      }
      case Messaging::SYNC_SCOPE_POLICY_TYPE: {
        const auto scope = value_of<std::int16_t>(value);
        if (scope < Messaging::SYNC_NONE || scope > Messaging::SYNC_WITH_TARGET) {
          throw CORBA::PolicyError(CORBA::BAD_POLICY_VALUE);
        }
        return make_sync_scope_policy(scope);
      }
      case Messaging::RELATIVE_REQ_TIMEOUT_POLICY_TYPE:
        return make_request_timeout_policy(value_of<std::uint64_t>(value));
      case Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE:
        return make_roundtrip_timeout_policy(value_of<std::uint64_t>(value));
      default:
        throw CORBA::PolicyError(CORBA::UNSUPPORTED_POLICY);
    }
  }
};

}  // namespace

CORBA::object_reference<Messaging::RebindPolicy> make_rebind_policy(Messaging::RebindMode mode) {
  return CORBA::make_reference<RebindPolicyImpl>(mode);
}

CORBA::object_reference<Messaging::SyncScopePolicy> make_sync_scope_policy(Messaging::SyncScope scope) {
  return CORBA::make_reference<SyncScopePolicyImpl>(scope);
}

CORBA::object_reference<Messaging::RelativeRequestTimeoutPolicy> make_request_timeout_policy(
    TimeBase::TimeT expiry) {
  return CORBA::make_reference<RequestTimeoutPolicyImpl>(expiry);
}

CORBA::object_reference<Messaging::RelativeRoundtripTimeoutPolicy> make_roundtrip_timeout_policy(
    TimeBase::TimeT expiry) {
  return CORBA::make_reference<RoundtripTimeoutPolicyImpl>(expiry);
}

std::shared_ptr<const orb::PolicyFactory> make_messaging_policy_factory() {
  return std::make_shared<MessagingPolicyFactory>();
}

}  // namespace rtorb::messaging
