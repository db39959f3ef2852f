#include "messaging/call_policy_reader.hpp"

#include <rtorb/messaging/messaging.hpp>

#include "messaging/buffering_policy.hpp"

namespace rtorb::messaging {
namespace {

orb::OnewayWait oneway_wait(Messaging::SyncScope scope) noexcept {
  switch (scope) {
    case Messaging::SYNC_NONE: return orb::OnewayWait::none;
    case Messaging::SYNC_WITH_SERVER: return orb::OnewayWait::server;
    case Messaging::SYNC_WITH_TARGET: return orb::OnewayWait::target;
    default: return orb::OnewayWait::transport;
  }
}

orb::RebindMode rebind_mode(Messaging::RebindMode mode) noexcept {
  switch (mode) {
    case Messaging::NO_REBIND: return orb::RebindMode::no_rebind;
    case Messaging::NO_RECONNECT: return orb::RebindMode::no_reconnect;
    default: return orb::RebindMode::transparent;
  }
}

// TimeBase::TimeT counts 100 ns.
std::chrono::nanoseconds duration_of(TimeBase::TimeT t) noexcept {
  constexpr TimeBase::TimeT limit = std::chrono::nanoseconds::max().count() / 100;
  return std::chrono::nanoseconds(static_cast<std::int64_t>(std::min(t, limit)) * 100);
}

class MessagingCallPolicyReader final : public orb::CallPolicyReader {
 public:
  orb::CallPolicies read(const CORBA::PolicyList& level) const noexcept override {
    orb::CallPolicies out;
    for (const auto& policy : level) {
      if (!policy) continue;
      // The list holds policies of any layer: only the type says which are ours, and a
      // policy of our type that is not our implementation is read through its interface.
      switch (policy->policy_type()) {
        case Messaging::SYNC_SCOPE_POLICY_TYPE:
          if (auto p = std::dynamic_pointer_cast<Messaging::SyncScopePolicy>(policy.shared())) {
            out.oneway_wait = oneway_wait(p->synchronization());
          }
          break;
        case Messaging::REBIND_POLICY_TYPE:
          if (auto p = std::dynamic_pointer_cast<Messaging::RebindPolicy>(policy.shared())) {
            out.rebind = rebind_mode(p->rebind_mode());
          }
          break;
        case Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE:
          if (auto p = std::dynamic_pointer_cast<Messaging::RelativeRoundtripTimeoutPolicy>(
                  policy.shared())) {
            out.roundtrip_timeout = duration_of(p->relative_expiry());
          }
          break;
        case Messaging::RELATIVE_REQ_TIMEOUT_POLICY_TYPE:
          if (auto p = std::dynamic_pointer_cast<Messaging::RelativeRequestTimeoutPolicy>(
                  policy.shared())) {
            out.request_timeout = duration_of(p->relative_expiry());
          }
          break;
        case BUFFERING_CONSTRAINT_POLICY_TYPE:
          if (auto p = std::dynamic_pointer_cast<BufferingConstraintPolicy>(
                  policy.shared())) {
            out.buffering = oneway_buffering(p->buffering_constraint());
          }
          break;
        default:
          break;
      }
    }
    return out;
  }
};

}  // namespace

std::shared_ptr<const orb::CallPolicyReader> make_call_policy_reader() {
  return std::make_shared<MessagingCallPolicyReader>();
}

}  // namespace rtorb::messaging
