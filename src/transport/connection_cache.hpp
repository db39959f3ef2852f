// Client connections keyed by (endpoint, priority band, private flag), with a bound and
// idle close (docs/transport.md).
#pragma once

#include <chrono>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "transport/connection.hpp"
#include "transport/connector.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::transport {

struct CacheKey {
  Endpoint endpoint;
  std::int32_t priority_band = 0;   // RT CORBA banded connections; 0 = the default band
  bool private_connection = false;  // RT CORBA private connections never share with others
  friend bool operator==(const CacheKey&, const CacheKey&) = default;
  friend auto operator<=>(const CacheKey&, const CacheKey&) = default;
};

struct CacheOptions {
  std::size_t max_connections = 1024;  // idle + leased
  std::chrono::milliseconds idle_timeout{60'000};
  ConnectOptions connect = {};
};

class ConnectionCache {
 public:
  using Clock = std::chrono::steady_clock;

  // Exclusive use of one connection; returned to the cache (idle) when destroyed unless
  // it was closed or discard()ed.
  class Lease {
   public:
    Lease(Lease&& other) noexcept = default;
    Lease& operator=(Lease&&) = delete;
    Lease(const Lease&) = delete;
    ~Lease();
    Connection& operator*() const noexcept { return *connection_; }
    Connection* operator->() const noexcept { return connection_.get(); }
    // Closes the connection instead of returning it (e.g. after a protocol error).
    void discard() noexcept;

   private:
    friend class ConnectionCache;
    Lease(ConnectionCache& cache, CacheKey key, std::unique_ptr<Connection> connection) noexcept
        : cache_(&cache), key_(std::move(key)), connection_(std::move(connection)) {}
    ConnectionCache* cache_;
    CacheKey key_;
    std::unique_ptr<Connection> connection_;
  };

  explicit ConnectionCache(CacheOptions options = {}) : options_(std::move(options)) {}
  ConnectionCache(const ConnectionCache&) = delete;
  ConnectionCache& operator=(const ConnectionCache&) = delete;
  // Every lease must have been destroyed first.
  ~ConnectionCache() = default;

  // An idle connection for `key`, or a new one. At the bound, the least recently used
  // idle connection is closed to make room; if none is idle, raises TRANSIENT
  // transient_connection_limit (COMPLETED_NO). connect()'s exceptions otherwise.
  Lease acquire(const CacheKey& key);

  // Closes idle connections unused since before `now - idle_timeout`; returns how many.
  std::size_t close_idle(Clock::time_point now = Clock::now());

  std::size_t size() const;  // idle + leased
  std::size_t idle_count() const;

 private:
  struct Idle {
    std::unique_ptr<Connection> connection;
    Clock::time_point since;
  };
  void release(const CacheKey& key, std::unique_ptr<Connection> connection) noexcept;
  // Requires mutex_. Closes the idle connection used least recently; false if none.
  bool evict_oldest_idle();

  CacheOptions options_;
  mutable std::mutex mutex_;  // guards idle_, leased_
  std::multimap<CacheKey, Idle> idle_;
  std::size_t leased_ = 0;
};

}  // namespace rtorb::transport
