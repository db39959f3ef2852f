// A large message handed up after its first bytes (Connection::receive_message_head), and
// the cdr::MessageRest through which its reader receives the others (docs/transport.md,
// "Receiving large messages").
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <rtorb/cdr/message_rest.hpp>

#include "transport/deadline.hpp"

namespace rtorb::transport {

class Connection;

class PendingMessage final : public cdr::MessageRest {
 public:
  // Bytes the buffer takes ahead of a reader that needs only a few: one recv per this many
  // bytes of headers or structures at most, little enough to leave a sequence that follows
  // to receive_into.
  static constexpr std::size_t read_ahead = 16 * 1024;
  // A receive_into that misses fewer bytes than this copies them through the buffer: a
  // system call of its own would cost more than the copy saves.
  static constexpr std::size_t direct_minimum = 16 * 1024;
  // The most one recv asks for. A client receiving a 256 KiB reply in one MSG_WAITALL
  // recv ran some connections at 150 µs a call instead of 85 (one CPU, kernel 6.18: the
  // server's sendmsg then spent the difference in the loopback softirq, coalescing each
  // segment into the client's receive queue); asking for at most one loopback segment's
  // worth (64 KiB) at a time never did in 15 runs (docs/transport.md).
  static constexpr std::size_t max_receive = 64 * 1024;

  explicit PendingMessage(Connection& connection) noexcept : connection_(connection) {}
  PendingMessage(const PendingMessage&) = delete;
  PendingMessage& operator=(const PendingMessage&) = delete;

  // `message` has room for `size` bytes, of which `arrived` have. Receives wait until
  // `deadline` (Clock::time_point{}: without limit, in blocking recv calls).
  void start(std::uint8_t* message, std::size_t size, std::size_t arrived,
             Clock::time_point deadline) noexcept;
  // True from start() until all of the message has been received.
  bool active() const noexcept { return message_ != nullptr && arrived_ < size_; }
  // Receives whatever the reader left in the socket (into the buffer), so that the next
  // message can be read; `deadline` as for start.
  void finish(Clock::time_point deadline);

  std::size_t receive_until(std::size_t at, std::size_t size) override;
  std::size_t receive_into(std::size_t at, std::size_t size, void* out) override;

 private:
  // Receives the message up to byte `end` into the buffer.
  void receive_to(std::size_t end);
  // Receives exactly `size` bytes of the stream into `out`; on failure closes the
  // connection and raises COMM_FAILURE or TIMEOUT.
  void receive_exact(std::uint8_t* out, std::size_t size);
  [[noreturn]] void fail(int error);

  Connection& connection_;
  std::uint8_t* message_ = nullptr;
  std::size_t size_ = 0;
  std::size_t arrived_ = 0;  // bytes taken from the socket, into the buffer or a reader's
  // Gaps the buffer never got: the first starts at gap_begin_ (size_ while there is none),
  // the last ends at after_gaps_. The buffer holds [0, gap_begin_) and [after_gaps_, arrived_).
  std::size_t gap_begin_ = 0;
  std::size_t after_gaps_ = 0;
  Clock::time_point deadline_{};
};

}  // namespace rtorb::transport
