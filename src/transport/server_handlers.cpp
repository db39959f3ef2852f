#include "transport/server_handlers.hpp"

#include <rtorb/corba/exception.hpp>

#include <system_error>

#include "transport/batch_yield.hpp"
#include "transport/connection_threads.hpp"

namespace rtorb::transport {
namespace {

// A GIOP 1.1+ message that is neither a Fragment nor has the more-fragments flag: the
// assembler would hand it back as it is. The connection has already checked the header
// (magic, version, size), so two bytes decide; anything else takes the assembler.
bool is_whole_message(std::span<const std::uint8_t> message) noexcept {
  constexpr std::uint8_t more_fragments_flag = 0x02;
  constexpr std::uint8_t fragment_type = 7;
  return message.size() >= giop::header_size && message[4] == 1 && message[5] >= 1 &&
         (message[6] & more_fragments_flag) == 0 && message[7] != fragment_type;
}

}  // namespace

bool ConnectionHandler::deliver(std::span<const std::uint8_t> message) {
  if (mode_ == giop::HeaderMode::lite || is_whole_message(message)) {
    on_message_(*connection_, message);
    return true;
  }
  giop::FragmentAssembler::Result whole;
  try {
    whole = assembler_.add(message);
  } catch (const CORBA::SystemException& e) {
    connection_->log_refused(e.what());
    const auto reply = giop::message_error_reply(message.first(giop::header_size));
    try {
      connection_->send(reply);
    } catch (const CORBA::SystemException&) {
      // The peer is gone as well; closing is all that is left.
    }
    connection_->close();
    return false;
  }
  if (whole.complete) on_message_(*connection_, whole.message);
  return true;
}

bool ConnectionHandler::handle_input(Reactor&) {
  // Edge-triggered: whatever the kernel holds must be read before returning.
  std::size_t delivered = 0;
  do {
    for (const auto message : connection_->read_available()) {
      if (!deliver(message)) return false;
      ++delivered;
    }
  } while (!connection_->drained() && !connection_->closed());
  yield_after_batch(connection_->yields_after_batch(), delivered);
  return !connection_->closed();
}

void ConnectionHandler::serve_until_closed() noexcept {
  try {
    for (;;) {
      // Large requests come head first: their sequences go from the socket straight
      // into the servant's arguments (the message handler reads connection.rest()).
      if (!deliver(connection_->receive_message_head(Connection::forever))) break;
    }
  } catch (const std::exception&) {
    // The peer closed or sent a header we refuse (answered already), or the message
    // handler failed: either way this connection is over, and only this one.
  }
  connection_->close();
}

bool AcceptHandler::handle_input(Reactor& reactor) {
  // Bounded so that a connection storm cannot keep a reactive thread from its requests.
  constexpr int batch = 64;
  for (int i = 0; i < batch; ++i) {
    auto connection = acceptor_->accept();
    if (!connection) break;
    auto handler = std::make_unique<ConnectionHandler>(
        std::move(connection), on_message_, acceptor_->connection_options().mode,
        giop::AssemblerLimits{.max_message_size = options_.limits.max_message_size,
                              .max_buffered_bytes = options_.limits.max_message_size});
    if (threads_ == nullptr) {
      reactor.add(std::move(handler));
    } else {
      try {
        threads_->start(std::move(handler));
      } catch (const std::system_error&) {
        // No thread to be had: that client is refused (its connection closed), the
        // server carries on.
      }
    }
  }
  return true;
}

Endpoint listen(Reactor& reactor, const Endpoint& endpoint, MessageHandler on_message,
                ConnectionOptions options) {
  auto acceptor = std::make_unique<Acceptor>(endpoint, options);
  Endpoint bound = acceptor->endpoint();
  reactor.add(
      std::make_unique<AcceptHandler>(std::move(acceptor), std::move(on_message), options));
  return bound;
}

}  // namespace rtorb::transport
