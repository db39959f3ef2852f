// The exclusive (non-multiplexed) client strategy: the invoking thread writes its request
// and reads the reply on the same connection, which carries one outstanding request.
#pragma once

#include <chrono>
#include <rtorb/cdr/output_stream.hpp>

#include "transport/connection.hpp"

namespace rtorb::transport {

// Sends `request` and waits up to `timeout` for the next message on `connection` (the
// reply; the view lives until the next read on the connection).
// Raises COMM_FAILURE comm_failure_send (COMPLETED_NO) if the send fails; TIMEOUT
// timeout_reply or COMM_FAILURE (COMPLETED_MAYBE) if no reply comes; TRANSIENT
// transient_close_connection (COMPLETED_NO, the request may be reissued) if the server
// answers with CloseConnection; MARSHAL for a reply with a bad header. The connection
// is closed after any of these except the first ones it already closed.
Connection::MessageView exchange(Connection& connection, const cdr::OutputStream& request,
                                 std::chrono::milliseconds timeout);

}  // namespace rtorb::transport
