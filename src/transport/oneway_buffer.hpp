// The oneway requests a connection holds to write later as one batch (SYNC_NONE under a
// BufferingConstraint; docs/messaging.md, "Request buffering"). Whole messages go in; what
// goes out is counted in bytes, so a batch the kernel took only part of is finished later
// from the exact byte where it stopped, and the stream stays whole.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <rtorb/cdr/output_stream.hpp>
#include <span>
#include <vector>

namespace rtorb::transport {

// When a connection's batch leaves (each limit 0: not used) and how much it may hold.
struct OnewayBatching {
  std::size_t flush_count = 0;          // this many messages buffered
  std::size_t flush_bytes = 0;          // this many bytes buffered
  std::chrono::nanoseconds timeout{0};  // this long after the first message went in
  std::size_t capacity = 1024 * 1024;   // the bound: a message that would pass it is refused
};

class OnewayBuffer {
 public:
  using Clock = std::chrono::steady_clock;

  bool empty() const noexcept { return sent_ == bytes_.size(); }
  // Bytes not yet written, and the messages they belong to (one begun counts).
  std::size_t bytes() const noexcept { return bytes_.size() - sent_; }
  std::size_t messages() const noexcept { return ends_.size() - first_unsent_; }
  // Written in part: the rest must go before anything else on the connection.
  bool started() const noexcept { return first_unsent_ < ends_.size() && sent_ > start_of(first_unsent_); }
  // The storage in use, written bytes of a message begun included (tests: it stays near
  // the bound however long the batch goes without emptying).
  std::size_t storage_bytes() const noexcept { return bytes_.size(); }
  // When the oldest message still held went in.
  Clock::time_point oldest() const noexcept { return oldest_; }

  // Copies the message in; false (nothing taken) when bytes() would pass `capacity`.
  bool append(const cdr::OutputStream& message, std::size_t capacity, Clock::time_point now);
  // What is left to write, from where writing stopped: the messages lie end to end, so a
  // batch leaves in one send however many it holds.
  std::span<const std::uint8_t> unsent() const noexcept { return {bytes_.data() + sent_, bytes()}; }
  // `n` more bytes were written. Storage is kept for the next batch.
  void consumed(std::size_t n) noexcept;

 private:
  std::size_t start_of(std::size_t message) const noexcept { return message == 0 ? 0 : ends_[message - 1]; }
  // Forgets the messages written whole (the storage stays): the next append fits in it.
  void drop_written();
  std::vector<std::uint8_t> bytes_;
  std::vector<std::size_t> ends_;  // where each message ends in bytes_
  std::size_t sent_ = 0;           // bytes of bytes_ written
  std::size_t first_unsent_ = 0;   // index in ends_ of the first message not written whole
  Clock::time_point oldest_{};
};

}  // namespace rtorb::transport
