// Sending a message as GIOP fragments when it is larger than a configured size.
#pragma once

#include <cstddef>
#include <rtorb/cdr/output_stream.hpp>

#include "transport/connection.hpp"

namespace rtorb::transport {

// omniORB sends fragments of about this size; peers reassemble them (15.4.9).
inline constexpr std::size_t default_max_fragment_size = 8 * 1024;

// Sends `stream` (one complete standard-mode message) whole when it fits in
// `max_fragment_size` bytes, otherwise as an initial message plus Fragment messages (the
// slow path: the message is copied and split). Raises giop::split_message's BAD_PARAM
// for a message that cannot be fragmented (GIOP 1.0, a type without fragments), and
// Connection::send's exceptions. Fragments go out as separate sends: GIOP 1.2 lets other
// messages interleave with them, 1.1 does not, so a 1.1 sender must own the connection.
void send_fragmented(Connection& connection, const cdr::OutputStream& stream,
                     std::size_t max_fragment_size = default_max_fragment_size);

}  // namespace rtorb::transport
