#include "transport/connection_cache.hpp"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

namespace rtorb::transport {

ConnectionCache::Clock::time_point ConnectionCache::coarse_now() noexcept {
  ::timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return Clock::time_point(std::chrono::duration_cast<Clock::duration>(
      std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec)));
}

ConnectionCache::Lease::~Lease() {
  if (!connection_) return;
  // A reply its reader left in the socket (it failed part-way): the server may be blocked
  // writing the rest, and the next request on this connection would wait behind it.
  if (connection_->rest() != nullptr) connection_->close();
  cache_->release(*bucket_, std::move(connection_));
}

void ConnectionCache::Lease::discard() noexcept {
  if (connection_) connection_->close();
}

ConnectionCache::ConnectionCache(CacheOptions options)
    : options_(std::move(options)), id_([] {
        static std::atomic<std::uint64_t> next{1};
        return next.fetch_add(1, std::memory_order_relaxed);
      }()) {}

ConnectionCache::Bucket& ConnectionCache::bucket_for(const CacheKey& key) {
  auto it = buckets_.find(key);
  if (it == buckets_.end()) it = buckets_.try_emplace(key, id_).first;
  key.hint.bucket_.store(&it->second, std::memory_order_release);
  return it->second;
}

ConnectionCache::Lease ConnectionCache::acquire(const CacheKey& key) {
  // The bucket is only read here after the release store that published it; its cache id
  // never changes, so a hint left by another cache is told apart without the lock.
  Bucket* bucket = key.hint.bucket_.load(std::memory_order_acquire);
  if (bucket != nullptr && bucket->cache_id_ == id_) {
    if (auto connection = take_parked(*bucket)) {
      if (usable(*connection, parked_since(*bucket))) {
        return Lease(*this, *bucket, std::move(connection));
      }
      std::lock_guard lock(mutex_);
      --leased_;  // closed while parked: it goes
    }
  }
  return acquire_locked(key, options_.connect);
}

ConnectionCache::Lease ConnectionCache::acquire(const CacheKey& key,
                                                std::chrono::milliseconds connect_timeout) {
  if (auto lease = acquire_existing(key)) return std::move(*lease);
  ConnectOptions connect = options_.connect;
  connect.timeout = std::min(connect.timeout, std::max(connect_timeout, std::chrono::milliseconds(1)));
  return acquire_locked(key, connect);
}

std::optional<ConnectionCache::Lease> ConnectionCache::acquire_existing(const CacheKey& key) {
  std::lock_guard lock(mutex_);
  return take_open_locked(bucket_for(key));
}

std::optional<ConnectionCache::Lease> ConnectionCache::take_open_locked(Bucket& bucket) {
  if (auto connection = take_parked(bucket)) {
    if (usable(*connection, parked_since(bucket))) return Lease(*this, bucket, std::move(connection));
    --leased_;
  }
  auto& idle = bucket.idle_;
  while (!idle.empty()) {
    auto connection = std::move(idle.back().connection);
    const auto since = idle.back().since;
    idle.pop_back();
    --idle_count_;
    if (usable(*connection, since)) {
      ++leased_;
      return Lease(*this, bucket, std::move(connection));
    }
  }
  return std::nullopt;
}

bool ConnectionCache::usable(Connection& connection, Clock::time_point since) noexcept {
  if (connection.closed()) return false;
  return coarse_now() - since < recheck_after_idle || !connection.peer_went_away();
}

// Read after taking the slot: at least the time its connection was parked, or later if
// another was parked since (then the check may be skipped; it is a safeguard, not a proof).
ConnectionCache::Clock::time_point ConnectionCache::parked_since(const Bucket& bucket) noexcept {
  return Clock::time_point(Clock::duration(bucket.hot_since_.load(std::memory_order_relaxed)));
}

std::unique_ptr<Connection> ConnectionCache::take_parked(Bucket& bucket) noexcept {
  return std::unique_ptr<Connection>(bucket.hot_.exchange(nullptr, std::memory_order_acquire));
}

ConnectionCache::Lease ConnectionCache::acquire_locked(const CacheKey& key,
                                                       const ConnectOptions& connect_options) {
  Bucket* bucket = nullptr;
  {
    std::lock_guard lock(mutex_);
    bucket = &bucket_for(key);
    if (auto lease = take_open_locked(*bucket)) return std::move(*lease);
    if (leased_ + idle_count_ >= options_.max_connections && !evict_oldest_idle()) {
      raise<CORBA::TRANSIENT>(minor::transient_connection_limit,
                              "connection limit of " +
                                  std::to_string(options_.max_connections) +
                                  " reached and every connection is in use");
    }
    ++leased_;  // the slot is taken before connecting, outside the lock
  }
  try {
    if (!key.socket_options) return Lease(*this, *bucket, connect(key.endpoint, connect_options));
    ConnectOptions with_socket_options = connect_options;
    with_socket_options.connection.socket_options = key.socket_options;
    return Lease(*this, *bucket, connect(key.endpoint, with_socket_options));
  } catch (...) {
    std::lock_guard lock(mutex_);
    --leased_;
    throw;
  }
}

void ConnectionCache::spill_hot_locked() noexcept {
  for (auto& [key, bucket] : buckets_) {
    auto connection = take_parked(bucket);
    if (!connection) continue;
    --leased_;
    keep_idle_locked(bucket, std::move(connection), parked_since(bucket));
  }
}

void ConnectionCache::keep_idle_locked(Bucket& bucket, std::unique_ptr<Connection> connection,
                                       Clock::time_point since) noexcept {
  try {
    bucket.idle_.push_back({std::move(connection), since});
    ++idle_count_;
  } catch (...) {
    // Out of memory while caching: the connection is simply closed.
  }
}

bool ConnectionCache::evict_oldest_idle() {
  spill_hot_locked();
  std::vector<Bucket::Idle>* oldest_list = nullptr;
  std::size_t oldest = 0;
  for (auto& [key, bucket] : buckets_) {
    auto& list = bucket.idle_;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (oldest_list == nullptr || list[i].since < (*oldest_list)[oldest].since) {
        oldest_list = &list;
        oldest = i;
      }
    }
  }
  if (oldest_list == nullptr) return false;
  oldest_list->erase(oldest_list->begin() + static_cast<std::ptrdiff_t>(oldest));
  --idle_count_;
  return true;
}

void ConnectionCache::release(Bucket& bucket, std::unique_ptr<Connection> connection) noexcept {
  // The time is read outside the lock; it only orders and expires idle connections.
  const auto now = coarse_now();
  if (!connection->closed()) {
    bucket.hot_since_.store(now.time_since_epoch().count(), std::memory_order_relaxed);
    Connection* expected = nullptr;
    if (bucket.hot_.compare_exchange_strong(expected, connection.get(),
                                            std::memory_order_release,
                                            std::memory_order_relaxed)) {
      connection.release();  // the slot owns it now
      return;
    }
  }
  std::lock_guard lock(mutex_);
  --leased_;
  if (!connection->closed()) keep_idle_locked(bucket, std::move(connection), now);
}

std::size_t ConnectionCache::close_idle(Clock::time_point now) {
  std::lock_guard lock(mutex_);
  spill_hot_locked();
  std::size_t closed = 0;
  for (auto& [key, bucket] : buckets_) {
    closed += std::erase_if(bucket.idle_, [&](const Bucket::Idle& idle) {
      return idle.connection->closed() || idle.since + options_.idle_timeout <= now;
    });
  }
  idle_count_ -= closed;
  return closed;
}

std::size_t ConnectionCache::size() const {
  std::lock_guard lock(mutex_);
  return leased_ + idle_count_;
}

std::size_t ConnectionCache::idle_count() const {
  std::lock_guard lock(mutex_);
  std::size_t parked = 0;
  for (const auto& [key, bucket] : buckets_) {
    parked += bucket.hot_.load(std::memory_order_relaxed) != nullptr ? 1 : 0;
  }
  return idle_count_ + parked;
}

}  // namespace rtorb::transport
