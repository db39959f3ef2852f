// GIOP fragmentation (CORBA 3.x, 15.4.9): splitting a message into fragments and putting
// fragments back together.
#pragma once

#include "giop/message_header.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

namespace rtorb::giop {

// Splits one complete standard-mode message into an initial fragment and Fragment messages
// of at most `max_fragment_size` bytes each (headers included). Split points fall on
// multiples of 8 of the message's own offsets, so no primitive is broken across fragments
// and, in 1.2, every fragment but the last has a length that is a multiple of 8.
// Only Request and Reply (1.1) or Request, Reply, LocateRequest, LocateReply (1.2) can be
// fragmented; a message that fits is returned whole.
// Raises BAD_PARAM for a 1.0 message that does not fit, a type that cannot be fragmented,
// or max_fragment_size < 32; decode_header's exceptions for a bad message.
std::vector<std::vector<std::uint8_t>> split_message(std::span<const std::uint8_t> message,
                                                     std::size_t max_fragment_size);

struct AssemblerLimits {
  std::uint32_t max_message_size = 64 * 1024 * 1024;  // body bytes of one reassembled message
  std::size_t max_buffered_bytes = 64 * 1024 * 1024;  // across all partial messages
};

// Puts fragmented messages back together for one connection. Feed it every complete
// message read (frame_message delimits them). Messages that are not fragmented pass
// through without a copy; fragmented ones are copied into one contiguous buffer.
// In 1.1 at most one fragmented message is open at a time; in 1.2 each request id has its
// own, so fragments of different requests may interleave.
class FragmentAssembler {
 public:
  explicit FragmentAssembler(AssemblerLimits limits = {}) : limits_(limits) {}

  struct Result {
    bool complete = false;
    // When complete: the whole message with message_size patched and the more-fragments
    // bit cleared. It views either the input or storage owned by the assembler that stays
    // valid until the next call to add().
    std::span<const std::uint8_t> message;
  };

  // Raises MARSHAL marshal_fragment for a Fragment with no initial message, a version or
  // byte order that differs from the initial message, a repeated 1.2 request id, or a
  // message type that cannot be fragmented; IMP_LIMIT imp_limit_message_too_large when a
  // bound is exceeded (the partial message is dropped); decode_header's exceptions.
  Result add(std::span<const std::uint8_t> message);

  // Drops the partial message of a 1.2 request (after a CancelRequest); no-op if none.
  void cancel(std::uint32_t request_id) noexcept;
  void clear() noexcept;
  std::size_t pending() const noexcept { return partial_12_.size() + (partial_11_ ? 1 : 0); }
  std::size_t buffered_bytes() const noexcept { return buffered_; }

 private:
  struct Partial {
    std::vector<std::uint8_t> bytes;
  };
  Result start(const MessageHeader& header, std::span<const std::uint8_t> message);
  Result continue_with(const MessageHeader& header, std::span<const std::uint8_t> message);
  Result append(Partial& partial, const MessageHeader& header,
                std::span<const std::uint8_t> payload, std::optional<std::uint32_t> id);
  Result finish(Partial& partial, std::optional<std::uint32_t> id);
  void drop(std::optional<std::uint32_t> id) noexcept;
  // Raises IMP_LIMIT imp_limit_message_too_large when `more` bytes do not fit.
  void require_room(std::size_t partial_size, std::size_t more) const;

  AssemblerLimits limits_;
  std::optional<Partial> partial_11_;
  std::map<std::uint32_t, Partial> partial_12_;
  std::vector<std::uint8_t> completed_;
  std::size_t buffered_ = 0;
};

}  // namespace rtorb::giop
