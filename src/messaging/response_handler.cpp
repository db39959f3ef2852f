#include <rtorb/messaging/response_handler.hpp>

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>
#include <utility>

namespace rtorb::messaging {

using CORBA::CompletionStatus;

ResponseHandler::ResponseHandler(std::unique_ptr<rtorb::orb::DeferredReply> reply) noexcept
    : reply_(std::move(reply)) {}

ResponseHandler::~ResponseHandler() {
  // Dropped without a reply, or with one that failed to marshal: the client would
  // otherwise wait for ever. The last reference is gone, so no thread is replying now.
  if (sent_) return;
  taken_.store(false, std::memory_order_relaxed);
  send_if_open(CORBA::NO_RESPONSE(minor::no_response_amh_dropped,
                                  CompletionStatus::COMPLETED_MAYBE,
                                  "the servant's response handler was dropped without a reply"));
}

void ResponseHandler::take() {
  if (taken_.exchange(true, std::memory_order_acq_rel)) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_amh_replied,
                                "this request has been replied to already",
                                CompletionStatus::COMPLETED_NO);
  }
}

cdr::OutputStream& ResponseHandler::rtorb_reply() {
  take();
  return reply_->reply();
}

cdr::OutputStream& ResponseHandler::rtorb_user_exception() {
  take();
  return reply_->user_exception();
}

void ResponseHandler::rtorb_send() noexcept {
  reply_->send();
  sent_ = true;
}

void ResponseHandler::rtorb_other_exception(const CORBA::Exception& exception) {
  take();
  if (const auto* system = dynamic_cast<const CORBA::SystemException*>(&exception)) {
    reply_->system_exception(*system);
  } else {
    reply_->system_exception(CORBA::UNKNOWN(minor::unknown_undeclared_user_exception,
                                            CompletionStatus::COMPLETED_MAYBE,
                                            exception._rep_id()));
  }
  rtorb_send();
}

void ResponseHandler::send_if_open(const CORBA::SystemException& exception) noexcept {
  if (taken_.exchange(true, std::memory_order_acq_rel)) return;
  try {
    reply_->system_exception(exception);
  } catch (...) {
    return;  // std::bad_alloc: nothing can be sent
  }
  rtorb_send();
}

void ResponseHandler::rtorb_upcall_raised(std::exception_ptr raised) noexcept {
  try {
    std::rethrow_exception(std::move(raised));
  } catch (const CORBA::SystemException& e) {
    send_if_open(e);
  } catch (const CORBA::UserException& e) {
    send_if_open(CORBA::UNKNOWN(minor::unknown_undeclared_user_exception,
                                CompletionStatus::COMPLETED_MAYBE, e._rep_id()));
  } catch (const std::exception& e) {
    send_if_open(CORBA::UNKNOWN(minor::unknown_cxx_exception, CompletionStatus::COMPLETED_MAYBE,
                                e.what()));
  } catch (...) {
    send_if_open(
        CORBA::UNKNOWN(minor::unknown_cxx_exception, CompletionStatus::COMPLETED_MAYBE));
  }
}

}  // namespace rtorb::messaging
