// Asynchronous calls (Invocation::invoke_async: AMI's sendc_, and under it messaging's
// polling and coroutine futures): the request goes out on the endpoint's AMI connection
// and the call returns; the reply reaches the handler later, from the event loop
// (async_connection.hpp, pending_reply.hpp). A collocated target is served, and its
// handler called, before the call returns.
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/invocation.hpp>
#include <rtorb/orb/value_codec.hpp>

#include <array>
#include <memory>
#include <string>

#include "client/async_connection.hpp"
#include "client/call_log.hpp"
#include "client/client_side.hpp"
#include "client/invocation_state.hpp"
#include "client/pending_reply.hpp"
#include "core/orb_context.hpp"
#include "giop/message_codec.hpp"
#include "ior/object_reference.hpp"

namespace rtorb::orb {
namespace {

using CORBA::CompletionStatus;

// The AMI connection to `endpoint`: an open one, or one opened within the deadline
// (TIMEOUT timeout_connect when it runs out, as for a synchronous call) or 10 s.
void connect_async(InvocationState& s, const transport::Endpoint& endpoint) {
  OrbContext& orb = *s.core->orb();
  if (!s.deadline_set()) {
    s.async = orb.client().async_connection(endpoint, std::chrono::milliseconds(10'000));
    return;
  }
  if (InvocationState::Clock::now() >= s.deadline) {
    raise<CORBA::TIMEOUT>(minor::timeout_connect,
                          "RelativeRoundtripTimeout passed before connecting");
  }
  try {
    s.async = orb.client().async_connection(endpoint, s.remaining());
  } catch (const CORBA::TRANSIENT& e) {
    if (e.minor() != minor::transient_connect_timeout) throw;
    raise<CORBA::TIMEOUT>(minor::timeout_connect,
                          "RelativeRoundtripTimeout passed while connecting: " + e.detail());
  }
}

void follow_forward(OrbContext& orb, const giop::Message& reply, PendingReply& pending);

// What a forward needs to send the request again: the arguments, cut from `request` after
// its header (a GIOP 1.2 body is 8-aligned, so it reads the same after another header).
std::shared_ptr<AmiResend> resend_of(const InvocationState& s,
                                     const cdr::OutputStream& request) {
  auto resend = std::make_shared<AmiResend>();
  resend->core = core_of(*s.object);
  resend->operation = std::string(s.operation);
  resend->follow = &follow_forward;
  // A request without arguments can end before request_body_at: end_message drops the
  // alignment padding only a body needs (found against JacORB, whose long object keys
  // leave a GIOP 1.2 header off an 8-byte boundary).
  const std::size_t body_at = s.request_body_at;
  resend->arguments.reserve(request.size() > body_at ? request.size() - body_at : 0);
  std::size_t at = 0;
  request.for_each_segment([&](std::span<const std::uint8_t> segment) {
    if (at + segment.size() > body_at) {
      const std::size_t skip = body_at > at ? body_at - at : 0;
      resend->arguments.insert(resend->arguments.end(), segment.begin() + skip, segment.end());
    }
    at += segment.size();
  });
  return resend;
}

// Registers the reply's recipient under `id` before the request goes, so its reply cannot
// arrive unclaimed. Fire and forget (a nil handler) registers nothing: the reply finds no
// one and is dropped.
void send_async(InvocationState& s, const Target& target, const cdr::OutputStream& request,
                std::uint32_t id) {
  AsyncConnection& connection = *s.async;
  connection.read_due_replies();
  PendingReply& pending = *s.pending;
  if (pending.handler == nullptr) {
    connection.send(request);
    return;
  }
  pending.deadline = s.deadline;
  pending.code_sets = target.code_sets;
  if (!pending.resend && target.version.minor >= 2) pending.resend = resend_of(s, request);
  connection.expect(id, std::move(pending));
  try {
    connection.send(request);
  } catch (...) {
    connection.forget(id);
    throw;
  }
}

// One attempt at `target`: the AMI connection, or the collocated path whose reply is
// delivered at once. Raises what fails before the request is sent.
void attempt_async(InvocationState& s, const Target& target, ArgumentWriter& arguments) {
  Attempt a = s.start(target);
  if (a.carrier != Carrier::collocated) {
    a.carrier = Carrier::ami;
    connect_async(s, a.cache_key.endpoint);
    a.first_request = s.async->connection().take_first_request();
  }
  std::array<std::uint8_t, 1024> block;
  cdr::OutputStream os(block, {target.version.minor, target.code_sets});
  s.write_request(os, a, arguments, giop::ResponseFlags::sync_with_target,
                  giop::AddressingDisposition::key_addr);
  PendingReply& pending = *s.pending;
  if (pending.handler != nullptr) {
    pending.log = AsyncCallLog::sent(s.core->orb()->logger(), s, target, a.id, pending.log);
  }
  if (a.carrier == Carrier::collocated) {
    s.send_collocated(target, os, true);
    if (pending.handler != nullptr) deliver_reply(*s.core->orb(), *s.reply_message, pending);
    return;
  }
  check_request_size(*s.core->orb(), os);
  send_async(s, target, os, a.id);
}

}  // namespace

// A friend of Invocation's: the forwarded request is made as a sendc_ call makes one, by
// an Invocation of its own, with the arguments kept from the first request.
struct AmiForward {
  static void follow(OrbContext& orb, const giop::Message& reply, PendingReply& pending) {
    const AmiResend& resend = *pending.resend;
    if (resend.forwards >= max_forwards) {
      raise<CORBA::TRANSIENT>(minor::transient_forward_limit, "too many LOCATION_FORWARDs",
                              CompletionStatus::COMPLETED_NO);
    }
    cdr::InputStream body = giop::body_stream(reply);
    body.set_code_sets(pending.code_sets);
    body.set_references(&orb, &find_value_factory);
    const auto to = ior::read_reference(body);
    const auto object = ProxyAccess::make<CORBA::Object>(resend.core);
    Invocation invocation(*object, resend.operation);
    InvocationState& s = *invocation.state_;
    s.read_policies();
    // The first request's deadline, if it had one.
    if (pending.deadline != PendingReply::Clock::time_point{}) s.deadline = pending.deadline;
    std::shared_ptr<const Target> hold;
    s.check_rebind(s.core->target(hold), to);
    s.core->forward(to);
    orb.debug(2, "client: LOCATION_FORWARD of an AMI request followed");
    auto next = std::make_shared<AmiResend>(resend);
    ++next->forwards;
    PendingReply again{pending.handler, pending.dispatch, {}, {}, std::move(next), pending.log};
    s.pending = &again;
    const auto write = [&resend](cdr::OutputStream& os) {
      os.write_raw(resend.arguments.data(), resend.arguments.size());
    };
    ArgumentWriter write_arguments(write);
    hold.reset();
    attempt_async(s, s.core->target(hold), write_arguments);
  }
};

namespace {

// AmiResend::follow: what fails on the way (REBIND, the forward limit, no connection)
// reaches the handler.
void follow_forward(OrbContext& orb, const giop::Message& reply, PendingReply& pending) {
  try {
    AmiForward::follow(orb, reply, pending);
  } catch (const CORBA::SystemException& e) {
    deliver_failure(orb, e, pending);
  }
}

}  // namespace

void Invocation::invoke_async(ArgumentWriter arguments,
                              CORBA::object_reference<CORBA::Object> handler,
                              ReplyDispatch dispatch) {
  InvocationState& s = *state_;
  s.read_policies();
  PendingReply pending{std::move(handler), dispatch, {}, {}, nullptr, nullptr};
  s.pending = &pending;
  std::shared_ptr<const Target> hold;
  attempt_async(s, s.core->target(hold), arguments);
}

}  // namespace rtorb::orb
