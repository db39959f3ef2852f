// The server request path: one complete GIOP message in, at most one message out
// (docs/orb.md, "server request path"). Used by connections the reactor reads and, for
// collocated calls, by the invoking thread itself.
#pragma once

#include <rtorb/cdr/code_set.hpp>
#include <rtorb/cdr/message_rest.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/exception.hpp>

#include <cstdint>
#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <mutex>
#include <optional>
#include <span>

#include "giop/service_context.hpp"
#include "transport/connection.hpp"
#include "transport/pi_mutex.hpp"
#include "transport/server_handlers.hpp"

namespace rtorb::orb {

class OrbContext;
class RequestBuffer;
class UpcallQueue;

// Where the answer to a message goes.
class ReplyChannel {
 public:
  virtual void send(const cdr::OutputStream& message) = 0;
  // After MessageError or the peer's CloseConnection.
  virtual void close() noexcept = 0;
  // Who is at the other end, for the log ("connection from 127.0.0.1:5555"); asked only
  // when a line is written.
  virtual std::string peer() const { return "a collocated caller"; }
  // A channel that can still send the reply to the message being served after
  // serve_message has returned (a deferred reply, AMH), holding what it needs (the
  // connection, or the collocated caller that waits); null when there is none.
  virtual std::shared_ptr<ReplyChannel> keep_for_later() { return nullptr; }

 protected:
  ~ReplyChannel() = default;
};

// What a connection remembers between messages: the code sets its client chose (from the
// first CodeSets service context).
struct ConnectionCodeSets {
  cdr::CodeSetContext code_sets = {};
};

// Serves one whole (reassembled) message: Request, LocateRequest, CancelRequest,
// CloseConnection, MessageError; anything else or a malformed message is answered with
// MessageError and the channel is closed. With `rest`, the message is still arriving (see
// giop::decode_message). `mode`: how the connection frames messages (its endpoint's); the
// answer is framed the same way. Never throws.
void serve_message(OrbContext& orb, std::span<const std::uint8_t> message,
                   ConnectionCodeSets& state, ReplyChannel& channel,
                   cdr::MessageRest* rest = nullptr,
                   giop::HeaderMode mode = giop::HeaderMode::standard) noexcept;

// For a lane that holds requests back (RequestBuffer): the service contexts of `message`
// if it is a Request (remembering the code sets it chooses in `state`, as serve_message
// would), nullopt for any other message or one that serve_message should answer.
std::optional<giop::ServiceContextList> request_service_contexts(
    const OrbContext& orb, std::span<const std::uint8_t> message, giop::HeaderMode mode,
    ConnectionCodeSets& state) noexcept;
// Answers the Request `message` (request_service_contexts accepted it) with `reason`,
// unless it expects no reply.
void refuse_request(const OrbContext& orb, std::span<const std::uint8_t> message,
                    giop::HeaderMode mode, ReplyChannel& channel,
                    const CORBA::SystemException& reason) noexcept;

// Around serving a collocated request on the caller's thread (serving_collocated_request).
class CollocatedServing {
 public:
  CollocatedServing() noexcept;
  CollocatedServing(const CollocatedServing&) = delete;
  CollocatedServing& operator=(const CollocatedServing&) = delete;
  ~CollocatedServing();

 private:
  bool previous_;
};

// True while the calling thread runs an upcall of `orb` (shutdown(true) must refuse).
bool in_upcall_of(const OrbContext& orb) noexcept;

// Sends a reply on `connection`, in fragments of fragment_size (0: never) where GIOP
// allows; a peer that went away gets nothing and the connection is closed.
void send_reply(transport::Connection& connection, const cdr::OutputStream& message,
                std::size_t fragment_size) noexcept;
// The channel of a reply sent after its request was served (AMH), keeping `connection`.
std::shared_ptr<ReplyChannel> keep_connection_for_later(
    std::shared_ptr<transport::Connection> connection, std::size_t fragment_size);

// The server connections of one ORB: hands the transport a message handler with state per
// connection, and remembers every connection that has sent a request so shutdown can
// say CloseConnection on it.
class ServerConnections {
 public:
  explicit ServerConnections(OrbContext& orb) : orb_(orb) {}
  ServerConnections(const ServerConnections&) = delete;
  ServerConnections& operator=(const ServerConnections&) = delete;

  // With `buffer`, for a lane that holds requests it has no thread for (RequestBuffer).
  // With `queue`, the event loop's threads serve the two-way requests of one connection
  // side by side (upcall_handoff.hpp), up to -ORBMaxThreadsPerConnection at once.
  transport::MessageHandler handler(RequestBuffer* buffer = nullptr, UpcallQueue* queue = nullptr);
  // Sends CloseConnection on every known connection with no request in progress and
  // closes it; the others are closed the same way once their request is answered
  // (CORBA 3.x, 15.5.1: a server closes only connections with nothing outstanding).
  void close_all() noexcept;

  // What is known of one connection; shared with the requests of it still to be served.
  struct Use {
    std::atomic<int> busy{0};  // requests read and not yet answered (waited on at the bound)
    std::atomic<int> waiting{0};  // readers waiting for busy to fall below the bound
    std::atomic<bool> close_requested{false};
  };

  // Around serving one message on `connection`. The first call registers it (one lock);
  // after that `use` is kept by the caller and no lock is taken unless close_all() came.
  // finished() closes the connection if close_all() came meanwhile.
  void started(transport::Connection* connection, std::shared_ptr<Use>& use);
  void finished(transport::Connection* connection, Use& use) noexcept;
  void remove(transport::Connection* connection) noexcept;
  OrbContext& orb() noexcept { return orb_; }

 private:
  void say_close(transport::Connection& connection) noexcept;

  OrbContext& orb_;
  transport::PiMutex mutex_;  // guards live_ (the map; the counters in it are atomic)
  std::map<transport::Connection*, std::shared_ptr<Use>> live_;
  std::atomic<bool> closing_{false};
};

}  // namespace rtorb::orb
