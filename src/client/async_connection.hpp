// The connection asynchronous requests (AMI) to one endpoint share: requests go out on it
// from any thread, and the ORB's event loop reads its replies and hands each to the
// PendingReply registered under its request id (deliver_reply; docs/messaging.md, "AMI").
// A timer (a timerfd in the same loop) ends the requests whose RelativeRoundtripTimeout
// passes. It sends what it is given and knows nothing of invocations (async_call.cpp).
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/orb/async_reply.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "client/pending_reply.hpp"
#include "giop/fragments.hpp"
#include "giop/messages.hpp"
#include "transport/connection.hpp"
#include "transport/connector.hpp"
#include "transport/endpoint.hpp"
#include "transport/reactor.hpp"
#include "transport/socket.hpp"

namespace rtorb::orb {

class OrbContext;

class AsyncConnection : public std::enable_shared_from_this<AsyncConnection> {
 public:
  using Clock = PendingReply::Clock;

  // Connects (as `connect` says) and registers with `reactor`, the ORB's event loop. `orb`
  // is only handed on to deliver_reply and deliver_failure (for the reply's references
  // and the log): this connection asks nothing of it. Raises transport::connect's
  // TRANSIENT.
  static std::shared_ptr<AsyncConnection> open(OrbContext& orb, transport::Reactor& reactor,
                                               const transport::Endpoint& endpoint,
                                               const transport::ConnectOptions& connect);
  AsyncConnection(const AsyncConnection&) = delete;
  AsyncConnection& operator=(const AsyncConnection&) = delete;
  ~AsyncConnection();

  transport::Connection& connection() noexcept { return *connection_; }
  // False once the connection failed or was closed; the ORB opens another then.
  bool usable() const;
  std::size_t outstanding() const;

  // Registers request `id` before it is sent, so its reply cannot arrive unclaimed.
  void expect(std::uint32_t id, PendingReply pending);
  void forget(std::uint32_t id) noexcept;
  // Thread-safe send; raises Connection::send's COMM_FAILURE.
  void send(const cdr::OutputStream& request);
  // Called before each request: every `drain_every` calls it reads and dispatches the
  // replies already in (when no other thread is reading), so that a thread that only sends
  // cannot leave replies to fill the socket until the server, blocked writing them, stops
  // reading requests and the sender blocks too. Handlers may run on the caller's thread.
  void read_due_replies();
  static constexpr std::uint32_t drain_every = 64;
  // The ORB is going away: drops every pending request without calling its handler (the
  // handlers may hold references to this ORB) and leaves the reactor.
  void close() noexcept;

  // Reactor side (one thread at a time each). on_input: false once the connection ended.
  bool on_input();
  void on_timer();

 private:
  struct Private {};

 public:
  AsyncConnection(Private, OrbContext& orb, transport::Reactor& reactor,
                  std::unique_ptr<transport::Connection> connection,
                  std::uint32_t max_message_size);

 private:
  // Reads and dispatches while input may be pending, if no other thread is reading (one
  // reader at a time: reading_); false once the connection ended.
  bool drain();
  // The reader only: reads until the kernel has nothing more; false once the connection
  // ended (everyone pending has been told).
  bool read_all();
  void handle_message(std::span<const std::uint8_t> message);
  void handle_reply(const giop::Message& m);
  // Every pending request gets `failure`; the connection is closed. Not under mutex_.
  void fail_all(const CORBA::SystemException& failure);
  // Requires mutex_: removes id's deadline entry.
  void drop_deadline(std::uint32_t id, Clock::time_point deadline);
  // Requires mutex_: sets the timer for the earliest deadline (or disarms it).
  void arm_timer();

  OrbContext& orb_;  // for the deliveries only
  transport::Reactor& reactor_;
  const std::uint32_t max_message_size_;
  std::unique_ptr<transport::Connection> connection_;
  transport::Socket timer_;
  giop::FragmentAssembler assembler_;  // the reading thread only
  transport::Reactor::HandlerId input_id_ = 0;
  transport::Reactor::HandlerId timer_id_ = 0;
  std::atomic<bool> reading_{false};        // a thread is in read_all
  std::atomic<bool> input_pending_{false};  // input came (or may have) since the last read
  std::atomic<std::uint32_t> sends_{0};

  mutable std::mutex mutex_;  // guards the members below
  bool failed_ = false;
  std::unordered_map<std::uint32_t, PendingReply> pending_;
  std::multimap<Clock::time_point, std::uint32_t> deadlines_;
  Clock::time_point armed_{};  // what the timer is set for; {} disarmed
};

}  // namespace rtorb::orb
