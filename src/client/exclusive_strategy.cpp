// The exclusive strategy (the default): the calling thread leases a connection from the
// cache, writes its request with one gather-write and reads the reply itself. No queue,
// no lock, no other thread.
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <chrono>

#include "client/client_side.hpp"
#include "client/invocation_state.hpp"
#include "core/orb_context.hpp"
#include "giop/message_codec.hpp"
#include "transport/fragmenting_send.hpp"

namespace rtorb::orb {
namespace {

using CORBA::CompletionStatus;
using Clock = InvocationState::Clock;

// How long the caller waits for a reply: until -ORBReplyTimeout or the
// RelativeRoundtripTimeout's deadline, whichever ends first; unbounded with neither.
struct ReplyWait {
  Clock::time_point until{};  // {}: unbounded
  bool by_policy = false;     // `until` is the RelativeRoundtripTimeout's

  bool bounded() const noexcept { return until != Clock::time_point{}; }
};

ReplyWait reply_wait(const OrbContext& orb, const InvocationState& s) {
  ReplyWait w;
  // The clock is read only when a timeout is configured.
  const auto timeout = orb.options().reply_timeout;
  if (timeout.count() > 0) w.until = Clock::now() + timeout;
  w.by_policy = s.deadline_set() && (!w.bounded() || s.deadline < w.until);
  if (w.by_policy) w.until = s.deadline;
  return w;
}

// The head of the next message (a large reply's sequences are then received straight
// into the stub's results: reply_message keeps connection.rest(), and the lease keeps the
// connection until the stub has read them). Empty when an unbounded wait timed out.
std::span<const std::uint8_t> receive_head(transport::Connection& connection,
                                           const ReplyWait& w) {
  try {
    const auto wait = w.bounded() ? std::chrono::ceil<std::chrono::milliseconds>(
                                        w.until - Clock::now())
                                  : transport::Connection::forever;
    return connection.receive_message_head(std::max(wait, std::chrono::milliseconds(0)));
  } catch (const CORBA::TIMEOUT& e) {
    if (!w.bounded()) return {};
    if (w.by_policy) {
      raise<CORBA::TIMEOUT>(minor::timeout_reply_wait,
                            "no reply within the RelativeRoundtripTimeout",
                            CompletionStatus::COMPLETED_MAYBE);
    }
    raise<CORBA::TIMEOUT>(e.minor(), "no reply within -ORBReplyTimeout",
                          CompletionStatus::COMPLETED_MAYBE);
  } catch (const CORBA::SystemException& e) {
    raise<CORBA::COMM_FAILURE>(e.minor(), e.detail(), CompletionStatus::COMPLETED_MAYBE);
  }
}

// A whole Reply (not a fragment, no more-fragments flag): the common case, told from two
// header bytes (the connection has checked magic, version and size) without decoding the
// header a second time before decode_message does.
bool is_whole_reply(std::span<const std::uint8_t> message) noexcept {
  constexpr std::uint8_t reply_type = 1;
  constexpr std::uint8_t more_fragments_flag = 0x02;
  return message.size() >= giop::header_size && message[7] == reply_type &&
         (message[5] == 0 || (message[6] & more_fragments_flag) == 0);
}

// Anything but a whole standard Reply: CloseConnection and MessageError end the call, a
// fragment joins `assembler`. The whole Reply, or empty while fragments are missing.
std::span<const std::uint8_t> whole_reply(std::span<const std::uint8_t> message,
                                          giop::HeaderMode mode, const OrbContext& orb,
                                          std::optional<giop::FragmentAssembler>& assembler) {
  giop::MessageHeader header = giop::decode_header(message, mode);
  if (header.type == giop::MsgType::close_connection) {
    raise<CORBA::TRANSIENT>(minor::transient_close_connection,
                            "server sent CloseConnection before replying");
  }
  if (header.type == giop::MsgType::message_error) {
    raise<CORBA::COMM_FAILURE>(minor::comm_failure_connection_closed,
                               "server answered MessageError",
                               CompletionStatus::COMPLETED_MAYBE);
  }
  // GIOPlite has no fragments: a Fragment there is just not a Reply.
  if (mode == giop::HeaderMode::standard &&
      (header.more_fragments || header.type == giop::MsgType::fragment)) {
    const std::uint32_t limit = orb.options().max_message_size;
    if (!assembler) assembler.emplace(giop::AssemblerLimits{limit, limit});
    const auto whole = assembler->add(message);
    if (!whole.complete) return {};
    message = whole.message;
    header = giop::decode_header(message);
  }
  if (header.type != giop::MsgType::reply) {
    raise<CORBA::MARSHAL>(minor::marshal_unexpected_reply, "expected a Reply",
                          CompletionStatus::COMPLETED_MAYBE);
  }
  return message;
}

}  // namespace

void InvocationState::lease_connection(const transport::CacheKey& key) {
  transport::ConnectionCache& connections = core->orb()->client().connections();
  if (!has_policies) {
    lease.emplace(connections.acquire(key));
    // A load per call, a store once: a NO_RECONNECT set later at the thread or ORB level
    // knows the reference has had a connection.
    if (!core->connected_once()) core->mark_connected();
    return;
  }
  if (policies.rebind == RebindMode::no_reconnect && core->connected_once()) {
    auto existing = connections.acquire_existing(key);
    if (!existing) {
      raise<CORBA::REBIND>(minor::rebind_reconnect,
                           "RebindPolicy NO_RECONNECT: the reference's connection is gone");
    }
    lease.emplace(std::move(*existing));
    return;
  }
  if (!deadline_set()) {
    lease.emplace(connections.acquire(key));
  } else {
    if (Clock::now() >= deadline) {
      raise<CORBA::TIMEOUT>(minor::timeout_connect,
                            "RelativeRoundtripTimeout passed before connecting");
    }
    const auto left = remaining();
    try {
      lease.emplace(connections.acquire(key, left));
    } catch (const CORBA::TRANSIENT& e) {
      if (e.minor() != minor::transient_connect_timeout) throw;
      raise<CORBA::TIMEOUT>(minor::timeout_connect,
                            "RelativeRoundtripTimeout passed while connecting: " + e.detail());
    }
  }
  core->mark_connected();
}

void InvocationState::send_exclusive(const Target& target, const cdr::OutputStream& request,
                                     bool response_expected) {
  const OrbOptions& options = core->orb()->options();
  transport::Connection& connection = **lease;
  if (buffered) {
    buffer_oneway(connection, request);
    return;
  }
  if (sends_fragmented(options, request.size()) && target.version.minor >= 1 &&
      connection.mode() == giop::HeaderMode::standard) {
    transport::send_fragmented(connection, request, options.fragment_size);
  } else if (!has_policies) {
    connection.send_owned(request);  // the lease makes it ours: no lock
  } else {
    transport::SendWait wait;
    if (!response_expected && policies.oneway_wait == OnewayWait::none) {
      wait.kind = transport::SendWait::Kind::never;  // SYNC_NONE never blocks its caller
    } else if (deadline_set()) {
      wait = {transport::SendWait::Kind::until, deadline};
    }
    connection.send_owned(request, wait);
  }
}

// The connection is discarded on any failure: what is left on it (the rest of a refused
// reply) belongs to no later request. Only CloseConnection (TRANSIENT) says the request
// was not processed; anything else may have been.
void InvocationState::receive(std::uint32_t id) {
  const OrbContext& orb = *core->orb();
  transport::Connection& connection = **lease;
  try {
    const ReplyWait wait = reply_wait(orb, *this);
    for (;;) {
      std::span<const std::uint8_t> message = receive_head(connection, wait);
      if (message.empty()) continue;
      const giop::HeaderMode mode = connection.mode();
      if (mode == giop::HeaderMode::lite || !is_whole_reply(message)) {
        message = whole_reply(message, mode, orb, assembler);
        if (message.empty()) continue;
      }
      // The request id follows the header (after the 1.0/1.1 service contexts), so the
      // full decode checks it; a stale reply to an abandoned request is skipped.
      giop::DecodeOptions options;
      options.mode = mode;
      options.limits.max_message_size = orb.options().max_message_size;
      reply_message = giop::decode_message(message, options, connection.rest());
      if (reply_message->get<giop::ReplyHeader>()->request_id == id) return;
    }
  } catch (CORBA::SystemException& e) {
    lease->discard();
    if (dynamic_cast<CORBA::TRANSIENT*>(&e) == nullptr) {
      e.completed(CompletionStatus::COMPLETED_MAYBE);
    }
    throw;
  } catch (...) {
    lease->discard();
    throw;
  }
}

}  // namespace rtorb::orb
