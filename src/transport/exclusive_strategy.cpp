#include "transport/exclusive_strategy.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "giop/message_header.hpp"

namespace rtorb::transport {

Connection::MessageView exchange(Connection& connection, const cdr::OutputStream& request,
                                 std::chrono::milliseconds timeout) {
  connection.send(request);
  Connection::MessageView reply;
  try {
    reply = connection.receive_message(timeout);
  } catch (const CORBA::SystemException& e) {
    // The server may have run the request: the outcome is unknown, and a late reply
    // would be taken for the next request's, so the connection goes.
    connection.close();
    if (dynamic_cast<const CORBA::TIMEOUT*>(&e) != nullptr) {
      raise<CORBA::TIMEOUT>(e.minor(), e.detail(), CORBA::CompletionStatus::COMPLETED_MAYBE);
    }
    raise<CORBA::COMM_FAILURE>(e.minor(), e.detail(), CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
  if (giop::decode_header(reply).type == giop::MsgType::close_connection) {
    // 15.5.1: a server closes only connections with no request in progress, so this one
    // was not processed and may be sent again.
    connection.close();
    raise<CORBA::TRANSIENT>(minor::transient_close_connection,
                            "server sent CloseConnection before replying");
  }
  return reply;
}

}  // namespace rtorb::transport
