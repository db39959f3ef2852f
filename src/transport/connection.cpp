#include "transport/connection.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "transport/batch_yield.hpp"
#include "transport/deadline.hpp"
#include "transport/oneway_flusher.hpp"
#include "transport/system_calls.hpp"

namespace rtorb::transport {
namespace {

// "127.0.0.1:5555" or "[::1]:5555": a peer's address, which is not an endpoint to listen on.
std::string address_text(const Endpoint& address) {
  if (address.protocol == protocol_tag::uiop) {
    return address.path.empty() ? "a local process" : "the Unix socket " + address.path;
  }
  if (address.host.empty()) return "an unknown peer";
  const bool v6 = address.host.find(':') != std::string::npos;
  return (v6 ? "[" + address.host + "]" : address.host) + ":" + std::to_string(address.port);
}

}  // namespace

Connection::Connection(Socket socket, ConnectionOptions options)
    : socket_(std::move(socket)), options_(options) {
  options_.initial_buffer = std::max<std::size_t>(options_.initial_buffer, giop::header_size);
  set_blocking(socket_.fd());
  options_.retained_buffer = std::max(options_.retained_buffer, options_.initial_buffer);
  reallocate(options_.initial_buffer);
  // Reserved once: read_available returns at most max_batch messages at a time, so a
  // burst of small messages (oneways) never grows these during traffic.
  frames_.reserve(max_batch);
  ready_.reserve(max_batch);
  if (logs(2)) {
    peer_text_ = address_text(peer());
    options_.log->write_line(options_.accepted ? "accepted " + describe() : "opened " + describe());
  }
}

std::string Connection::describe() const {
  const std::string peer = peer_text_.empty() ? address_text(this->peer()) : peer_text_;
  return std::string(options_.accepted ? "connection from " : "connection to ") + peer;
}

void Connection::log_refused(std::string_view reason) noexcept {
  if (!logs(1)) return;
  try {
    options_.log->write_line("bad message on " + describe() + ": " + std::string(reason) +
                             "; answered MessageError and closed the connection");
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

Endpoint Connection::peer() const {
  SocketAddress address;
  address.length = sizeof address.storage;
  if (::getpeername(socket_.fd(), address.get(), &address.length) != 0) return {};
  return address.endpoint();
}

void Connection::mark_dscp(int dscp) noexcept {
  if (dscp == dscp_) return;
  SocketAddress local;
  local.length = sizeof local.storage;
  if (::getsockname(socket_.fd(), local.get(), &local.length) != 0) return;
  if (set_dscp(socket_.fd(), local.family(), dscp)) dscp_ = dscp;
}

bool Connection::peer_went_away() noexcept {
  if (closed()) return true;
  std::uint8_t byte = 0;
  const ssize_t n = sys::recv(socket_.fd(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return false;
  mark_closed();
  return true;
}

void Connection::close() noexcept { mark_closed(); }

void Connection::stop_receiving() noexcept { ::shutdown(socket_.fd(), SHUT_RD); }

void Connection::mark_closed() noexcept {
  if (closed_.exchange(true, std::memory_order_acq_rel)) return;
  if (logs(2)) {
    try {
      options_.log->write_line("closed " + describe());
    } catch (...) {
      // std::bad_alloc: not logged
    }
  }
  socket_.shutdown();
}

// ----- send ------------------------------------------------------------------------------

void Connection::send(const cdr::OutputStream& stream) {
  std::lock_guard lock(send_mutex_);
  send_stream(stream);
}

void Connection::send_owned(const cdr::OutputStream& stream) { send_stream(stream); }

void Connection::send_stream(const cdr::OutputStream& stream) { send_stream(stream, SendProgress{}); }

void Connection::send_owned(const cdr::OutputStream& stream, const SendWait& wait) {
  send_stream(stream, SendProgress{wait});
}

void Connection::send_stream(const cdr::OutputStream& stream, SendProgress progress) {
  if (buffering_.load(std::memory_order_acquire)) {
    send_after_batch(stream, progress);
    return;
  }
  send_segments(stream, progress);
}

void Connection::send_segments(const cdr::OutputStream& stream, SendProgress& progress) {
  // Below IOV_MAX; a longer chain takes several calls. Left uninitialised: only the
  // `count` entries filled are read (zeroing 1 KiB per send showed in the profile).
  std::array<::iovec, 64> iov;
  std::size_t count = 0;
  stream.for_each_segment([&](std::span<const std::uint8_t> segment) {
    if (count == iov.size()) {
      send_iov(iov.data(), count, progress);
      count = 0;
    }
    iov[count++] = {const_cast<std::uint8_t*>(segment.data()), segment.size()};
  });
  if (count > 0) send_iov(iov.data(), count, progress);
}

void Connection::send(std::span<const std::uint8_t> bytes) {
  std::lock_guard lock(send_mutex_);
  ::iovec iov{const_cast<std::uint8_t*>(bytes.data()), bytes.size()};
  SendProgress progress;
  if (buffering_.load(std::memory_order_acquire)) {
    std::lock_guard batch_lock(buffer_mutex_);
    SendProgress batch_progress;
    write_batch(batch_progress);
    send_iov(&iov, 1, progress);
    return;
  }
  send_iov(&iov, 1, progress);
}

// ----- buffered oneways -------------------------------------------------------------------

Connection::~Connection() {
  if (options_.flusher) options_.flusher->forget(*this);
  if (batch_.empty()) return;
  if (!closed()) {
    try {
      SendProgress progress{SendWait{SendWait::Kind::never}};
      write_batch(progress);
    } catch (...) {
      // closed meanwhile: reported below
    }
  }
  if (!batch_.empty() && logs(1)) {
    try {
      options_.log->write_line(std::to_string(batch_.messages()) + " buffered oneway(s) lost: " +
                               describe() + " closed before they were written");
    } catch (...) {
      // std::bad_alloc: not logged
    }
  }
}

// Whatever is buffered goes before `stream`, so a twoway (or an unbuffered oneway) never
// overtakes the oneways buffered before it. Under Kind::never a batch that cannot leave
// whole keeps `stream` from going at all.
void Connection::send_after_batch(const cdr::OutputStream& stream, SendProgress& progress) {
  std::lock_guard lock(buffer_mutex_);
  if (!batch_.empty()) {
    SendProgress batch_progress{progress.wait};
    if (!write_batch(batch_progress)) {
      raise<CORBA::TRANSIENT>(minor::transient_send_would_block,
                              "buffered oneways ahead of this request fill the socket buffer; "
                              "nothing of it was sent");
    }
  }
  send_segments(stream, progress);
}

bool Connection::write_batch(SendProgress& progress) {
  while (!batch_.empty()) {
    if (closed()) {
      raise<CORBA::COMM_FAILURE>(minor::comm_failure_connection_closed,
                                 "buffered oneways on a closed connection");
    }
    const std::span<const std::uint8_t> unsent = batch_.unsent();
    const ::iovec whole{const_cast<std::uint8_t*>(unsent.data()), unsent.size()};
    const ssize_t sent = send_some(&whole, 1);
    if (sent < 0) {
      const int err = errno;
      if (err == EINTR) continue;
      if (err == EAGAIN || err == EWOULDBLOCK) {
        if (progress.wait.kind == SendWait::Kind::never) {
          waiting_for_room_ = true;
          return false;
        }
        progress.started = false;  // a batch may stop anywhere: its rest goes later
        wait_for_room(progress);
        continue;
      }
      mark_closed();
      raise<CORBA::COMM_FAILURE>(minor::comm_failure_send, errno_text("send", err));
    }
    batch_writes_.fetch_add(1, std::memory_order_relaxed);
    batch_.consumed(static_cast<std::size_t>(sent));
    buffered_.store(batch_.bytes(), std::memory_order_release);
  }
  waiting_for_room_ = false;
  return true;
}

std::chrono::steady_clock::time_point Connection::batch_due() const noexcept {
  if (batching_.timeout.count() <= 0) return Clock::time_point::max();
  return batch_.oldest() + std::chrono::ceil<Clock::duration>(batching_.timeout);
}

void Connection::buffer_oneway(const cdr::OutputStream& message, const OnewayBatching& batching) {
  Clock::time_point due{};
  {
    std::lock_guard lock(buffer_mutex_);
    if (closed()) {
      raise<CORBA::COMM_FAILURE>(minor::comm_failure_connection_closed,
                                 "oneway buffered on a closed connection");
    }
    buffering_.store(true, std::memory_order_release);
    batching_ = batching;
    const bool was_empty = batch_.empty();
    // The clock is read only for a batch that has a timeout.
    const auto now = batching.timeout.count() > 0 ? Clock::now() : Clock::time_point{};
    if (!batch_.append(message, batching.capacity, now)) {
      SendProgress progress{SendWait{SendWait::Kind::never}};
      write_batch(progress);
      if (!batch_.append(message, batching.capacity, now)) {
        raise<CORBA::TRANSIENT>(minor::transient_oneway_buffer_full,
                                "the connection's oneway buffer (" +
                                    std::to_string(batching.capacity) +
                                    " bytes) is full; the request was not taken");
      }
    }
    buffered_.store(batch_.bytes(), std::memory_order_release);
    if ((batching.flush_count > 0 && batch_.messages() >= batching.flush_count) ||
        (batching.flush_bytes > 0 && batch_.bytes() >= batching.flush_bytes)) {
      SendProgress progress{SendWait{SendWait::Kind::never}};
      write_batch(progress);
    }
    if (batch_.empty() || !options_.flusher) return;
    // The flusher hears of a new batch (its due time) and of one the kernel had no room for.
    if (!was_empty && !waiting_for_room_) return;
    due = waiting_for_room_ ? Clock::time_point{} : batch_due();
  }
  options_.flusher->watch(*this, due);
}

// Waits for room without buffer_mutex_, so that the lease holder's SYNC_NONE oneways are
// taken (or refused at the bound) meanwhile rather than wait behind a flow-controlled peer.
bool Connection::flush_buffered(const SendWait& wait) {
  if (!buffering_.load(std::memory_order_acquire)) return true;
  SendProgress progress{wait};
  for (;;) {
    {
      std::lock_guard lock(buffer_mutex_);
      SendProgress now{SendWait{SendWait::Kind::never}};
      if (write_batch(now)) return true;
    }
    if (wait.kind == SendWait::Kind::never) return false;
    wait_for_room(progress);
  }
}

std::chrono::steady_clock::time_point Connection::flush_if_due(Clock::time_point now) noexcept {
  constexpr auto retry = std::chrono::milliseconds(2);  // TODO(perf): poll for POLLOUT
  std::unique_lock lock(buffer_mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return now + retry;  // a caller is sending: it flushes first
  if (batch_.empty()) return {};
  const auto due = batch_due();
  if (!waiting_for_room_ && now < due) return due;
  try {
    SendProgress progress{SendWait{SendWait::Kind::never}};
    if (write_batch(progress)) return {};
  } catch (...) {
    return {};  // closed: the destructor says what was lost
  }
  return now + retry;
}

ssize_t Connection::send_some(const ::iovec* iov, std::size_t count) noexcept {
  constexpr int flags = MSG_NOSIGNAL | MSG_DONTWAIT;
  // One segment (every small message) goes through send(): the kernel then copies no
  // msghdr and imports no iovec, about 170 ns less per message than sendmsg (or write)
  // on loopback TCP here (docs/transport.md).
  if (count == 1) return sys::send(socket_.fd(), iov->iov_base, iov->iov_len, flags);
  ::msghdr message{};
  message.msg_iov = const_cast<::iovec*>(iov);
  message.msg_iovlen = count;
  return sys::sendmsg(socket_.fd(), &message, flags);
}

void Connection::send_iov(::iovec* iov, std::size_t count, SendProgress& progress) {
  while (count > 0) {
    if (closed())
      raise<CORBA::COMM_FAILURE>(minor::comm_failure_connection_closed,
                                 "send on a closed connection");
    const ssize_t sent = send_some(iov, count);
    if (sent < 0) {
      const int err = errno;
      if (err == EINTR) continue;
      if (err == EAGAIN || err == EWOULDBLOCK) {
        wait_for_room(progress);
        continue;
      }
      mark_closed();
      raise<CORBA::COMM_FAILURE>(minor::comm_failure_send, errno_text("send", err));
    }
    if (sent > 0) progress.started = true;
    auto left = static_cast<std::size_t>(sent);
    while (count > 0 && left >= iov->iov_len) {
      left -= iov->iov_len;
      ++iov;
      --count;
    }
    if (count > 0) {
      iov->iov_base = static_cast<std::uint8_t*>(iov->iov_base) + left;
      iov->iov_len -= left;
    }
  }
}

void Connection::wait_for_room(SendProgress& progress) {
  SendWait& wait = progress.wait;
  if (wait.kind == SendWait::Kind::never) {
    // Nothing written: the connection is as it was. Part of a message: it cannot be
    // finished later or taken back, so the connection goes.
    if (progress.started) mark_closed();
    raise<CORBA::TRANSIENT>(minor::transient_send_would_block,
                            progress.started
                                ? "the socket buffer filled mid-message; connection closed"
                                : "the socket buffer is full; nothing was sent");
  }
  if (wait.kind == SendWait::Kind::connection && wait.deadline == Clock::time_point{}) {
    wait.deadline = Clock::now() + options_.send_timeout;  // the clock only when full
  }
  ::pollfd pfd{socket_.fd(), POLLOUT, 0};
  const int ms = remaining_ms(wait.deadline);
  if (ms > 0 && ::poll(&pfd, 1, ms) != 0) return;
  mark_closed();  // a half-written message cannot be taken back
  if (wait.kind == SendWait::Kind::until) {
    raise<CORBA::TIMEOUT>(minor::timeout_send, "send timed out: peer not reading");
  }
  raise<CORBA::COMM_FAILURE>(minor::comm_failure_send, "send timed out: peer not reading");
}

// ----- receive ---------------------------------------------------------------------------

void Connection::reallocate(std::size_t capacity) {
  auto larger = std::make_unique_for_overwrite<std::uint8_t[]>(capacity);
  if (end_ > 0) std::memcpy(larger.get(), buffer_.get(), end_);
  buffer_ = std::move(larger);
  capacity_ = capacity;
}

void Connection::compact() noexcept {
  if (parse_ > 0) {
    if (end_ > parse_) std::memmove(buffer_.get(), buffer_.get() + parse_, end_ - parse_);
    end_ -= parse_;
    parse_ = 0;
  }
  if (capacity_ > options_.retained_buffer && end_ <= options_.initial_buffer) {
    try {
      reallocate(options_.initial_buffer);
    } catch (const std::bad_alloc&) {
      // Keeping the larger buffer does as well.
    }
  }
}

void Connection::refuse_header(std::string_view reason) noexcept {
  log_refused(reason);
  const std::size_t have = std::min(end_ - parse_, giop::header_size);
  const auto reply = giop::message_error_reply({buffer_.get() + parse_, have});
  // Best effort: the peer is misbehaving, so it gets one non-blocking attempt.
  [[maybe_unused]] const ssize_t n =
      ::send(socket_.fd(), reply.data(), reply.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  mark_closed();
}

bool Connection::frame_next(Frame& frame) {
  const std::span<const std::uint8_t> available(buffer_.get() + parse_, end_ - parse_);
  giop::FrameStatus status;
  try {
    status = giop::frame_message(available, options_.mode, options_.limits);
  } catch (const CORBA::SystemException& e) {
    refuse_header(e.detail().empty() ? std::string_view(e.what()) : std::string_view(e.detail()));
    return false;
  }
  if (!status.complete) {
    wanted_ = status.bytes;
    return false;
  }
  frame = {parse_, status.bytes};
  parse_ += status.bytes;
  wanted_ = 0;
  return true;
}

bool Connection::ensure_room() {
  const std::size_t needed = std::max<std::size_t>(wanted_, 1);
  if (capacity_ - end_ >= needed) return true;
  if (!frames_.empty()) return false;  // views into the buffer go out first
  compact();
  if (capacity_ - end_ >= needed) return true;
  // frame_message has checked the size against the limit, so this is bounded. The slack
  // lets the message after this one start in the same recv.
  reallocate(end_ + needed + options_.initial_buffer);
  return true;
}

Connection::ReadResult Connection::read_some(int flags, std::size_t limit) {
  const std::size_t room = std::min(capacity_ - end_, limit);
  for (;;) {
    const ssize_t n = sys::recv(socket_.fd(), buffer_.get() + end_, room, flags);
    if (n > 0) {
      end_ += static_cast<std::size_t>(n);
      last_read_short_ = static_cast<std::size_t>(n) < room;
      return last_read_short_ ? ReadResult::short_data : ReadResult::data;
    }
    if (n == 0) return ReadResult::closed;
    const int err = errno;
    if (err == EINTR) continue;
    if (err == EAGAIN || err == EWOULDBLOCK) return ReadResult::would_block;
    return ReadResult::closed;  // ECONNRESET and friends: the stream is gone either way
  }
}

void Connection::finish_message() {
  if (pending_.active()) pending_.finish({});
}

std::span<const Connection::MessageView> Connection::read_available() {
  finish_message();
  frames_.clear();
  ready_.clear();
  compact();
  drained_ = true;
  bool more = true;  // the kernel may hold more bytes
  while (!closed()) {
    Frame frame{};
    while (frames_.size() < max_batch && frame_next(frame)) frames_.push_back(frame);
    if (frames_.size() == max_batch) {
      drained_ = false;  // the rest is framed on the next call
      break;
    }
    if (closed() || !more) break;
    if (!ensure_room()) {
      drained_ = false;
      break;
    }
    switch (read_some(MSG_DONTWAIT)) {
      case ReadResult::data:
        break;
      case ReadResult::short_data:
        more = false;  // frame what came, then stop
        break;
      case ReadResult::would_block:
        more = false;
        break;
      case ReadResult::closed:
        mark_closed();
        break;
    }
  }
  for (const Frame& f : frames_) ready_.emplace_back(buffer_.get() + f.offset, f.size);
  return ready_;
}

bool Connection::takes_head_first() const noexcept {
  constexpr std::uint8_t request_type = 0;
  constexpr std::uint8_t reply_type = 1;
  constexpr std::uint8_t more_fragments_flag = 0x02;
  const std::uint8_t* header = buffer_.get() + parse_;
  return options_.mode == giop::HeaderMode::standard &&
         end_ - parse_ + wanted_ >= options_.head_first_size && header[4] == 1 &&
         header[5] >= 1 && (header[6] & more_fragments_flag) == 0 &&
         (header[7] == request_type || header[7] == reply_type);
}

Connection::MessageView Connection::receive_message(std::chrono::milliseconds timeout) {
  return receive(timeout, false);
}

Connection::MessageView Connection::receive_message_head(std::chrono::milliseconds timeout) {
  return receive(timeout, true);
}

Connection::MessageView Connection::receive(std::chrono::milliseconds timeout,
                                            bool head_first) {
  const bool bounded = timeout != forever;
  Clock::time_point deadline{};
  if (pending_.active()) {
    if (bounded) deadline = Clock::now() + timeout;
    pending_.finish(deadline);
  }
  frames_.clear();
  ready_.clear();
  // Bytes of a later message may follow the last one returned (a burst of oneways): they
  // stay where they are, so a burst is not moved once per message; ensure_room compacts
  // when a read needs the room.
  if (parse_ == end_) compact();
  for (;;) {
    Frame frame{};
    if (frame_next(frame)) {
      ++delivered_since_read_;
      return {buffer_.get() + frame.offset, frame.size};
    }
    if (closed()) {
      raise<CORBA::COMM_FAILURE>(minor::comm_failure_connection_closed,
                                 "connection closed while waiting for a message");
    }
    ensure_room();
    const bool rest_known = end_ - parse_ >= giop::header_size;
    if (head_first && rest_known && takes_head_first()) {
      // ensure_room has made room for all of it: the rest arrives where it belongs, or
      // into the reader's own storage.
      if (bounded && deadline == Clock::time_point{}) deadline = Clock::now() + timeout;
      std::uint8_t* const message = buffer_.get() + parse_;
      const std::size_t arrived = end_ - parse_;
      const std::size_t size = arrived + wanted_;
      pending_.start(message, size, arrived, deadline);
      parse_ = end_ = parse_ + size;
      wanted_ = 0;
      return {message, size};
    }
    wait_and_read(timeout, deadline, head_first, rest_known);
  }
}

void Connection::wait_and_read(std::chrono::milliseconds timeout,
                               std::chrono::steady_clock::time_point& deadline, bool head_first,
                               bool rest_known) {
  const bool bounded = timeout != forever;
  // The last read emptied the kernel's buffer and held a batch: the peer writes faster
  // than one message per read. A read that filled the buffer leaves more waiting, and
  // yielding then would only let the backlog grow.
  if (last_read_short_) yield_after_batch(options_.yield_after_batch, delivered_since_read_);
  delivered_since_read_ = 0;
  if (bounded) {
    // Wait first: a reply is rarely there the moment the request has left.
    if (deadline == Clock::time_point{}) deadline = Clock::now() + timeout;
    ::pollfd pfd{socket_.fd(), POLLIN, 0};
    const int ms = remaining_ms(deadline);
    if (ms == 0 || ::poll(&pfd, 1, ms) == 0) {
      raise<CORBA::TIMEOUT>(minor::timeout_reply, "no complete message within the timeout");
    }
  }
  // Without a timeout, one blocking recv: close() (shutdown) wakes it. Once the header
  // has told the size, the rest of the message is asked for at once (MSG_WAITALL), so a
  // large reply costs one recv however the kernel hands it over; never more than that
  // message, which is all an exclusive connection expects. A reader taking large
  // messages head first asks for no more than a small message's worth before the header
  // has said how large this one is.
  const std::size_t first_read =
      head_first && !rest_known ? options_.initial_buffer : static_cast<std::size_t>(-1);
  const ReadResult result =
      bounded ? read_some(MSG_DONTWAIT, first_read)
              : rest_known ? read_some(MSG_WAITALL, wanted_) : read_some(0, first_read);
  if (result == ReadResult::closed) mark_closed();
}

}  // namespace rtorb::transport
