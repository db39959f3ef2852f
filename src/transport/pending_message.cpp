#include "transport/pending_message.hpp"

#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <string>

#include "transport/connection.hpp"
#include "transport/deadline.hpp"
#include "transport/socket.hpp"
#include "transport/system_calls.hpp"

namespace rtorb::transport {

using CORBA::CompletionStatus;

void PendingMessage::start(std::uint8_t* message, std::size_t size, std::size_t arrived,
                           Clock::time_point deadline) noexcept {
  message_ = message;
  size_ = size;
  arrived_ = arrived;
  gap_begin_ = size;
  after_gaps_ = 0;
  deadline_ = deadline;
}

void PendingMessage::finish(Clock::time_point deadline) {
  deadline_ = deadline;
  receive_to(size_);  // a failure closes the connection, which is all that matters then
}

std::size_t PendingMessage::receive_until(std::size_t at, std::size_t size) {
  const std::size_t end = at + size;
  if (end > size_) {  // the stream checks this; a bug if it did not
    raise<CORBA::MARSHAL>(minor::marshal_truncated, "read beyond the message");
  }
  if (at < after_gaps_) {  // behind a gap: a stream that went back (seek)
    if (end <= gap_begin_) return gap_begin_;
    raise<CORBA::MARSHAL>(minor::marshal_truncated,
                          "bytes " + std::to_string(at) + " to " + std::to_string(end) +
                              " of the message went into a sequence, not the buffer");
  }
  if (end > arrived_) receive_to(std::min(size_, std::max(end, arrived_ + read_ahead)));
  return arrived_;
}

std::size_t PendingMessage::receive_into(std::size_t at, std::size_t size, void* out) {
  const std::size_t end = at + size;
  const std::size_t missing = end > arrived_ ? end - arrived_ : 0;
  if (at < after_gaps_ || at > arrived_ || end > size_ || missing < direct_minimum) {
    const std::size_t readable = receive_until(at, size);
    std::memcpy(out, message_ + at, size);
    return readable;
  }
  // [at, arrived_) is in the buffer; the rest comes from the socket into `out`.
  auto* const bytes = static_cast<std::uint8_t*>(out);
  const std::size_t buffered = arrived_ - at;
  std::memcpy(bytes, message_ + at, buffered);
  receive_exact(bytes + buffered, missing);
  if (gap_begin_ == size_) gap_begin_ = arrived_;
  arrived_ = after_gaps_ = end;
  return end;
}

void PendingMessage::receive_to(std::size_t end) {
  if (end <= arrived_) return;
  receive_exact(message_ + arrived_, end - arrived_);
  arrived_ = end;
}

void PendingMessage::receive_exact(std::uint8_t* out, std::size_t size) {
  const bool bounded = deadline_ != Clock::time_point{};
  // Without a deadline the socket blocks (Connection keeps it in blocking mode), and
  // MSG_WAITALL returns once all it asked for is there.
  const int flags = bounded ? MSG_DONTWAIT : MSG_WAITALL;
  while (size > 0) {
    const ssize_t n = sys::recv(connection_.fd(), out, std::min(size, max_receive), flags);
    if (n > 0) {
      out += n;
      size -= static_cast<std::size_t>(n);
      continue;
    }
    if (n == 0) fail(0);
    const int err = errno;
    if (err == EINTR) continue;
    if (!bounded || (err != EAGAIN && err != EWOULDBLOCK)) fail(err);
    ::pollfd pfd{connection_.fd(), POLLIN, 0};
    const int ms = remaining_ms(deadline_);
    if (ms == 0 || ::poll(&pfd, 1, ms) == 0) {
      connection_.close();  // the next message would start inside this one
      raise<CORBA::TIMEOUT>(minor::timeout_reply, "the rest of a message did not come in time",
                            CompletionStatus::COMPLETED_MAYBE);
    }
  }
}

void PendingMessage::fail(int error) {
  connection_.close();
  if (error == 0) {
    raise<CORBA::COMM_FAILURE>(minor::comm_failure_connection_closed,
                               "connection closed inside a message",
                               CompletionStatus::COMPLETED_MAYBE);
  }
  raise<CORBA::COMM_FAILURE>(minor::comm_failure_receive, errno_text("recv", error),
                             CompletionStatus::COMPLETED_MAYBE);
}

}  // namespace rtorb::transport
