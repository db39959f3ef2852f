// The client side's connection state: the connection cache the exclusive strategy leases
// from, the shared connections of the multiplexed strategy and of AMI, the socket options
// new connections get, the flusher of buffered oneways, request ids and the expiry of idle
// connections (docs/orb.md, "Parts of the core"). Invocations pick their connection here.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "transport/connection_cache.hpp"
#include "transport/endpoint.hpp"
#include "transport/oneway_flusher.hpp"

namespace rtorb::orb {

class OrbContext;
class MultiplexedConnection;
class AsyncConnection;

// Lock rules: the cache and the flusher lock themselves; multiplexed_mutex_ guards
// multiplexed_ and async_mutex_ guards async_, neither held while connecting (two threads
// may race; one connection wins) nor while an AMI connection closes (its handlers may run
// user code). Request ids and the idle check are atomics: the request path takes no lock
// here but the cache's own.
class ClientSide {
 public:
  // Reads `orb`'s options and logger, which must be constructed already.
  explicit ClientSide(OrbContext& orb);
  ClientSide(const ClientSide&) = delete;
  ClientSide& operator=(const ClientSide&) = delete;
  ~ClientSide();

  transport::ConnectionCache& connections() noexcept { return connections_; }
  // Writes the client connections' buffered oneways nobody else flushes (docs/messaging.md).
  transport::OnewayFlusher& oneway_flusher() noexcept { return *oneway_flusher_; }
  // -ORBClientStrategy multiplexed: the shared connection to `endpoint` (opened or
  // replaced when needed). Raises transport::connect's TRANSIENT.
  std::shared_ptr<MultiplexedConnection> multiplexed_connection(
      const transport::Endpoint& endpoint);
  // The connection AMI requests to `endpoint` share (opened, within `connect_timeout`, or
  // replaced when needed; async_connection.hpp). Raises transport::connect's TRANSIENT,
  // BAD_INV_ORDER after shutdown (no event loop would read the replies).
  std::shared_ptr<AsyncConnection> async_connection(const transport::Endpoint& endpoint,
                                                    std::chrono::milliseconds connect_timeout);

  // What the sockets of new client connections are set up with (-ORBSocketOptions at
  // first); a layer above may change it (ClientProtocolPolicy at the ORB level). Open
  // connections keep what they have.
  transport::SocketOptionsCell& socket_options() noexcept { return *sockets_; }
  const std::shared_ptr<transport::SocketOptionsCell>& socket_options_cell() const noexcept {
    return sockets_;
  }

  // Closes idle client connections past -ORBConnectionIdleTimeout; cheap to call on every
  // request (it looks at the cache at most twice per idle period).
  void expire_idle_connections() noexcept;
  std::uint32_t next_request_id() noexcept {
    return next_request_id_.fetch_add(1, std::memory_order_relaxed);
  }

  // ORB::destroy: closes the multiplexed and AMI connections (outstanding AMI requests are
  // dropped), stops the flusher and closes every idle cached connection.
  void close_all();

 private:
  OrbContext& orb_;
  const std::shared_ptr<transport::SocketOptionsCell> sockets_;  // before connections_
  // Before connections_: its connections tell it when they go.
  const std::shared_ptr<transport::OnewayFlusher> oneway_flusher_;
  transport::ConnectionCache connections_;
  std::atomic<std::uint32_t> next_request_id_{1};
  std::atomic<std::int64_t> next_idle_check_{0};  // steady_clock ticks
  std::mutex multiplexed_mutex_;
  std::map<transport::Endpoint, std::shared_ptr<MultiplexedConnection>> multiplexed_;
  std::mutex async_mutex_;
  std::map<transport::Endpoint, std::shared_ptr<AsyncConnection>> async_;
};

}  // namespace rtorb::orb
