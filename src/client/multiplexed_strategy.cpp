// The multiplexed strategy (-ORBClientStrategy multiplexed): requests to one endpoint share
// its connection; the caller registers its request id, sends, and waits its turn to read
// (multiplexed_connection.hpp).
#include <algorithm>
#include <chrono>

#include "client/invocation_state.hpp"
#include "core/orb_context.hpp"
#include "giop/message_codec.hpp"
#include "transport/fragmenting_send.hpp"

namespace rtorb::orb {

void InvocationState::send_multiplexed(const Target& target, const cdr::OutputStream& request,
                                       std::uint32_t id, bool response_expected) {
  const OrbOptions& options = core->orb()->options();
  waiter = {};
  if (response_expected) shared->expect(id, waiter);
  try {
    // GIOP 1.1 fragments may not interleave with other messages: those go whole.
    if (sends_fragmented(options, request.size()) && target.version.minor >= 2 &&
        shared->connection().mode() == giop::HeaderMode::standard) {
      transport::send_fragmented(shared->connection(), request, options.fragment_size);
    } else {
      shared->connection().send(request);
    }
  } catch (...) {
    shared->forget(id);
    throw;
  }
  if (!response_expected) return;
  // -ORBReplyTimeout or the RelativeRoundtripTimeout's deadline, whichever ends first.
  auto timeout = options.reply_timeout;
  if (deadline_set() && (timeout.count() == 0 || remaining() < timeout)) timeout = remaining();
  shared->wait(id, waiter, timeout);
  giop::DecodeOptions decode;
  decode.mode = shared->connection().mode();
  decode.limits.max_message_size = options.max_message_size;
  reply_message = giop::decode_message(waiter.reply, decode);
}

}  // namespace rtorb::orb
