#include "transport/connection_cache.hpp"

#include <algorithm>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

namespace rtorb::transport {

ConnectionCache::Lease::~Lease() {
  if (connection_) cache_->release(key_, std::move(connection_));
}

void ConnectionCache::Lease::discard() noexcept {
  if (connection_) connection_->close();
}

ConnectionCache::Lease ConnectionCache::acquire(const CacheKey& key) {
  {
    std::lock_guard lock(mutex_);
    auto [first, last] = idle_.equal_range(key);
    while (first != last) {
      auto connection = std::move(first->second.connection);
      first = idle_.erase(first);
      if (!connection->closed()) {
        ++leased_;
        return Lease(*this, key, std::move(connection));
      }
    }
    if (leased_ + idle_.size() >= options_.max_connections && !evict_oldest_idle()) {
      raise<CORBA::TRANSIENT>(minor::transient_connection_limit,
                              "connection limit of " +
                                  std::to_string(options_.max_connections) +
                                  " reached and every connection is in use");
    }
    ++leased_;  // the slot is taken before connecting, outside the lock
  }
  try {
    return Lease(*this, key, connect(key.endpoint, options_.connect));
  } catch (...) {
    std::lock_guard lock(mutex_);
    --leased_;
    throw;
  }
}

bool ConnectionCache::evict_oldest_idle() {
  if (idle_.empty()) return false;
  auto oldest = std::min_element(idle_.begin(), idle_.end(), [](const auto& a, const auto& b) {
    return a.second.since < b.second.since;
  });
  idle_.erase(oldest);
  return true;
}

void ConnectionCache::release(const CacheKey& key,
                              std::unique_ptr<Connection> connection) noexcept {
  std::lock_guard lock(mutex_);
  --leased_;
  if (connection->closed()) return;
  try {
    idle_.emplace(key, Idle{std::move(connection), Clock::now()});
  } catch (...) {
    // Out of memory while caching: the connection is simply closed.
  }
}

std::size_t ConnectionCache::close_idle(Clock::time_point now) {
  std::lock_guard lock(mutex_);
  return std::erase_if(idle_, [&](const auto& entry) {
    return entry.second.connection->closed() ||
           entry.second.since + options_.idle_timeout <= now;
  });
}

std::size_t ConnectionCache::size() const {
  std::lock_guard lock(mutex_);
  return leased_ + idle_.size();
}

std::size_t ConnectionCache::idle_count() const {
  std::lock_guard lock(mutex_);
  return idle_.size();
}

}  // namespace rtorb::transport
