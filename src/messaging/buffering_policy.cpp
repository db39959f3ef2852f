#include "messaging/buffering_policy.hpp"

#include <rtorb/corba/exception.hpp>

#include <algorithm>

#include "client/client_side.hpp"
#include "core/orb_parts.hpp"
#include "transport/oneway_flusher.hpp"

namespace rtorb::messaging {
namespace {

constexpr BufferingConstraintMode all_modes =
    BUFFER_TIMEOUT | BUFFER_MESSAGE_COUNT | BUFFER_MESSAGE_BYTES;

class BufferingPolicyImpl final : public BufferingConstraintPolicy {
 public:
  explicit BufferingPolicyImpl(const BufferingConstraint& c) noexcept : value_(c) {}
  CORBA::PolicyType policy_type() override { return BUFFERING_CONSTRAINT_POLICY_TYPE; }
  CORBA::object_reference<CORBA::Policy> copy() override {
    return CORBA::make_reference<BufferingPolicyImpl>(value_);
  }
  bool _is_a(const std::string& repository_id) override {
    return repository_id == IDL::traits<BufferingConstraintPolicy>::repository_id ||
           repository_id == IDL::traits<CORBA::Policy>::repository_id ||
           CORBA::LocalObject::_is_a(repository_id);
  }
  BufferingConstraint buffering_constraint() override { return value_; }

 private:
  const BufferingConstraint value_;
};

class BufferingPolicyFactory final : public orb::PolicyFactory {
 public:
  bool handles(CORBA::PolicyType type) const noexcept override {
    return type == BUFFERING_CONSTRAINT_POLICY_TYPE;
  }
  CORBA::object_reference<CORBA::Policy> create(CORBA::PolicyType,
                                                const cdr::Any& value) const override {
    BufferingConstraint c;
    if (!value.extract(c)) throw CORBA::PolicyError(CORBA::BAD_POLICY_TYPE);
    check_buffering_constraint(c);
    return make_buffering_policy(c);
  }
};

// TimeBase::TimeT counts 100 ns.
std::chrono::nanoseconds duration_of(TimeBase::TimeT t) noexcept {
  constexpr TimeBase::TimeT limit = std::chrono::nanoseconds::max().count() / 100;
  return std::chrono::nanoseconds(static_cast<std::int64_t>(std::min(t, limit)) * 100);
}

}  // namespace

void check_buffering_constraint(const BufferingConstraint& c) {
  const bool bad = (c.mode & ~all_modes) != 0 ||
                   ((c.mode & BUFFER_TIMEOUT) != 0 && c.timeout == 0) ||
                   ((c.mode & BUFFER_MESSAGE_COUNT) != 0 && c.message_count == 0) ||
                   ((c.mode & BUFFER_MESSAGE_BYTES) != 0 && c.message_bytes == 0);
  if (bad) throw CORBA::PolicyError(CORBA::BAD_POLICY_VALUE);
}

CORBA::object_reference<BufferingConstraintPolicy> make_buffering_policy(
    const BufferingConstraint& c) {
  return CORBA::make_reference<BufferingPolicyImpl>(c);
}

std::shared_ptr<const orb::PolicyFactory> make_buffering_policy_factory() {
  return std::make_shared<BufferingPolicyFactory>();
}

orb::OnewayBuffering oneway_buffering(const BufferingConstraint& c) noexcept {
  orb::OnewayBuffering b;
  b.at_once = (c.mode & all_modes) == 0;
  if (c.mode & BUFFER_MESSAGE_COUNT) b.count = c.message_count;
  if (c.mode & BUFFER_MESSAGE_BYTES) b.bytes = c.message_bytes;
  if (c.mode & BUFFER_TIMEOUT) b.timeout = duration_of(c.timeout);
  return b;
}

void flush(const CORBA::object_reference<CORBA::ORB>& orb) {
  if (!orb) return;
  rtorb::orb::client_of(rtorb::orb::context_of(*orb)).oneway_flusher().flush_all();
}

}  // namespace rtorb::messaging

namespace rtorb::cdr {

template <>
TypeCodeRef type_code_of<messaging::BufferingConstraint>() {
  static const TypeCodeRef tc = TypeCode::structure(
      "IDL:rtorb.org/Rtorb/BufferingConstraint:1.0", "BufferingConstraint",
      {{"mode", TypeCode::basic(TCKind::tk_ushort)},
       {"timeout", TypeCode::alias("IDL:omg.org/TimeBase/TimeT:1.0", "TimeT",
                                   TypeCode::basic(TCKind::tk_ulonglong))},
       {"message_count", TypeCode::basic(TCKind::tk_ulong)},
       {"message_bytes", TypeCode::basic(TCKind::tk_ulong)}});
  return tc;
}

}  // namespace rtorb::cdr
