// Buffered oneways: a SYNC_NONE oneway under a BufferingConstraint joins the batch of its
// exclusive connection, which the transport sends at the constraint's count, size or
// timeout (docs/messaging.md, "Request buffering for oneways"). Its FLUSH mode is an
// ordinary SYNC_NONE call, sent now, after what is buffered.
#include "client/invocation_state.hpp"
#include "core/orb_context.hpp"

namespace rtorb::orb {

bool InvocationState::joins_batch() const noexcept {
  return policies.buffering && !policies.buffering->at_once;
}

void InvocationState::buffer_oneway(transport::Connection& connection,
                                    const cdr::OutputStream& request) {
  const OnewayBuffering& b = *policies.buffering;
  const auto limit = core->orb()->options().oneway_buffer_size;
  connection.buffer_oneway(request, {b.count, b.bytes, b.timeout, limit});
}

}  // namespace rtorb::orb
