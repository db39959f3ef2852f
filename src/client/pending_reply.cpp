// deliver_reply and deliver_failure: an asynchronous request's outcome reaching its reply
// handler, on whichever thread read the reply (or saw the failure).
#include "client/pending_reply.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/orb/value_codec.hpp>

#include <exception>
#include <string>
#include <vector>

#include "client/call_log.hpp"
#include "core/orb_context.hpp"
#include "giop/message_codec.hpp"
#include "giop/system_exception_body.hpp"

namespace rtorb::orb {
namespace {

using CORBA::CompletionStatus;

void call_handler(OrbContext& orb, PendingReply& pending, AsyncReply& reply) noexcept {
  try {
    pending.dispatch(*pending.handler, reply);
  } catch (const CORBA::Exception& e) {
    orb.debug(1, std::string("AMI: the reply handler raised ") + e._name());
  } catch (const std::exception& e) {
    orb.debug(1, std::string("AMI: the reply handler raised: ") + e.what());
  } catch (...) {
    orb.debug(1, "AMI: the reply handler raised an unknown exception");
  }
}

}  // namespace

void deliver_failure(OrbContext& orb, const CORBA::SystemException& failure,
                     PendingReply& pending) {
  cdr::OutputStream os;
  giop::write_system_exception(os, giop::to_body(failure));
  const std::vector<std::uint8_t> bytes = os.to_bytes();
  AsyncReply reply(AsyncReply::Kind::system_exception, bytes, 0, cdr::native_byte_order);
  if (pending.log) [[unlikely]] pending.log->failed(failure);
  call_handler(orb, pending, reply);
}

void deliver_reply(OrbContext& orb, const giop::Message& m, PendingReply& pending) {
  const auto& header = *m.get<giop::ReplyHeader>();
  const bool answered = header.reply_status == giop::ReplyStatus::no_exception ||
                        header.reply_status == giop::ReplyStatus::user_exception ||
                        header.reply_status == giop::ReplyStatus::system_exception;
  // A forward followed is logged by the request sent again; anything else, as the failure
  // the handler gets.
  if (pending.log && answered) [[unlikely]] pending.log->replied(m);
  switch (header.reply_status) {
    case giop::ReplyStatus::no_exception: {
      cdr::InputStream body = giop::body_stream(m);
      body.set_code_sets(pending.code_sets);
      body.set_references(&orb, &find_value_factory);
      AsyncReply reply(body);
      call_handler(orb, pending, reply);
      return;
    }
    case giop::ReplyStatus::user_exception:
    case giop::ReplyStatus::system_exception: {
      // From the 8-aligned offset at or before the body, so alignment holds in the copy the
      // ExceptionHolder keeps.
      const std::size_t from = m.body_offset - m.body_offset % 8;
      const auto kind = header.reply_status == giop::ReplyStatus::user_exception
                            ? AsyncReply::Kind::user_exception
                            : AsyncReply::Kind::system_exception;
      AsyncReply reply(kind, m.bytes.subspan(from), m.body_offset - from, m.header.byte_order);
      call_handler(orb, pending, reply);
      return;
    }
    case giop::ReplyStatus::location_forward:
    case giop::ReplyStatus::location_forward_perm:
      if (pending.resend) {
        pending.resend->follow(orb, m, pending);
        return;
      }
      [[fallthrough]];
    default:
      deliver_failure(orb,
                      CORBA::TRANSIENT(minor::transient_ami_forward,
                                       CompletionStatus::COMPLETED_NO,
                                       "the reply to an AMI request forwards it"),
                      pending);
  }
}

}  // namespace rtorb::orb
