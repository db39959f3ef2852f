#include "orb/server_connections.hpp"

#include <rtorb/corba/exception.hpp>

#include <array>

#include "giop/message_codec.hpp"
#include "orb/orb_core.hpp"
#include "transport/fragmenting_send.hpp"

namespace rtorb::orb {
namespace {

// Per-connection state carried inside the MessageHandler: std::function copies the
// callable for every accepted connection, and a copy starts fresh.
struct ConnectionState {
  explicit ConnectionState(ServerConnections& owner) noexcept : owner(&owner) {}
  ConnectionState(const ConnectionState& other) noexcept : owner(other.owner) {}
  ConnectionState& operator=(const ConnectionState&) = delete;
  ~ConnectionState() {
    if (connection != nullptr) owner->remove(connection);
  }

  ServerConnections* owner;
  transport::Connection* connection = nullptr;
  ServerConnections::Use* use = nullptr;
  ConnectionCodeSets code_sets;
};

class ConnectionChannel final : public ReplyChannel {
 public:
  // fragment_size as OrbOptions::fragment_size (0: never).
  ConnectionChannel(transport::Connection& connection, std::size_t fragment_size) noexcept
      : connection_(connection), fragment_size_(fragment_size) {}
  void send(const cdr::OutputStream& message) override {
    try {
      // What the request handler left unread goes first: a client still writing the
      // request would not be reading this reply.
      connection_.finish_message();
      if (fragment_size_ != 0 && message.size() > fragment_size_) {
        std::array<std::uint8_t, giop::header_size> header{};
        std::size_t n = 0;
        message.for_each_segment([&](std::span<const std::uint8_t> s) {
          for (std::size_t i = 0; i < s.size() && n < header.size(); ++i) header[n++] = s[i];
        });
        if (header[5] >= 1) {  // GIOP 1.0 cannot fragment
          transport::send_fragmented(connection_, message, fragment_size_);
          return;
        }
      }
      connection_.send(message);
    } catch (const CORBA::SystemException&) {
      connection_.close();  // the peer went away; nothing to tell it
    }
  }
  void close() noexcept override { connection_.close(); }

 private:
  transport::Connection& connection_;
  std::size_t fragment_size_;
};

}  // namespace

transport::MessageHandler ServerConnections::handler() {
  return [state = ConnectionState(*this)](transport::Connection& connection,
                                          std::span<const std::uint8_t> message) mutable {
    state.connection = &connection;
    state.owner->started(&connection, state.use);
    OrbCore& orb = state.owner->orb();
    ConnectionChannel channel(connection, orb.options().fragment_size);
    serve_message(orb, message, state.code_sets, channel, connection.rest(), connection.mode());
    state.owner->finished(&connection, *state.use);
  };
}

void ServerConnections::say_close(transport::Connection& connection) noexcept {
  try {
    cdr::OutputStream os;
    const auto start = giop::encode_close_connection(os, {giop::giop_1_2, connection.mode()});
    giop::end_message(os, start);
    connection.send(os);
  } catch (...) {
    // Closing anyway.
  }
  connection.close();
}

void ServerConnections::started(transport::Connection* connection, Use*& use) {
  if (use == nullptr) {
    std::lock_guard lock(mutex_);
    use = &live_[connection];
  }
  use->busy.fetch_add(1, std::memory_order_seq_cst);
}

void ServerConnections::finished(transport::Connection* connection, Use& use) noexcept {
  // seq_cst pairs with close_all: either it sees this connection busy (and leaves the
  // close to us), or we see closing_ and close it.
  if (use.busy.fetch_sub(1, std::memory_order_seq_cst) == 1 &&
      (use.close_requested.load(std::memory_order_seq_cst) ||
       closing_.load(std::memory_order_seq_cst))) {
    std::lock_guard lock(mutex_);
    say_close(*connection);
  }
}

void ServerConnections::remove(transport::Connection* connection) noexcept {
  std::lock_guard lock(mutex_);
  live_.erase(connection);
}

void ServerConnections::close_all() noexcept {
  std::lock_guard lock(mutex_);
  closing_.store(true, std::memory_order_seq_cst);
  for (auto& [connection, use] : live_) {
    if (use.busy.load(std::memory_order_seq_cst) == 0) {
      say_close(*connection);
    } else {
      use.close_requested.store(true, std::memory_order_seq_cst);
    }
  }
}

}  // namespace rtorb::orb
