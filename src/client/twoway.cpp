// Twoway calls (Invocation::invoke): attempts until a reply, following LOCATION_FORWARDs
// and sending again what the server never processed; then the reply's outcome.
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/invocation.hpp>
#include <rtorb/orb/value_codec.hpp>

#include <string>

#include "client/call_log.hpp"
#include "client/invocation_state.hpp"
#include "client/client_side.hpp"
#include "core/orb_context.hpp"
#include "core/seams/seam_registry.hpp"
#include "giop/message_codec.hpp"
#include "giop/system_exception_body.hpp"
#include "ior/object_reference.hpp"

namespace rtorb::orb {
namespace {

using CORBA::CompletionStatus;

// A user exception reply: the entry for its repository id raises it; UNKNOWN otherwise.
[[noreturn]] void raise_user_exception(cdr::InputStream& body,
                                       std::span<const UserExceptionEntry> exceptions) {
  cdr::InputStream peek = body;
  const std::string_view id = peek.read_string_view();
  for (const auto& entry : exceptions) {
    if (id == entry.repository_id) entry.raise(body);
  }
  raise<CORBA::UNKNOWN>(minor::unknown_user_exception,
                        "user exception not declared: " + std::string(id),
                        CompletionStatus::COMPLETED_YES);
}

giop::AddressingDisposition read_addressing_mode(cdr::InputStream& body) {
  const auto mode = body.read_short();
  if (mode < 0 || mode > 2) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_message, "bad addressing disposition");
  }
  return static_cast<giop::AddressingDisposition>(mode);
}

// After an attempt's TRANSIENT: CloseConnection instead of a reply means the request was
// not processed, so it may be sent again, once; a forwarded target that failed falls back
// to the original, as the RebindPolicy allows.
bool may_try_again(InvocationState& s, const CORBA::TRANSIENT& e) {
  if (e.minor() == minor::transient_close_connection && !s.reissued) {
    s.reissued = true;
    return true;
  }
  if (s.core->forwarded() && s.may_rebind()) {
    s.core->reset_forward();
    return true;
  }
  return false;
}

// After an attempt's COMM_FAILURE: a cached connection the server had closed; the request
// never left, so it is sent again, once.
bool may_try_again(InvocationState& s, const CORBA::COMM_FAILURE& e) {
  if (e.completed() != CompletionStatus::COMPLETED_NO || s.reissued) return false;
  s.reissued = true;
  return true;
}

// The outcome of the reply in s.reply_message: true with the result in s.reply; the
// exception it carries raised; false when it retargets the call (a forward, or another
// addressing disposition in `addressing`).
bool take_outcome(InvocationState& s, const Target& target,
                  std::span<const UserExceptionEntry> exceptions,
                  giop::AddressingDisposition& addressing) {
  OrbContext& orb = *s.core->orb();
  const giop::Message& m = *s.reply_message;
  cdr::InputStream body = giop::body_stream(m);
  body.set_code_sets(target.code_sets);
  body.set_references(&orb, &find_value_factory);
  switch (m.get<giop::ReplyHeader>()->reply_status) {
    case giop::ReplyStatus::no_exception:
      s.reply.emplace(body);
      return true;
    case giop::ReplyStatus::user_exception:
      raise_user_exception(body, exceptions);
    case giop::ReplyStatus::system_exception:
      giop::raise_system_exception(giop::read_system_exception(body));
    case giop::ReplyStatus::location_forward:
    case giop::ReplyStatus::location_forward_perm: {
      const auto to = ior::read_reference(body);
      s.check_rebind(target, to);
      s.core->forward(to);
      orb.debug(2, "client: LOCATION_FORWARD followed");
      return false;
    }
    case giop::ReplyStatus::needs_addressing_mode:
      addressing = read_addressing_mode(body);
      return false;
  }
  raise<CORBA::MARSHAL>(minor::marshal_unexpected_reply, "unknown reply status",
                        CompletionStatus::COMPLETED_MAYBE);
}

// The reply's service contexts, when the attempt has a reply.
const giop::ServiceContextList* reply_contexts(const InvocationState& s) noexcept {
  if (!s.reply_message) return nullptr;
  const auto* header = s.reply_message->get<giop::ReplyHeader>();
  return header != nullptr ? &header->service_context : nullptr;
}

// An interceptor's ForwardRequest, raised from send_request once the ending points of the
// others have run: followed as a LOCATION_FORWARD is.
void follow_interceptor_forward(InvocationState& s, const Target& from,
                                const CORBA::object_reference<CORBA::Object>& to) {
  const auto& core = to ? core_of(*to) : nullptr;
  if (!core) {
    raise<CORBA::INV_OBJREF>(minor::inv_objref_no_profile,
                             "an interceptor's ForwardRequest names no remote object");
  }
  s.check_rebind(from, core->reference());
  s.core->forward(core->reference());
}

enum class AttemptEnd : std::uint8_t { reply, retarget, retry };

// One intercepted attempt: the exceptions raised after its send_request points reach the
// ending points (receive_exception, or receive_other for a retry); those the send_request
// points raised have had their ending points already.
AttemptEnd intercepted_attempt(InvocationState& s, const Target& target,
                               ArgumentWriter& arguments,
                               std::span<const UserExceptionEntry> exceptions,
                               giop::ResponseFlags flags,
                               giop::AddressingDisposition& addressing) {
  ClientInterception& pi = *s.interception;
  try {
    s.attempt(target, arguments, flags, addressing);
    if (!giop::response_expected(flags)) return AttemptEnd::reply;
    return take_outcome(s, target, exceptions, addressing) ? AttemptEnd::reply
                                                           : AttemptEnd::retarget;
  } catch (const CORBA::TRANSIENT& e) {
    if (!s.points_started) throw;
    if (!may_try_again(s, e)) pi.receive_exception(e, reply_contexts(s)), throw;
    pi.receive_other(OtherReply::transport_retry, reply_contexts(s), {});
    return AttemptEnd::retry;
  } catch (const CORBA::COMM_FAILURE& e) {
    if (!s.points_started) throw;
    if (!may_try_again(s, e)) pi.receive_exception(e, reply_contexts(s)), throw;
    pi.receive_other(OtherReply::transport_retry, reply_contexts(s), {});
    return AttemptEnd::retry;
  } catch (const CORBA::Exception& e) {
    if (!s.points_started) throw;
    pi.receive_exception(e, reply_contexts(s));
    throw;
  }
}

// Each pass is one attempt at the reference's current target; a reply either ends the call
// (its result, or the exception it carries) or retargets it.
cdr::InputStream& call_until_outcome(InvocationState& s, ArgumentWriter& arguments,
                                     std::span<const UserExceptionEntry> exceptions,
                                     giop::ResponseFlags flags) {
  if (s.interception) [[unlikely]] return *s.call_intercepted(arguments, exceptions, flags);
  auto addressing = giop::AddressingDisposition::key_addr;
  for (int hops = 0;; ++hops) {
    if (hops > max_forwards) {
      raise<CORBA::TRANSIENT>(minor::transient_forward_limit, "too many LOCATION_FORWARDs");
    }
    std::shared_ptr<const Target> hold;
    const Target& target = s.core->target(hold);
    try {
      s.attempt(target, arguments, flags, addressing);
    } catch (const CORBA::TRANSIENT& e) {
      if (!may_try_again(s, e)) throw;
      continue;
    } catch (const CORBA::COMM_FAILURE& e) {
      if (!may_try_again(s, e)) throw;
      continue;
    }
    if (take_outcome(s, target, exceptions, addressing)) return *s.reply;
  }
}

// One attempt and its ending points; true when the call is done (its result in s.reply,
// or a oneway sent), false when it goes on with another attempt.
bool intercepted_outcome(InvocationState& s, const Target& target, ArgumentWriter& arguments,
                         std::span<const UserExceptionEntry> exceptions,
                         giop::ResponseFlags flags, giop::AddressingDisposition& addressing) {
  ClientInterception& pi = *s.interception;
  switch (intercepted_attempt(s, target, arguments, exceptions, flags, addressing)) {
    case AttemptEnd::reply:
      if (!giop::response_expected(flags)) {
        pi.receive_other(OtherReply::successful_oneway, nullptr, {});
      } else {
        pi.receive_reply(*reply_contexts(s));
      }
      return true;
    case AttemptEnd::retarget:
      pi.receive_other(
          s.core->forwarded() ? OtherReply::location_forward : OtherReply::transport_retry,
          reply_contexts(s), {});
      return false;
    case AttemptEnd::retry:
      return false;
  }
  return false;
}

}  // namespace

void InvocationState::start_interception(bool response_expected, std::int16_t sync_scope) {
  const RequestInterception* ri = core->orb()->seams().request_interception();
  if (ri != nullptr) interception = ri->start_call({*object, operation, response_expected, sync_scope});
}

// As call_until_outcome, with the client's interception points (docs/interceptors.md):
// send_request before each attempt; then receive_reply, receive_exception, or
// receive_other for a forward, a retry or a oneway that expects no reply.
cdr::InputStream* InvocationState::call_intercepted(ArgumentWriter& arguments,
                                                    std::span<const UserExceptionEntry> exceptions,
                                                    giop::ResponseFlags flags) {
  auto addressing = giop::AddressingDisposition::key_addr;
  for (int hops = 0;; ++hops) {
    if (hops > max_forwards) {
      raise<CORBA::TRANSIENT>(minor::transient_forward_limit, "too many LOCATION_FORWARDs");
    }
    std::shared_ptr<const Target> hold;
    const Target& target = core->target(hold);
    try {
      if (intercepted_outcome(*this, target, arguments, exceptions, flags, addressing)) {
        return giop::response_expected(flags) ? &*reply : nullptr;
      }
    } catch (const LocationForward& f) {
      // An interceptor's ForwardRequest, from any point, once the others' ending points ran.
      follow_interceptor_forward(*this, target, f.target);
    }
  }
}

cdr::InputStream& Invocation::invoke(ArgumentWriter arguments,
                                     std::span<const UserExceptionEntry> exceptions) {
  state_->read_policies();
  if (state_->core->orb()->seams().request_interception() != nullptr) [[unlikely]] {
    state_->start_interception(true, 3);  // SYNC_WITH_TARGET
  }
  return state_->call(arguments, exceptions, giop::ResponseFlags::sync_with_target);
}

// Traced (-ORBDebugLevel 5), the call's outcome is logged on its way out; otherwise this
// costs the level's load and a branch.
cdr::InputStream& InvocationState::call(ArgumentWriter& arguments,
                                        std::span<const UserExceptionEntry> exceptions,
                                        giop::ResponseFlags flags) {
  const CallLog log(core->orb()->logger());
  if (!log.on()) [[likely]] return call_until_outcome(*this, arguments, exceptions, flags);
  try {
    cdr::InputStream& body = call_until_outcome(*this, arguments, exceptions, flags);
    log.replied(*this);
    return body;
  } catch (const CORBA::UserException& e) {
    log.raised(*this, e);
    throw;
  } catch (const CORBA::SystemException& e) {
    log.raised(*this, e);
    throw;
  }
}

}  // namespace rtorb::orb
