// One TCP stream carrying GIOP messages: gather-write sends and non-blocking framed reads
// with per-connection partial-message state (docs/transport.md).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <rtorb/cdr/output_stream.hpp>
#include <span>
#include <vector>

#include <sys/types.h>

#include "base/logger.hpp"
#include "giop/message_header.hpp"
#include "transport/endpoint.hpp"
#include "transport/oneway_buffer.hpp"
#include "transport/pending_message.hpp"
#include "transport/pi_mutex.hpp"
#include "transport/socket.hpp"
#include "transport/socket_options.hpp"

struct iovec;

namespace rtorb::transport {

class OnewayFlusher;

struct ConnectionOptions {
  giop::MessageLimits limits = {};
  giop::HeaderMode mode = giop::HeaderMode::standard;
  std::chrono::milliseconds send_timeout{30'000};  // a peer that stops reading
  std::size_t initial_buffer = 8 * 1024;
  // A receive buffer grown for a large message keeps up to this many bytes afterwards, so
  // a stream of large messages does not allocate (and fault in) a new buffer each time;
  // above it the buffer is given back once the message is gone.
  std::size_t retained_buffer = 1024 * 1024;
  // receive_message_head hands up a Request or Reply of at least this many bytes once its
  // header has arrived.
  std::size_t head_first_size = 64 * 1024;
  // What the sockets are set up with: read by an acceptor for each connection it accepts
  // and by the connector for each socket it opens. Null: TCP_NODELAY and nothing else.
  std::shared_ptr<SocketOptionsCell> socket_options{};
  // Where connections say they opened (level 2), closed (2) and refused a message (1);
  // null: they say nothing.
  std::shared_ptr<const Logger> log{};
  // A reader that took two or more messages from one read gives up its CPU once it has
  // served them, before it reads again (docs/transport.md, "Yielding after a batch").
  bool yield_after_batch = true;
  bool accepted = false;  // set by the Acceptor: this end is the server's
  // A uiop acceptor's socket file gets these permission bits (chmod) before it listens;
  // 0: what the process's umask leaves (-ORBUnixSocketMode).
  std::uint32_t unix_socket_mode = 0;
  // Writes buffered oneways nobody else flushes (a client ORB's); null: only callers do.
  std::shared_ptr<OnewayFlusher> flusher{};
};

// How long a send may wait for room in the kernel's socket buffer (a peer that reads
// slowly, or not at all).
struct SendWait {
  enum class Kind : std::uint8_t {
    connection,  // up to the connection's send_timeout: COMM_FAILURE comm_failure_send
    until,       // up to `deadline`: TIMEOUT timeout_send (COMPLETED_NO)
    never,       // not at all: TRANSIENT transient_send_would_block (COMPLETED_NO)
  };
  Kind kind = Kind::connection;
  std::chrono::steady_clock::time_point deadline{};
};

// Server connections are owned by a shared_ptr (ConnectionHandler), so that code serving a
// request later can keep the connection open for its reply; client connections are not.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  using MessageView = std::span<const std::uint8_t>;

  // receive_message's timeout that means "no timeout": one blocking recv, no poll, no
  // clock reading.
  static constexpr std::chrono::milliseconds forever = std::chrono::milliseconds::max();

  // Takes an open, connected socket. The descriptor is left in blocking mode (for
  // receive_message(forever)); every other call passes MSG_DONTWAIT and never blocks
  // in the kernel.
  explicit Connection(Socket socket, ConnectionOptions options = {});
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  Connection(Connection&&) = delete;
  Connection& operator=(Connection&&) = delete;
  // Buffered oneways still held are given one last non-blocking write; what the kernel
  // does not take is lost, and said at log level 1.
  ~Connection();

  int fd() const noexcept { return socket_.fd(); }
  bool closed() const noexcept { return closed_.load(std::memory_order_acquire); }
  // Client side: true for the first caller only, so that the ORB sends what belongs in a
  // connection's first request (the CodeSets service context) exactly once.
  bool take_first_request() noexcept { return !first_request_taken_.exchange(true); }
  // The peer's address; empty endpoint if unknown.
  Endpoint peer() const;
  // How its messages are framed (GIOPlite on an endpoint that says so).
  giop::HeaderMode mode() const noexcept { return options_.mode; }
  bool yields_after_batch() const noexcept { return options_.yield_after_batch; }
  // Marks what this connection sends from now on with `dscp` (0..63): a system call only
  // when it differs from the last mark. For the connection's user of the moment (a lease
  // holder); a refusal leaves the mark as it was.
  void mark_dscp(int dscp) noexcept;

  // For a connection nobody reads (idle in a client cache): true when the peer has closed
  // it, reset it or sent something unasked (a GIOP CloseConnection), so that it must not
  // carry a request; the connection is then marked closed. One non-blocking recv(MSG_PEEK).
  bool peer_went_away() noexcept;

  // Writes the whole stream with one gather-write per batch of segments, waiting with
  // poll when the kernel buffer is full. Thread-safe (sends are serialised). Raises
  // COMM_FAILURE comm_failure_send (completed MAYBE is for the caller to decide; this
  // raises COMPLETED_NO) on error or after options.send_timeout; the connection is
  // then closed.
  void send(const cdr::OutputStream& stream);
  void send(std::span<const std::uint8_t> bytes);
  // send() without the lock, for a caller that has the connection to itself (a lease of
  // the exclusive strategy): nobody else may send on it meanwhile.
  void send_owned(const cdr::OutputStream& stream);
  // send_owned with a limit on waiting for the kernel (SendWait). A message cut short is
  // never finished: the connection is then closed (the peer drops what it got); one of
  // which no byte was written leaves the connection open.
  void send_owned(const cdr::OutputStream& stream, const SendWait& wait);

  // ----- buffered oneways (SYNC_NONE under a BufferingConstraint) -----
  // For the lease holder. Copies the message into the connection's batch; when the batch
  // reaches batching.flush_count messages or flush_bytes bytes it is written at once, as
  // one gather-write (an iovec per message), never waiting for room: what the kernel does
  // not take stays for later (the next send on this connection, or the flusher). A message
  // that would take the batch past batching.capacity is refused after one non-blocking
  // attempt to make room: TRANSIENT transient_oneway_buffer_full, COMPLETED_NO, and
  // nothing of it is kept. COMM_FAILURE when the connection is closed.
  void buffer_oneway(const cdr::OutputStream& message, const OnewayBatching& batching);
  // Writes the batch. `wait` as for send_owned; Kind::never writes what the kernel takes
  // and returns false when something is left. Thread-safe.
  bool flush_buffered(const SendWait& wait);
  std::size_t buffered_bytes() const noexcept { return buffered_.load(std::memory_order_acquire); }
  // The write calls batches have taken so far (one per batch unless the kernel was full or
  // a batch had more than 1024 messages): for tests and diagnostics.
  std::uint64_t batch_writes() const noexcept { return batch_writes_.load(std::memory_order_relaxed); }
  // For the flusher: writes the batch without waiting when its timeout has passed or it is
  // written in part already. Returns when to come back ({} : nothing left to watch).
  std::chrono::steady_clock::time_point flush_if_due(std::chrono::steady_clock::time_point now) noexcept;

  // Reads what the kernel has without blocking and returns the complete messages now
  // buffered (possibly none). A read shorter than the room offered ends it (the kernel
  // had no more), so a complete message costs one recv, not a second one to EAGAIN; an
  // edge-triggered reactor gets a new event for whatever arrives later. The views stay
  // valid until the next read_available or receive_message on this connection. On a header we refuse, answers MessageError and
  // closes; on end of stream, closes. Messages complete before the problem are returned.
  // Not thread-safe: one reader at a time (the reactor guarantees it).
  std::span<const MessageView> read_available();

  // False when read_available stopped with input possibly left (in the kernel, or framed
  // no further than 64 messages): call it again after delivering what it returned.
  bool drained() const noexcept { return drained_; }

  // Blocks up to `timeout` (or `forever`) for one complete message. Raises TIMEOUT
  // timeout_reply, or COMM_FAILURE comm_failure_connection_closed when the connection is or becomes closed.
  MessageView receive_message(std::chrono::milliseconds timeout);

  // receive_message for a reader that can take a large message in part: a whole (not
  // fragmented) GIOP 1.1 or 1.2 Request or Reply of options.head_first_size bytes or more
  // is returned as soon as its first bytes are in, the view covering all of it; rest()
  // then receives the others, as the reader asks, until the next receive on this
  // connection (or finish_message) takes what is left. Its reads wait up to `timeout` too.
  MessageView receive_message_head(std::chrono::milliseconds timeout);
  // The rest of the message receive_message_head returned, or null if it came whole (or
  // has all been received since).
  cdr::MessageRest* rest() noexcept { return pending_.active() ? &pending_ : nullptr; }
  // Receives what a reader left of that message (the server does before it replies, so
  // that a client still sending it is never left blocked). Raises as receive_message.
  void finish_message();

  // Bytes reserved for receiving; it grows only for a message larger than it, and shrinks
  // back once such a message is gone.
  std::size_t receive_capacity() const noexcept { return capacity_; }

  // Closes the stream (both directions); later sends raise, reads return nothing.
  void close() noexcept;
  // Logs (level 1) that the peer sent something refused with MessageError, and why.
  void log_refused(std::string_view reason) noexcept;
  // "connection from 127.0.0.1:5555" (accepted) or "connection to ...", for logs.
  std::string describe() const;
  // Ends input only: a thread blocked in receive_message wakes up and finds the stream
  // closed, while a reply being written still goes out. Thread-safe.
  void stop_receiving() noexcept;

 private:
  static constexpr std::size_t max_batch = 64;  // messages per read_available
  MessageView receive(std::chrono::milliseconds timeout, bool head_first);
  // receive's wait for more bytes (a bounded wait starts `deadline` if it is unset; TIMEOUT
  // when it passes) and its one read: the rest of a message whose size is known
  // (`rest_known`), else a first read that is small when reading `head_first`.
  void wait_and_read(std::chrono::milliseconds timeout,
                     std::chrono::steady_clock::time_point& deadline, bool head_first,
                     bool rest_known);
  // Whether the message framed at parse_, its header in, may be handed up in part.
  bool takes_head_first() const noexcept;
  enum class ReadResult { data, short_data, would_block, closed };
  struct Frame {
    std::size_t offset;
    std::size_t size;
  };
  void compact() noexcept;
  // Frames the next message at parse_; true and advances if complete. On a refused
  // header answers MessageError and closes.
  bool frame_next(Frame& frame);
  // Makes room for `needed` bytes past end_; false if that would break views taken since
  // the last compact (the caller returns what it has first).
  bool ensure_room();
  // One recv into the free room (which must not be empty), of at most `limit` bytes.
  ReadResult read_some(int flags, std::size_t limit = static_cast<std::size_t>(-1));
  // Replaces the buffer by one of `capacity` bytes holding the same [0, end_).
  void reallocate(std::size_t capacity);
  void refuse_header(std::string_view reason) noexcept;
  bool logs(int level) const noexcept { return options_.log && options_.log->enabled(level); }
  void mark_closed() noexcept;
  // What one send_stream has done so far, for the waits of its send_iov calls.
  struct SendProgress {
    SendWait wait;
    bool started = false;  // a byte of the message has been written
  };
  void send_stream(const cdr::OutputStream& stream);
  void send_stream(const cdr::OutputStream& stream, SendProgress progress);
  void send_segments(const cdr::OutputStream& stream, SendProgress& progress);
  void send_after_batch(const cdr::OutputStream& stream, SendProgress& progress);
  // With buffer_mutex_: writes the batch; false when Kind::never met a full kernel buffer.
  bool write_batch(SendProgress& progress);
  // With buffer_mutex_: when the batch must leave; {} when it has no timeout.
  std::chrono::steady_clock::time_point batch_due() const noexcept;
  // One non-blocking send of `count` segments; what ::send/::sendmsg return.
  ssize_t send_some(const struct ::iovec* iov, std::size_t count) noexcept;
  void send_iov(struct ::iovec* iov, std::size_t count, SendProgress& progress);
  // The kernel's buffer is full: waits as progress.wait says, or raises.
  void wait_for_room(SendProgress& progress);

  Socket socket_;
  ConnectionOptions options_;
  std::atomic<bool> closed_{false};
  std::atomic<bool> first_request_taken_{false};
  PiMutex send_mutex_;  // replies of any priority (docs/rt.md, "locks")
  // Not a vector: growing it for a large message must not zero what recv overwrites.
  std::unique_ptr<std::uint8_t[]> buffer_;
  std::size_t capacity_ = 0;
  std::size_t parse_ = 0;   // start of the first byte not yet delivered
  std::size_t end_ = 0;     // end of bytes received
  std::size_t wanted_ = 0;  // bytes still missing for the frame at parse_
  std::size_t delivered_since_read_ = 0;  // receive's messages framed from the last read
  bool last_read_short_ = false;          // it took all the kernel had
  bool drained_ = true;
  int dscp_ = SocketOptions::no_dscp;  // what mark_dscp set last
  std::vector<Frame> frames_;
  std::vector<MessageView> ready_;
  PendingMessage pending_{*this};
  std::string peer_text_;  // the peer, kept while logging is on: a reset peer has no name
  // Buffered oneways. buffering_ turns true with the first and stays: until then a send
  // takes no lock for them (one load).
  std::atomic<bool> buffering_{false};
  std::atomic<std::size_t> buffered_{0};  // batch_.bytes(), readable without the lock
  std::atomic<std::uint64_t> batch_writes_{0};
  PiMutex buffer_mutex_;  // guards batch_ and batching_; held through a send after a batch
  OnewayBuffer batch_;
  OnewayBatching batching_;
  bool waiting_for_room_ = false;  // the kernel refused the last write of the batch
};

}  // namespace rtorb::transport
