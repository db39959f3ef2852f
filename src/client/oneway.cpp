// Oneway calls (Invocation::invoke_oneway) by their SyncScope: NONE and TRANSPORT return
// once the request is handed over (NONE joins a batch under a BufferingConstraint);
// SERVER and TARGET wait for a reply as a twoway does.
#include <rtorb/orb/invocation.hpp>

#include <memory>

#include "client/invocation_state.hpp"
#include "core/orb_context.hpp"
#include "core/seams/seam_registry.hpp"

namespace rtorb::orb {

void Invocation::invoke_oneway(ArgumentWriter arguments) {
  InvocationState& s = *state_;
  s.read_policies();
  const OnewayWait wait = s.oneway_wait();
  if (s.core->orb()->seams().request_interception() != nullptr) [[unlikely]] {
    s.start_interception(false, static_cast<std::int16_t>(wait));
  }
  // WITH_SERVER and WITH_TARGET wait for a reply, and follow forwards, as a twoway does.
  if (wait == OnewayWait::server) {
    s.call(arguments, {}, giop::ResponseFlags::sync_with_server);
    return;
  }
  if (wait == OnewayWait::target) {
    s.call(arguments, {}, giop::ResponseFlags::sync_with_target);
    return;
  }
  // One attempt, no reply, no forward: SYNC_NONE never blocks on a full socket buffer
  // (exclusive_strategy.cpp), and may join its connection's batch (buffered_oneway.cpp).
  s.buffered = wait == OnewayWait::none && s.joins_batch();
  if (s.interception) [[unlikely]] {
    s.call_intercepted(arguments, {}, giop::ResponseFlags::sync_none);
    return;
  }
  std::shared_ptr<const Target> hold;
  s.attempt(s.core->target(hold), arguments, giop::ResponseFlags::sync_none,
            giop::AddressingDisposition::key_addr);
}

}  // namespace rtorb::orb
