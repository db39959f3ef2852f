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
  if (connection_) cache_->release(*static_cast<IdleList*>(bucket_), std::move(connection_));
}

void ConnectionCache::Lease::discard() noexcept {
  if (connection_) connection_->close();
}

ConnectionCache::ConnectionCache(CacheOptions options)
    : options_(std::move(options)), id_([] {
        static std::atomic<std::uint64_t> next{1};
        return next.fetch_add(1, std::memory_order_relaxed);
      }()) {}

ConnectionCache::IdleList& ConnectionCache::list_for(const CacheKey& key) {
  if (key.hint.cache_id_ == id_) return *static_cast<IdleList*>(key.hint.bucket_);
  auto it = idle_.find(key);
  if (it == idle_.end()) it = idle_.try_emplace(key).first;
  key.hint.cache_id_ = id_;
  key.hint.bucket_ = &it->second;
  return it->second;
}

ConnectionCache::Lease ConnectionCache::acquire(const CacheKey& key) {
  IdleList* list = nullptr;
  {
    std::lock_guard lock(mutex_);
    list = &list_for(key);
    while (!list->empty()) {
      auto connection = std::move(list->back().connection);
      list->pop_back();
      --idle_count_;
      if (!connection->closed()) {
        ++leased_;
        return Lease(*this, list, std::move(connection));
      }
    }
    if (leased_ + idle_count_ >= options_.max_connections && !evict_oldest_idle()) {
      raise<CORBA::TRANSIENT>(minor::transient_connection_limit,
                              "connection limit of " +
                                  std::to_string(options_.max_connections) +
                                  " reached and every connection is in use");
    }
    ++leased_;  // the slot is taken before connecting, outside the lock
  }
  try {
    return Lease(*this, list, connect(key.endpoint, options_.connect));
  } catch (...) {
    std::lock_guard lock(mutex_);
    --leased_;
    throw;
  }
}

bool ConnectionCache::evict_oldest_idle() {
  IdleList* oldest_list = nullptr;
  std::size_t oldest = 0;
  for (auto& [key, list] : idle_) {
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

void ConnectionCache::release(IdleList& list, std::unique_ptr<Connection> connection) noexcept {
  // The time is read outside the lock; it only orders and expires idle connections.
  const auto now = coarse_now();
  std::lock_guard lock(mutex_);
  --leased_;
  if (connection->closed()) return;
  try {
    list.push_back(Idle{std::move(connection), now});
    ++idle_count_;
  } catch (...) {
    // Out of memory while caching: the connection is simply closed.
  }
}

std::size_t ConnectionCache::close_idle(Clock::time_point now) {
  std::lock_guard lock(mutex_);
  std::size_t closed = 0;
  for (auto& [key, list] : idle_) {
    closed += std::erase_if(list, [&](const Idle& idle) {
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
  return idle_count_;
}

}  // namespace rtorb::transport
