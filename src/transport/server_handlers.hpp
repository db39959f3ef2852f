// The two event handlers of a server: accepting connections and reading GIOP messages.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>

#include "giop/fragments.hpp"
#include "transport/acceptor.hpp"
#include "transport/connection.hpp"
#include "transport/reactor.hpp"

namespace rtorb::transport {

// Runs on the thread that read the message (in a pool too: it is the upcall thread). It may
// send on the connection; an exception it throws drops the connection. A message may be
// still arriving (thread-per-connection serving takes large ones head first): then
// Connection::rest() reads the others.
using MessageHandler = std::function<void(Connection&, std::span<const std::uint8_t> message)>;

// Delivers whole messages: GIOP fragments are put back together first (standard header
// mode), and a peer that breaks the fragment rules is answered with MessageError and
// dropped.
class ConnectionHandler final : public EventHandler {
 public:
  ConnectionHandler(std::unique_ptr<Connection> connection, MessageHandler on_message,
                    giop::HeaderMode mode = giop::HeaderMode::standard,
                    giop::AssemblerLimits limits = {})
      : connection_(std::move(connection)),
        on_message_(std::move(on_message)),
        mode_(mode),
        assembler_(limits) {}
  int fd() const noexcept override { return connection_->fd(); }
  bool handle_input(Reactor& reactor) override;

  // Thread-per-connection serving (ConnectionThreads): blocks in recv for each message and
  // delivers it on this thread, until the peer closes, breaks the protocol, the message
  // handler throws, or close() is called. The connection is closed on return.
  void serve_until_closed() noexcept;
  // Thread-safe: closes the connection, waking a thread blocked in serve_until_closed.
  void close() noexcept { connection_->close(); }
  // Thread-safe: ends input only, so serve_until_closed returns once the request it may
  // be serving has had its reply.
  void stop_receiving() noexcept { connection_->stop_receiving(); }

 private:
  // False when the peer broke the fragment rules (and has been answered and closed).
  bool deliver(std::span<const std::uint8_t> message);

  // Shared: a request a lane holds back keeps its connection for the reply
  // (Connection::weak_from_this) after this handler is gone.
  std::shared_ptr<Connection> connection_;
  MessageHandler on_message_;
  giop::HeaderMode mode_;
  giop::FragmentAssembler assembler_;
};

class ConnectionThreads;

class AcceptHandler final : public EventHandler {
 public:
  // With `threads`, each accepted connection is served by a thread of its own
  // (thread-per-connection) instead of being registered with the reactor. The header mode
  // is the acceptor's (its endpoint's), not `options`'.
  AcceptHandler(std::unique_ptr<Acceptor> acceptor, MessageHandler on_message,
                ConnectionOptions options = {}, ConnectionThreads* threads = nullptr)
      : acceptor_(std::move(acceptor)),
        on_message_(std::move(on_message)),
        options_(options),
        threads_(threads) {}
  int fd() const noexcept override { return acceptor_->fd(); }
  // One-shot: a bounded batch per run, so a connection storm cannot hold a reactive
  // thread; the reactor re-arms it.
  bool edge_triggered() const noexcept override { return false; }
  // Accepts what is pending (a bounded batch) and registers a ConnectionHandler for each.
  bool handle_input(Reactor& reactor) override;

 private:
  std::unique_ptr<Acceptor> acceptor_;
  MessageHandler on_message_;
  ConnectionOptions options_;
  ConnectionThreads* threads_;  // not owned; null: connections go to the reactor
};

// Opens an acceptor on `endpoint`, registers it, and returns the endpoint it listens on.
Endpoint listen(Reactor& reactor, const Endpoint& endpoint, MessageHandler on_message,
                ConnectionOptions options = {});

}  // namespace rtorb::transport
