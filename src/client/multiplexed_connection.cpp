#include "client/multiplexed_connection.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "giop/message_codec.hpp"
#include "giop/messages.hpp"

namespace rtorb::orb {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds slice_limit{1000};

}  // namespace

MultiplexedConnection::MultiplexedConnection(std::unique_ptr<transport::Connection> connection,
                                             std::uint32_t max_message_size)
    : connection_(std::move(connection)),
      assembler_(giop::AssemblerLimits{max_message_size, max_message_size}),
      max_message_size_(max_message_size) {}

bool MultiplexedConnection::usable() const {
  std::lock_guard lock(mutex_);
  return !failed_ && !connection_->closed();
}

void MultiplexedConnection::expect(std::uint32_t id, Waiter& waiter) {
  std::lock_guard lock(mutex_);
  waiters_[id] = &waiter;
}

void MultiplexedConnection::forget(std::uint32_t id) noexcept {
  std::lock_guard lock(mutex_);
  waiters_.erase(id);
}

void MultiplexedConnection::fail_all(std::exception_ptr error) {
  failed_ = true;
  for (auto& [id, w] : waiters_) {
    if (!w->done) {
      w->error = error;
      w->done = true;
    }
  }
  turn_.notify_all();
}

std::exception_ptr MultiplexedConnection::read_one(std::chrono::milliseconds slice) {
  std::span<const std::uint8_t> message;
  try {
    message = connection_->receive_message(slice);
  } catch (const CORBA::TIMEOUT&) {
    return nullptr;
  } catch (const CORBA::SystemException& e) {
    connection_->close();
    return std::make_exception_ptr(
        CORBA::COMM_FAILURE(e.minor(), CORBA::CompletionStatus::COMPLETED_MAYBE, e.detail()));
  }
  try {
    const giop::HeaderMode mode = connection_->mode();
    const giop::MessageHeader header = giop::decode_header(message, mode);
    if (header.type == giop::MsgType::close_connection) {
      connection_->close();
      return std::make_exception_ptr(CORBA::TRANSIENT(
          minor::transient_close_connection, CORBA::CompletionStatus::COMPLETED_NO,
          "server sent CloseConnection before replying"));
    }
    if (header.more_fragments || header.type == giop::MsgType::fragment) {
      const auto whole = assembler_.add(message);
      if (!whole.complete) return nullptr;
      message = whole.message;
    }
    giop::DecodeOptions options;
    options.mode = mode;
    options.limits.max_message_size = max_message_size_;
    const giop::Message m = giop::decode_message(message, options);
    const auto* reply = m.get<giop::ReplyHeader>();
    if (reply == nullptr) {
      raise<CORBA::MARSHAL>(minor::marshal_unexpected_reply, "expected a Reply",
                            CORBA::CompletionStatus::COMPLETED_MAYBE);
    }
    std::lock_guard lock(mutex_);
    if (auto it = waiters_.find(reply->request_id); it != waiters_.end()) {
      it->second->reply.assign(message.begin(), message.end());
      it->second->done = true;
      waiters_.erase(it);
    }  // else: the reply of a request whose caller gave up
    return nullptr;
  } catch (const CORBA::SystemException& e) {
    connection_->close();
    return std::make_exception_ptr(CORBA::COMM_FAILURE(minor::comm_failure_connection_closed,
                                                       CORBA::CompletionStatus::COMPLETED_MAYBE,
                                                       e.what()));
  }
}

void MultiplexedConnection::wait(std::uint32_t id, Waiter& waiter,
                                 std::chrono::milliseconds timeout) {
  const bool bounded = timeout.count() > 0;
  const auto deadline = Clock::now() + timeout;
  std::unique_lock lock(mutex_);
  while (!waiter.done) {
    const auto now = Clock::now();
    if (bounded && now >= deadline) {
      waiters_.erase(id);
      raise<CORBA::TIMEOUT>(minor::timeout_reply, "no reply within -ORBReplyTimeout",
                            CORBA::CompletionStatus::COMPLETED_MAYBE);
    }
    const auto slice =
        bounded ? std::min(slice_limit,
                           std::chrono::ceil<std::chrono::milliseconds>(deadline - now))
                : slice_limit;
    if (failed_) {
      waiter.error = std::make_exception_ptr(CORBA::COMM_FAILURE(
          minor::comm_failure_connection_closed, CORBA::CompletionStatus::COMPLETED_MAYBE,
          "multiplexed connection failed"));
      waiter.done = true;
      break;
    }
    if (reading_) {  // a follower: the leader files our reply and wakes us
      turn_.wait_for(lock, slice);
      continue;
    }
    reading_ = true;
    lock.unlock();
    std::exception_ptr error = read_one(slice);
    lock.lock();
    reading_ = false;
    if (error) fail_all(error);
    turn_.notify_all();  // a reply for someone, or the reader's turn is free
  }
  waiters_.erase(id);
  if (waiter.error) std::rethrow_exception(waiter.error);
}

}  // namespace rtorb::orb
