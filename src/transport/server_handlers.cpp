#include "transport/server_handlers.hpp"

#include <rtorb/corba/exception.hpp>

namespace rtorb::transport {

bool ConnectionHandler::deliver(std::span<const std::uint8_t> message) {
  if (mode_ == giop::HeaderMode::lite) {  // GIOPlite has no fragments
    on_message_(*connection_, message);
    return true;
  }
  giop::FragmentAssembler::Result whole;
  try {
    whole = assembler_.add(message);
  } catch (const CORBA::SystemException&) {
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
  for (const auto message : connection_->read_available()) {
    if (!deliver(message)) return false;
  }
  return !connection_->closed();
}

bool AcceptHandler::handle_input(Reactor& reactor) {
  // Bounded so that a connection storm cannot keep this thread from being a follower.
  constexpr int batch = 64;
  for (int i = 0; i < batch; ++i) {
    auto connection = acceptor_->accept();
    if (!connection) break;
    reactor.add(std::make_unique<ConnectionHandler>(
        std::move(connection), on_message_, options_.mode,
        giop::AssemblerLimits{.max_message_size = options_.limits.max_message_size,
                              .max_buffered_bytes = options_.limits.max_message_size}));
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
