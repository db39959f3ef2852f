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
#include <vector>

#include "transport/connection.hpp"
#include "transport/connector.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::transport {

// Where a key's idle list is in the cache that last looked the key up, so that the next
// acquire with the same key object skips the map search (its endpoint string compares:
// a few hundred instructions per call). Not part of the key's value: a copy starts empty,
// and comparisons ignore it. Read and written only under that cache's mutex; a key object
// is used with one cache at a time (a reference's target belongs to one ORB).
class CacheHint {
 public:
  CacheHint() = default;
  CacheHint(const CacheHint&) noexcept {}
  CacheHint& operator=(const CacheHint&) noexcept { return *this; }
  ~CacheHint() = default;
  friend bool operator==(const CacheHint&, const CacheHint&) noexcept { return true; }
  friend std::strong_ordering operator<=>(const CacheHint&, const CacheHint&) noexcept {
    return std::strong_ordering::equal;
  }

 private:
  friend class ConnectionCache;
  mutable std::uint64_t cache_id_ = 0;  // ConnectionCache ids start at 1
  mutable void* bucket_ = nullptr;
};

struct CacheKey {
  Endpoint endpoint;
  std::int32_t priority_band = 0;   // RT CORBA banded connections; 0 = the default band
  bool private_connection = false;  // RT CORBA private connections never share with others
  CacheHint hint{};                 // not part of the value
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
    Lease(ConnectionCache& cache, void* bucket, std::unique_ptr<Connection> connection) noexcept
        : cache_(&cache), bucket_(bucket), connection_(std::move(connection)) {}
    ConnectionCache* cache_;
    void* bucket_;  // the cache's idle list for this key (stable: never erased)
    std::unique_ptr<Connection> connection_;
  };

  // The clock's time to a few milliseconds, without a clock read on the hardware
  // (CLOCK_MONOTONIC_COARSE, the same epoch as steady_clock on Linux): enough to order
  // idle connections and to expire them, cheap enough for every call.
  static Clock::time_point coarse_now() noexcept;

  explicit ConnectionCache(CacheOptions options = {});
  ConnectionCache(const ConnectionCache&) = delete;
  ConnectionCache& operator=(const ConnectionCache&) = delete;
  // Every lease must have been destroyed first.
  ~ConnectionCache() = default;

  // An idle connection for `key`, or a new one. Remembers where the key's list is in
  // key.hint, so the next acquire with this key object finds it without searching. At the bound, the least recently used
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
  // Idle connections of one key, most recently used last. A key's list stays once made
  // (its capacity too), so a lease and its return allocate nothing in steady state.
  using IdleList = std::vector<Idle>;
  void release(IdleList& list, std::unique_ptr<Connection> connection) noexcept;
  // Requires mutex_. Closes the idle connection used least recently; false if none.
  bool evict_oldest_idle();

  // Requires mutex_. The key's idle list, made if new (lists are never erased, so a hint
  // to one stays valid as long as this cache).
  IdleList& list_for(const CacheKey& key);

  CacheOptions options_;
  const std::uint64_t id_;    // names this cache in key hints (never reused, unlike `this`)
  mutable std::mutex mutex_;  // guards idle_, idle_count_, leased_ and the hints of keys
  std::map<CacheKey, IdleList> idle_;
  std::size_t idle_count_ = 0;
  std::size_t leased_ = 0;
};

}  // namespace rtorb::transport
