// The part of a message not yet received: a large message can be handed to its reader after
// its first bytes, so that a long sequence of primitives goes from the socket straight into
// its std::vector instead of through the receive buffer (docs/transport.md, "Receiving
// large messages").
#pragma once

#include <cstddef>

namespace rtorb::cdr {

// Offsets count from the message's first byte, which is where the InputStream reading it
// starts. The message's buffer has room for all of it; bytes arrive in order, either into
// that buffer or into a reader's own storage (receive_into), which leaves a gap the buffer
// never gets. Raises COMM_FAILURE or TIMEOUT when the peer fails to send the rest (the
// connection is then closed), MARSHAL when asked for bytes that went into a gap.
class MessageRest {
 public:
  // Makes bytes [at, at + size) readable in the buffer, receiving what has not arrived
  // yet; returns the end of the readable run that starts at `at` (at least at + size).
  virtual std::size_t receive_until(std::size_t at, std::size_t size) = 0;

  // Copies bytes [at, at + size) to `out`; what has not arrived is received into `out`
  // directly when that is worth a system call. Returns the end of the readable run that
  // starts at at + size.
  virtual std::size_t receive_into(std::size_t at, std::size_t size, void* out) = 0;

 protected:
  ~MessageRest() = default;
};

}  // namespace rtorb::cdr
