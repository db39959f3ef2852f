#include "server/server_connections.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include <array>
#include <span>
#include <vector>

#include "core/orb_context.hpp"
#include "giop/fragments.hpp"
#include "giop/message_codec.hpp"
#include "server/request_buffer.hpp"
#include "server/request_log.hpp"
#include "server/upcall_handoff.hpp"
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
  std::shared_ptr<ServerConnections::Use> use;
  ConnectionCodeSets code_sets;
};

}  // namespace

void send_reply(transport::Connection& connection, const cdr::OutputStream& message,
                std::size_t fragment_size) noexcept {
  try {
    if (fragment_size != 0 && message.size() > fragment_size) {
      std::array<std::uint8_t, giop::header_size> header{};
      std::size_t n = 0;
      message.for_each_segment([&](std::span<const std::uint8_t> s) {
        for (std::size_t i = 0; i < s.size() && n < header.size(); ++i) header[n++] = s[i];
      });
      if (header[5] == 1) {
        // GIOP 1.1 lets nothing come between the fragments of a message, and replies
        // deferred by AMH servants are sent from other threads: the fragments go out in
        // one send, under the connection's send lock.
        std::vector<std::uint8_t> together;
        for (const auto& fragment : giop::split_message(message.to_bytes(), fragment_size))
          together.insert(together.end(), fragment.begin(), fragment.end());
        connection.send(std::span<const std::uint8_t>(together));
        return;
      }
      if (header[5] >= 2) {  // GIOP 1.0 cannot fragment; 1.2 interleaves fragments by id
        transport::send_fragmented(connection, message, fragment_size);
        return;
      }
    }
    connection.send(message);
  } catch (...) {
    connection.close();  // the peer went away; nothing to tell it
  }
}

namespace {

// The channel of a reply sent after its request was served (AMH): it keeps the connection
// open for it. A connection closed meanwhile (by the client, or at shutdown) drops it.
class KeptConnectionChannel final : public ReplyChannel {
 public:
  KeptConnectionChannel(std::shared_ptr<transport::Connection> connection,
                        std::size_t fragment_size) noexcept
      : connection_(std::move(connection)), fragment_size_(fragment_size) {}
  void send(const cdr::OutputStream& message) override {
    if (connection_->closed()) return;
    send_reply(*connection_, message, fragment_size_);
  }
  void close() noexcept override { connection_->close(); }
  std::string peer() const override { return connection_->describe(); }

 private:
  std::shared_ptr<transport::Connection> connection_;
  std::size_t fragment_size_;
};

}  // namespace

std::shared_ptr<ReplyChannel> keep_connection_for_later(
    std::shared_ptr<transport::Connection> connection, std::size_t fragment_size) {
  return std::make_shared<KeptConnectionChannel>(std::move(connection), fragment_size);
}

namespace {

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
    } catch (const CORBA::SystemException&) {
      connection_.close();  // the peer went away; nothing to tell it
      return;
    }
    send_reply(connection_, message, fragment_size_);
  }
  void close() noexcept override { connection_.close(); }
  std::string peer() const override { return connection_.describe(); }
  std::shared_ptr<ReplyChannel> keep_for_later() override {
    auto shared = connection_.weak_from_this().lock();
    if (!shared) return nullptr;
    return keep_connection_for_later(std::move(shared), fragment_size_);
  }

 private:
  transport::Connection& connection_;
  std::size_t fragment_size_;
};

// Serves a request held by a lane's buffer, if its connection is still open: a connection
// closed meanwhile (by its client, or with CloseConnection at shutdown, which tells the
// client that the request was not served) has nobody to answer.
void serve_held(OrbContext& orb, RequestBuffer& buffer) {
  while (auto held = buffer.take()) {
    if (held->connection->closed()) continue;
    ConnectionChannel channel(*held->connection, orb.options().fragment_size);
    buffer.serving_starts();
    serve_message(orb, held->message, held->code_sets, channel, nullptr,
                  held->connection->mode());
    buffer.serving_ends();
  }
}

// On the thread that read `message` in a lane that buffers and has no thread to spare:
// holds the request, or refuses it with TRANSIENT when the buffer is full. False for what
// is not held (not a Request, or a connection nobody shares): it is served at once.
bool hold_or_refuse(OrbContext& orb, RequestBuffer& buffer, transport::Connection& connection,
                    std::span<const std::uint8_t> message, ConnectionCodeSets& code_sets) {
  const auto contexts = request_service_contexts(orb, message, connection.mode(), code_sets);
  if (!contexts) return false;
  auto shared = connection.weak_from_this().lock();
  if (!shared) return false;
  RequestBuffer::Held held{std::move(shared),
                           std::vector<std::uint8_t>(message.begin(), message.end()),
                           code_sets, buffer.priority_of(*contexts)};
  if (!buffer.hold(std::move(held))) {
    ConnectionChannel channel(connection, orb.options().fragment_size);
    refuse_request(orb, message, connection.mode(), channel,
                   CORBA::TRANSIENT(minor::transient_request_buffer_full,
                                    CORBA::CompletionStatus::COMPLETED_NO,
                                    "the lane's request buffer is full"));
  }
  return true;
}

// A reader whose connection has `limit` requests read and not answered: before it reads on,
// one of them must end. It serves what it holds itself and what the loop's queue holds (so
// that no request it waits for waits for it), and otherwise waits for the threads running
// them.
void wait_below_bound(ServerConnections::Use& use, UpcallThread& thread, UpcallQueue& queue,
                      std::size_t limit) noexcept {
  const int bound = static_cast<int>(limit);
  for (int busy = use.busy.load(std::memory_order_seq_cst); busy >= bound;
       busy = use.busy.load(std::memory_order_seq_cst)) {
    if (thread.serve_one(queue)) continue;
    use.waiting.fetch_add(1, std::memory_order_seq_cst);
    busy = use.busy.load(std::memory_order_seq_cst);
    if (busy >= bound) use.busy.wait(busy, std::memory_order_seq_cst);
    use.waiting.fetch_sub(1, std::memory_order_seq_cst);
  }
}

// On a pool or lane thread that may leave the upcall for after its turn at the event loop:
// keeps a two-way request of `connection` for later (the thread's own slot, or the loop's
// queue when the slot is taken) so that the connection is read on meanwhile. False when
// the request is served here and now: anything but a GIOP 1.2 two-way request (oneways
// keep their order), or a connection with `limit` requests in progress already (its
// reader then serves, and reads on only after: the back-pressure).
bool defer(ConnectionState& state, UpcallQueue& queue, std::size_t limit,
           transport::Connection& connection, std::span<const std::uint8_t> message) {
  UpcallThread* thread = UpcallThread::current();
  if (thread == nullptr || connection.mode() != giop::HeaderMode::standard ||
      !runs_beside_others(message)) {
    return false;
  }
  if (state.use == nullptr) {
    // The connection's first request chooses its code sets (CORBA 3.x, 13.10.2.6): read
    // here, in order, since later requests are served from a copy of them.
    request_service_contexts(state.owner->orb(), message, connection.mode(), state.code_sets);
  } else {
    wait_below_bound(*state.use, *thread, queue, limit);
  }
  auto shared = connection.weak_from_this().lock();
  if (!shared) return false;
  state.owner->started(&connection, state.use);
  // The slot only while nothing older waits in the queue: a thread serves its slot first.
  const bool own_slot = !thread->holding() && queue.empty();
  DeferredUpcall spare;
  DeferredUpcall& request = own_slot ? thread->slot() : spare;
  request.connection = std::move(shared);
  request.use = state.use;
  request.owner = state.owner;
  request.code_sets = state.code_sets;
  request.message.assign(message.begin(), message.end());
  if (own_slot) {
    thread->hold();
  } else {
    try {
      queue.push(request);
    } catch (...) {
      serve_deferred(request);  // out of memory: served here after all
    }
  }
  return true;
}

}  // namespace

transport::MessageHandler ServerConnections::handler(RequestBuffer* buffer, UpcallQueue* queue) {
  const std::size_t limit = orb_.options().max_threads_per_connection;
  if (limit <= 1 || buffer != nullptr) queue = nullptr;
  return [state = ConnectionState(*this), buffer, queue, limit](
             transport::Connection& connection, std::span<const std::uint8_t> message) mutable {
    state.connection = &connection;
    OrbContext& orb = state.owner->orb();
    if (queue != nullptr && defer(state, *queue, limit, connection, message)) return;
    if (buffer != nullptr && !buffer->serve_at_once() &&
        hold_or_refuse(orb, *buffer, connection, message, state.code_sets)) {
      if (buffer->reader_serves()) serve_held(orb, *buffer);
      return;
    }
    state.owner->started(&connection, state.use);
    ConnectionChannel channel(connection, orb.options().fragment_size);
    if (buffer != nullptr) buffer->serving_starts();
    serve_message(orb, message, state.code_sets, channel, connection.rest(), connection.mode());
    state.owner->finished(&connection, *state.use);
    if (buffer != nullptr) {
      buffer->serving_ends();
      serve_held(orb, *buffer);
    }
  };
}

void ServerConnections::say_close(transport::Connection& connection) noexcept {
  try {
    if (orb_.logger().enabled(log_connections)) {
      orb_.logger().write_line("saying CloseConnection on " + connection.describe());
    }
    cdr::OutputStream os;
    const auto start = giop::encode_close_connection(os, {giop::giop_1_2, connection.mode()});
    giop::end_message(os, start);
    connection.send(os);
  } catch (...) {
    // Closing anyway.
  }
  connection.close();
}

void ServerConnections::started(transport::Connection* connection, std::shared_ptr<Use>& use) {
  if (use == nullptr) {
    std::lock_guard lock(mutex_);
    auto& entry = live_[connection];
    if (!entry) entry = std::make_shared<Use>();
    use = entry;
  }
  use->busy.fetch_add(1, std::memory_order_seq_cst);
}

void ServerConnections::finished(transport::Connection* connection, Use& use) noexcept {
  // seq_cst pairs with close_all: either it sees this connection busy (and leaves the
  // close to us), or we see closing_ and close it. Likewise with a reader at the bound:
  // either it sees busy fall, or we see it waiting and wake it.
  const int before = use.busy.fetch_sub(1, std::memory_order_seq_cst);
  if (use.waiting.load(std::memory_order_seq_cst) > 0) use.busy.notify_all();
  if (before == 1 &&
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
    if (use->busy.load(std::memory_order_seq_cst) == 0) {
      say_close(*connection);
    } else {
      use->close_requested.store(true, std::memory_order_seq_cst);
    }
  }
}

}  // namespace rtorb::orb
