// The client side's connection state: the cache, the shared connections and idle expiry.
#include "client/client_side.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>

#include "client/async_connection.hpp"
#include "client/multiplexed_connection.hpp"
#include "core/orb_context.hpp"
#include "server/server_side.hpp"
#include "transport/connector.hpp"

namespace rtorb::orb {
namespace {

transport::CacheOptions cache_options(const OrbContext& orb,
                                      std::shared_ptr<transport::SocketOptionsCell> sockets,
                                      std::shared_ptr<transport::OnewayFlusher> flusher) {
  const OrbOptions& o = orb.options();
  transport::CacheOptions c;
  c.max_connections = o.max_connections;
  c.idle_timeout = o.connection_idle_timeout;
  c.connect.timeout = o.connect_timeout;
  c.connect.connection = orb.connection_options(std::move(sockets));
  c.connect.connection.flusher = std::move(flusher);
  return c;
}

}  // namespace

ClientSide::ClientSide(OrbContext& orb)
    : orb_(orb),
      sockets_(std::make_shared<transport::SocketOptionsCell>(orb.options().socket_options)),
      oneway_flusher_(std::make_shared<transport::OnewayFlusher>()),
      connections_(cache_options(orb, sockets_, oneway_flusher_)) {}

ClientSide::~ClientSide() = default;

void ClientSide::expire_idle_connections() noexcept {
  const auto now = transport::ConnectionCache::coarse_now();  // every call asks: cheap clock
  const std::int64_t ticks = now.time_since_epoch().count();
  std::int64_t due = next_idle_check_.load(std::memory_order_relaxed);
  if (ticks < due) return;
  const auto period = std::chrono::duration_cast<transport::ConnectionCache::Clock::duration>(
      std::max(orb_.options().connection_idle_timeout / 2, std::chrono::milliseconds(1)));
  if (!next_idle_check_.compare_exchange_strong(due, ticks + period.count())) return;
  connections_.close_idle(now);
}

std::shared_ptr<MultiplexedConnection> ClientSide::multiplexed_connection(
    const transport::Endpoint& endpoint) {
  {
    std::lock_guard lock(multiplexed_mutex_);
    if (auto it = multiplexed_.find(endpoint); it != multiplexed_.end() && it->second->usable())
      return it->second;
  }
  // Connecting happens outside the lock; two threads may race and one connection wins.
  transport::ConnectOptions connect;
  connect.timeout = orb_.options().connect_timeout;
  connect.connection = orb_.connection_options(sockets_);
  auto fresh = std::make_shared<MultiplexedConnection>(transport::connect(endpoint, connect),
                                                       orb_.options().max_message_size);
  std::lock_guard lock(multiplexed_mutex_);
  auto& slot = multiplexed_[endpoint];
  if (!slot || !slot->usable()) slot = std::move(fresh);
  return slot;
}

std::shared_ptr<AsyncConnection> ClientSide::async_connection(
    const transport::Endpoint& endpoint, std::chrono::milliseconds connect_timeout) {
  if (orb_.shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown,
                                "the ORB has shut down: no event loop would read AMI replies");
  }
  {
    std::lock_guard lock(async_mutex_);
    if (auto it = async_.find(endpoint); it != async_.end() && it->second->usable())
      return it->second;
  }
  // Connecting happens outside the lock; two threads may race and one connection wins.
  transport::ConnectOptions connect;
  connect.timeout = connect_timeout;
  connect.connection.limits.max_message_size = orb_.options().max_message_size;
  connect.connection.socket_options = sockets_;
  connect.connection.log = orb_.logger_pointer();
  auto fresh = AsyncConnection::open(orb_, orb_.server().reactor(), endpoint, connect);
  std::lock_guard lock(async_mutex_);
  auto& slot = async_[endpoint];
  if (slot && slot->usable()) {
    fresh->close();
    return slot;
  }
  if (slot) slot->close();
  slot = std::move(fresh);
  return slot;
}

void ClientSide::close_all() {
  {
    std::lock_guard lock(multiplexed_mutex_);
    for (auto& [endpoint, connection] : multiplexed_) connection->connection().close();
    multiplexed_.clear();
  }
  {
    // AMI requests still outstanding are dropped: their handlers could only be called
    // into an ORB that is gone. Dropping a handler may run user code (a coroutine's reply
    // slot resumes it with an exception), so not under async_mutex_.
    decltype(async_) async;
    {
      std::lock_guard lock(async_mutex_);
      async.swap(async_);
    }
    for (auto& [endpoint, connection] : async) connection->close();
  }
  // Buffered oneways get one last write that does not wait (Connection's destructor); a
  // caller that must know they left calls Rtorb::flush first.
  oneway_flusher_->stop();
  connections_.close_idle(transport::ConnectionCache::Clock::time_point::max());
}

}  // namespace rtorb::orb
