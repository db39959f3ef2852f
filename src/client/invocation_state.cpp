// The core every send mode shares: an Invocation's state, its call policies, and one
// attempt at the target (start, connect, write, send, wait).
#include "client/invocation_state.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <new>
#include <string>

#include "client/client_side.hpp"
#include "core/orb_context.hpp"
#include "core/seams/request_priority.hpp"

namespace rtorb::orb {
namespace {

// The connection is the caller's for this request: its packets carry the DSCP of the
// request's priority (a system call only when that changes on the connection).
void mark_network_priority(OrbContext& orb, transport::Connection& connection,
                           std::int32_t priority) noexcept {
  NetworkPriority* hook = orb.seams().network_priority();
  if (hook == nullptr) return;
  const int dscp = hook->dscp_for(priority);
  if (dscp != NetworkPriority::no_dscp) connection.mark_dscp(dscp);
}

}  // namespace

Invocation::Invocation(const CORBA::Object& target, std::string_view operation) {
  const auto& core = core_of(target);
  if (!core) {
    raise<CORBA::INV_OBJREF>(minor::inv_objref_no_profile, "a local object has no profile");
  }
  core->orb()->check_alive();
  static_assert(sizeof(InvocationState) <= state_size, "Invocation::state_size too small");
  static_assert(alignof(InvocationState) <= alignof(std::max_align_t));
  state_ = new (storage_) InvocationState(target, *core, operation);
}

Invocation::~Invocation() { state_->~InvocationState(); }

void check_request_size(const OrbContext& orb, const cdr::OutputStream& request) {
  if (request.size() > orb.options().max_message_size) {
    raise<CORBA::IMP_LIMIT>(minor::imp_limit_message_too_large,
                            "request of " + std::to_string(request.size()) +
                                " bytes exceeds -ORBMaxMessageSize");
  }
}

void InvocationState::read_policies() {
  has_policies = effective_call_policies(*core, policies);
  if (has_policies && policies.roundtrip_timeout) {
    deadline = Clock::now() + std::chrono::ceil<Clock::duration>(*policies.roundtrip_timeout);
  }
}

void InvocationState::check_rebind(const Target& from, const ior::ObjectReference& to) const {
  if (may_rebind()) return;
  if (to == from.reference) return;
  raise<CORBA::REBIND>(minor::rebind_forward,
                       "RebindPolicy NO_REBIND: a LOCATION_FORWARD would change the target");
}

void InvocationState::attempt(const Target& target, ArgumentWriter& arguments,
                              giop::ResponseFlags flags,
                              giop::AddressingDisposition addressing) {
  Attempt a = start(target);
  if (interception) [[unlikely]] {
    points_started = false;
    interception->send_request(a.id);
    points_started = true;
  }
  // The connection comes first: whether this is its first request decides the contexts.
  connect(a);
  std::array<std::uint8_t, 1024> block;
  cdr::OutputStream os(block, {target.version.minor, target.code_sets});
  write_request(os, a, arguments, flags, addressing);
  // Sent before attempt() returns, while the caller's (borrowed) arguments are alive.
  send_and_wait(a, os, giop::response_expected(flags));
}

Attempt InvocationState::start(const Target& target) {
  OrbContext& orb = *core->orb();
  lease.reset();
  shared.reset();
  reply_message.reset();
  const bool collocated = core->collocated(target);
  const std::uint32_t id = orb.client().next_request_id();
  request_id = id;
  std::int32_t priority = thread_priority();
  if (priority != no_priority) {
    if (OutboundPriority* hook = orb.seams().outbound_priority()) {
      priority = hook->outbound(priority, target.profile.object_key);
    }
  }
  Carrier carrier = Carrier::exclusive;
  if (collocated) {
    carrier = Carrier::collocated;
  } else if (orb.options().client_strategy == ClientStrategy::multiplexed) {
    carrier = Carrier::multiplexed;
  }
  return Attempt{target, id, priority, target.cache_key_for(priority), carrier};
}

void InvocationState::connect(Attempt& a) {
  OrbContext& orb = *core->orb();
  switch (a.carrier) {
    case Carrier::collocated:  // needs no context: the server side is given the code sets
    case Carrier::ami:         // async_call.cpp connects its own
      return;
    case Carrier::multiplexed:
      // Requests race to the shared socket, so every one carries the context.
      shared = orb.client().multiplexed_connection(a.cache_key.endpoint);
      a.first_request = true;
      return;
    case Carrier::exclusive:
      orb.client().expire_idle_connections();
      lease_connection(a.cache_key);
      a.first_request = (*lease)->take_first_request();
      if (a.priority != no_priority) mark_network_priority(orb, **lease, a.priority);
      return;
  }
}

void InvocationState::send_and_wait(const Attempt& a, const cdr::OutputStream& request,
                                    bool response_expected) {
  if (a.carrier == Carrier::collocated) {
    send_collocated(a.target, request, response_expected);
    return;
  }
  check_request_size(*core->orb(), request);
  if (a.carrier == Carrier::multiplexed) {
    send_multiplexed(a.target, request, a.id, response_expected);
    return;
  }
  send_exclusive(a.target, request, response_expected);
  if (response_expected) receive(a.id);
}

}  // namespace rtorb::orb
