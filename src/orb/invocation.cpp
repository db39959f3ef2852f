// The client side of a request: exclusive connections, the collocated path, replies.
#include <rtorb/orb/invocation.hpp>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <array>
#include <cstring>
#include <optional>
#include <vector>

#include "giop/fragments.hpp"
#include "giop/message_codec.hpp"
#include "giop/messages.hpp"
#include "giop/service_context.hpp"
#include "giop/system_exception_body.hpp"
#include "ior/object_reference.hpp"
#include "orb/multiplexed_connection.hpp"
#include "orb/object_core.hpp"
#include "orb/orb_core.hpp"
#include "orb/server_connections.hpp"
#include "transport/fragmenting_send.hpp"

namespace rtorb::orb {
namespace {

using CORBA::CompletionStatus;
constexpr int max_forwards = 8;

// The CodeSets service context body: byte-order octet, padding, two ulongs.
std::array<std::uint8_t, 12> code_sets_context(const cdr::CodeSetServiceContext& c) noexcept {
  std::array<std::uint8_t, 12> bytes{};
  bytes[0] = static_cast<std::uint8_t>(cdr::native_byte_order);
  std::memcpy(bytes.data() + 4, &c.char_data, 4);
  std::memcpy(bytes.data() + 8, &c.wchar_data, 4);
  return bytes;
}

class CollocatedChannel final : public ReplyChannel {
 public:
  explicit CollocatedChannel(std::vector<std::uint8_t>& reply) noexcept : reply_(reply) {}
  void send(const cdr::OutputStream& message) override { reply_ = message.to_bytes(); }
  void close() noexcept override {}

 private:
  std::vector<std::uint8_t>& reply_;
};

}  // namespace

class InvocationState {
 public:
  InvocationState(std::shared_ptr<ObjectCore> core, std::string_view operation)
      : core(std::move(core)), operation(operation) {}

  // One attempt: marshal, send, and (twoway) wait for the reply message, which is left in
  // `reply_message`. Returns false for a oneway.
  bool attempt(const Target& target, ArgumentWriter& arguments, bool response_expected,
               giop::AddressingDisposition addressing);
  void send_remote(const Target& target, const cdr::OutputStream& request, std::uint32_t id,
                   bool response_expected);
  void send_collocated(const cdr::OutputStream& request, bool response_expected);
  void send_multiplexed(const Target& target, const cdr::OutputStream& request,
                        std::uint32_t id, bool response_expected);
  // Leaves the reply in reply_message.
  void receive(std::uint32_t id);
  void receive_reply(std::uint32_t id);

  std::shared_ptr<ObjectCore> core;
  std::string_view operation;
  std::optional<transport::ConnectionCache::Lease> lease;
  std::shared_ptr<MultiplexedConnection> shared;  // multiplexed strategy
  MultiplexedConnection::Waiter waiter;
  std::optional<giop::FragmentAssembler> assembler;
  std::vector<std::uint8_t> collocated_reply;
  std::optional<giop::Message> reply_message;
  std::optional<cdr::InputStream> reply;
  bool reissued = false;
};

Invocation::Invocation(const CORBA::Object& target, std::string_view operation) {
  const auto& core = core_of(target);
  if (!core) {
    raise<CORBA::INV_OBJREF>(minor::inv_objref_no_profile, "a local object has no profile");
  }
  core->orb()->check_alive();
  state_ = std::make_unique<InvocationState>(core, operation);
}

Invocation::~Invocation() = default;

bool InvocationState::attempt(const Target& target, ArgumentWriter& arguments,
                              bool response_expected, giop::AddressingDisposition addressing) {
  OrbCore& orb = *core->orb();
  lease.reset();
  shared.reset();
  reply_message.reset();
  const bool collocated = core->collocated(target);
  const std::uint32_t id = orb.next_request_id();
  // The connection comes first: whether this is its first request decides the contexts.
  bool first_request = true;
  if (!collocated) {
    if (orb.options().client_strategy == ClientStrategy::multiplexed) {
      // Requests race to the shared socket, so every one carries the context.
      shared = orb.multiplexed_connection(target.endpoint);
    } else {
      orb.expire_idle_connections();
      lease.emplace(orb.connections().acquire(transport::CacheKey{target.endpoint}));
      first_request = (*lease)->take_first_request();
    }
  }

  std::array<std::uint8_t, 1024> block;
  cdr::OutputStream os(block, {target.version.minor, target.code_sets});
  giop::RequestHeader header;
  header.request_id = id;
  header.response_flags = giop::response_flags_from_expected(response_expected);
  header.operation = operation;
  switch (addressing) {
    case giop::AddressingDisposition::key_addr:
      header.target = giop::KeyAddr{target.profile.object_key};
      break;
    case giop::AddressingDisposition::profile_addr:
      header.target = giop::ProfileAddr{ior::encode_profile(target.profile)};
      break;
    case giop::AddressingDisposition::reference_addr:
      header.target = giop::ReferenceAddr{static_cast<std::uint32_t>(target.profile_index),
                                          ior::encode_reference(target.reference)};
      break;
  }
  // CodeSets goes in a connection's first request only (13.10.2.5): the server keeps it.
  const auto context = code_sets_context(target.code_set_context);
  if (first_request && target.version.minor >= 1 && target.has_code_sets) {
    header.service_context.push_back({giop::service_id::code_sets, context});
  }
  const auto start = giop::encode_request(os, target.version, header);
  arguments(os);
  giop::end_message(os, start);

  if (collocated) {
    send_collocated(os, response_expected);
  } else {
    send_remote(target, os, id, response_expected);
  }
  return response_expected;
}

void InvocationState::send_collocated(const cdr::OutputStream& request,
                                      bool response_expected) {
  OrbCore& orb = *core->orb();
  // Correctness first: the request is copied to one buffer and served as if received.
  const std::vector<std::uint8_t> bytes = request.to_bytes();
  collocated_reply.clear();
  ConnectionCodeSets code_sets;
  CollocatedChannel channel(collocated_reply);
  serve_message(orb, bytes, code_sets, channel);
  if (!response_expected) return;
  if (collocated_reply.empty()) {
    raise<CORBA::INTERNAL>(0, "collocated request produced no reply",
                           CompletionStatus::COMPLETED_MAYBE);
  }
  giop::DecodeOptions options;
  options.limits.max_message_size = orb.options().max_message_size;
  reply_message = giop::decode_message(collocated_reply, options);
}

void InvocationState::send_remote(const Target& target, const cdr::OutputStream& request,
                                  std::uint32_t id, bool response_expected) {
  OrbCore& orb = *core->orb();
  if (request.size() > orb.options().max_message_size) {
    raise<CORBA::IMP_LIMIT>(minor::imp_limit_message_too_large,
                            "request of " + std::to_string(request.size()) +
                                " bytes exceeds -ORBMaxMessageSize");
  }
  if (shared) {
    send_multiplexed(target, request, id, response_expected);
    return;
  }
  transport::Connection& connection = **lease;
  if (request.size() > orb.options().fragment_size && target.version.minor >= 1) {
    transport::send_fragmented(connection, request, orb.options().fragment_size);
  } else {
    connection.send(request);
  }
  if (!response_expected) return;
  receive(id);
}

void InvocationState::send_multiplexed(const Target& target, const cdr::OutputStream& request,
                                       std::uint32_t id, bool response_expected) {
  OrbCore& orb = *core->orb();
  waiter = {};
  if (response_expected) shared->expect(id, waiter);
  try {
    // GIOP 1.1 fragments may not interleave with other messages: those go whole.
    if (request.size() > orb.options().fragment_size && target.version.minor >= 2) {
      transport::send_fragmented(shared->connection(), request, orb.options().fragment_size);
    } else {
      shared->connection().send(request);
    }
  } catch (...) {
    shared->forget(id);
    throw;
  }
  if (!response_expected) return;
  shared->wait(id, waiter, orb.options().reply_timeout);
  giop::DecodeOptions options;
  options.limits.max_message_size = orb.options().max_message_size;
  reply_message = giop::decode_message(waiter.reply, options);
}

// Waits for the reply to request `id` on the leased connection, putting fragments back
// together. The connection is discarded on any failure: what is left on it (the rest of a
// refused reply) belongs to no later request.
void InvocationState::receive(std::uint32_t id) {
  try {
    receive_reply(id);
  } catch (CORBA::SystemException& e) {
    lease->discard();
    // The request was sent; only CloseConnection says it was not processed.
    if (dynamic_cast<CORBA::TRANSIENT*>(&e) == nullptr) e.completed(CompletionStatus::COMPLETED_MAYBE);
    throw;
  } catch (...) {
    lease->discard();
    throw;
  }
}

void InvocationState::receive_reply(std::uint32_t id) {
  OrbCore& orb = *core->orb();
  transport::Connection& connection = **lease;
  const auto timeout = orb.options().reply_timeout;
  const bool bounded = timeout.count() > 0;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    std::span<const std::uint8_t> message;
    try {
      const auto wait = bounded ? std::chrono::ceil<std::chrono::milliseconds>(
                                      deadline - std::chrono::steady_clock::now())
                                : std::chrono::milliseconds(3'600'000);
      message = connection.receive_message(std::max(wait, std::chrono::milliseconds(0)));
    } catch (const CORBA::TIMEOUT& e) {
      if (!bounded) continue;
      lease->discard();
      raise<CORBA::TIMEOUT>(e.minor(), "no reply within -ORBReplyTimeout",
                            CompletionStatus::COMPLETED_MAYBE);
    } catch (const CORBA::SystemException& e) {
      lease->discard();
      raise<CORBA::COMM_FAILURE>(e.minor(), e.detail(), CompletionStatus::COMPLETED_MAYBE);
    }
    const giop::MessageHeader header = giop::decode_header(message);
    if (header.type == giop::MsgType::close_connection) {
      lease->discard();
      raise<CORBA::TRANSIENT>(minor::transient_close_connection,
                              "server sent CloseConnection before replying");
    }
    if (header.type == giop::MsgType::message_error) {
      lease->discard();
      raise<CORBA::COMM_FAILURE>(minor::comm_failure_connection_closed,
                                 "server answered MessageError",
                                 CompletionStatus::COMPLETED_MAYBE);
    }
    if (header.more_fragments || header.type == giop::MsgType::fragment) {
      if (!assembler)
        assembler.emplace(giop::AssemblerLimits{orb.options().max_message_size,
                                                orb.options().max_message_size});
      const auto whole = assembler->add(message);
      if (!whole.complete) continue;
      message = whole.message;
    }
    if (giop::decode_header(message).type != giop::MsgType::reply) {
      lease->discard();
      raise<CORBA::MARSHAL>(minor::marshal_unexpected_reply, "expected a Reply",
                            CompletionStatus::COMPLETED_MAYBE);
    }
    // The reply's request id follows the header (after the 1.0/1.1 service contexts), so
    // the full decode checks it; a stale reply to an abandoned request is skipped.
    giop::DecodeOptions options;
    options.limits.max_message_size = orb.options().max_message_size;
    reply_message = giop::decode_message(message, options);
    if (reply_message->get<giop::ReplyHeader>()->request_id == id) return;
  }
}

cdr::InputStream& Invocation::invoke(ArgumentWriter arguments,
                                     std::span<const UserExceptionEntry> exceptions) {
  InvocationState& s = *state_;
  OrbCore& orb = *s.core->orb();
  auto addressing = giop::AddressingDisposition::key_addr;
  for (int hops = 0;; ++hops) {
    if (hops > max_forwards) {
      raise<CORBA::TRANSIENT>(minor::transient_forward_limit, "too many LOCATION_FORWARDs");
    }
    const auto target = s.core->target();
    try {
      s.attempt(*target, arguments, true, addressing);
    } catch (const CORBA::TRANSIENT& e) {
      if (e.minor() == minor::transient_close_connection && !s.reissued) {
        s.reissued = true;  // 15.5.1: not processed, may be sent again once
        continue;
      }
      if (s.core->forwarded()) {  // the forwarded target failed: back to the original
        s.core->reset_forward();
        continue;
      }
      throw;
    } catch (const CORBA::COMM_FAILURE& e) {
      // A cached connection the server had closed: the request never left, send it again.
      if (e.completed() == CompletionStatus::COMPLETED_NO && !s.reissued) {
        s.reissued = true;
        continue;
      }
      throw;
    }
    const giop::Message& m = *s.reply_message;
    const auto& header = *m.get<giop::ReplyHeader>();
    cdr::InputStream body = giop::body_stream(m);
    body.set_code_sets(target->code_sets);
    body.set_references(&orb);
    switch (header.reply_status) {
      case giop::ReplyStatus::no_exception:
        s.reply.emplace(body);
        return *s.reply;
      case giop::ReplyStatus::user_exception: {
        cdr::InputStream peek = body;
        const std::string_view id = peek.read_string_view();
        for (const auto& entry : exceptions) {
          if (id == entry.repository_id) entry.raise(body);
        }
        raise<CORBA::UNKNOWN>(minor::unknown_user_exception,
                              "user exception not declared: " + std::string(id),
                              CompletionStatus::COMPLETED_YES);
      }
      case giop::ReplyStatus::system_exception:
        giop::raise_system_exception(giop::read_system_exception(body));
      case giop::ReplyStatus::location_forward:
      case giop::ReplyStatus::location_forward_perm:
        s.core->forward(ior::read_reference(body));
        orb.debug(2, "client: LOCATION_FORWARD followed");
        continue;
      case giop::ReplyStatus::needs_addressing_mode: {
        const auto mode = body.read_short();
        if (mode < 0 || mode > 2) {
          raise<CORBA::MARSHAL>(minor::marshal_bad_message, "bad addressing disposition");
        }
        addressing = static_cast<giop::AddressingDisposition>(mode);
        continue;
      }
    }
    raise<CORBA::MARSHAL>(minor::marshal_unexpected_reply, "unknown reply status",
                          CompletionStatus::COMPLETED_MAYBE);
  }
}

void Invocation::invoke_oneway(ArgumentWriter arguments) {
  InvocationState& s = *state_;
  const auto target = s.core->target();
  s.attempt(*target, arguments, false, giop::AddressingDisposition::key_addr);
}

}  // namespace rtorb::orb
