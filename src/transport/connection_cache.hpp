// Client connections keyed by (endpoint, priority band, private owner, socket options), with
// a bound and idle close (docs/transport.md).
#pragma once

#include <atomic>
#include <chrono>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <mutex>
#include <vector>

#include "transport/connection.hpp"
#include "transport/connector.hpp"
#include "transport/endpoint.hpp"
#include "transport/pi_mutex.hpp"

namespace rtorb::transport {

class ConnectionCacheBucket;

// Where a key's connections are in the cache that last looked the key up, so that the next
// acquire with the same key object skips the map search (its endpoint string compares:
// a few hundred instructions per call) and the mutex. Not part of the key's value: a copy
// starts empty, and comparisons ignore it. A key object is used with one cache at a time
// (a reference's target belongs to one ORB); the bucket names its cache, so a hint left
// by another cache is seen as such and ignored.
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
  mutable std::atomic<ConnectionCacheBucket*> bucket_{nullptr};
};

struct CacheKey {
  Endpoint endpoint;
  std::int32_t priority_band = 0;   // RT CORBA banded connections; 0 = the default band
  // RT CORBA PrivateConnectionPolicy: the reference whose connections these are, which no
  // other reference shares; 0 for connections every reference may share.
  std::uint64_t private_owner = 0;
  // What the key's sockets are set up with when they are opened (RT CORBA
  // ClientProtocolPolicy on a reference); null: the cache's connect options. Compared by
  // identity: whoever sets it hands equal options out as one cell, so that they share.
  std::shared_ptr<SocketOptionsCell> socket_options{};
  CacheHint hint{};                 // not part of the value
  friend bool operator==(const CacheKey&, const CacheKey&) = default;
  friend auto operator<=>(const CacheKey&, const CacheKey&) = default;
};

// The connections of one key. The hot slot holds the connection given back last while
// the slot was empty: a lease and its return in steady state are one atomic exchange
// each, with no lock (docs/transport.md). Everything else waits in the idle list, most
// recently used last; its capacity stays, so neither path allocates in steady state.
class ConnectionCacheBucket {
 public:
  explicit ConnectionCacheBucket(std::uint64_t cache_id) noexcept : cache_id_(cache_id) {}
  ConnectionCacheBucket(const ConnectionCacheBucket&) = delete;
  ConnectionCacheBucket& operator=(const ConnectionCacheBucket&) = delete;
  ~ConnectionCacheBucket() { delete hot_.load(std::memory_order_acquire); }

 private:
  friend class ConnectionCache;
  using Clock = std::chrono::steady_clock;
  struct Idle {
    std::unique_ptr<Connection> connection;
    Clock::time_point since;
  };
  const std::uint64_t cache_id_;
  std::atomic<Connection*> hot_{nullptr};  // owned
  // When hot_'s connection was given back, or later: a return that finds the slot taken
  // has written it too, which can only delay that connection's expiry, never hasten it.
  std::atomic<Clock::rep> hot_since_{0};
  std::vector<Idle> idle_;  // guarded by the cache's mutex
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
    // Closes the connection instead of returning it (e.g. after a protocol error). A lease
    // that ends with a message still arriving (Connection::rest()) closes it too.
    void discard() noexcept;

   private:
    friend class ConnectionCache;
    Lease(ConnectionCache& cache, ConnectionCacheBucket& bucket,
          std::unique_ptr<Connection> connection) noexcept
        : cache_(&cache), bucket_(&bucket), connection_(std::move(connection)) {}
    ConnectionCache* cache_;
    ConnectionCacheBucket* bucket_;  // stable: buckets are never erased
    std::unique_ptr<Connection> connection_;
  };

  // The clock's time to a few milliseconds, without a clock read on the hardware
  // (CLOCK_MONOTONIC_COARSE, the same epoch as steady_clock on Linux): enough to order
  // idle connections and to expire them, cheap enough for every call.
  static Clock::time_point coarse_now() noexcept;

  // A connection idle this long is asked whether its peer went away
  // (Connection::peer_went_away, one recv) before it carries a request: a server that
  // closed it or restarted meanwhile would otherwise fail the request with COMM_FAILURE
  // MAYBE although it never saw it. Calls closer together than this pay nothing.
  static constexpr std::chrono::milliseconds recheck_after_idle{10};

  explicit ConnectionCache(CacheOptions options = {});
  ConnectionCache(const ConnectionCache&) = delete;
  ConnectionCache& operator=(const ConnectionCache&) = delete;
  // Every lease must have been destroyed first.
  ~ConnectionCache() = default;

  // An idle connection for `key`, or a new one. Remembers where the key's connections are
  // in key.hint: with it, taking the connection this thread (or another) last gave back
  // takes no lock. At the bound, the least recently used idle connection is closed to
  // make room; if none is idle, raises TRANSIENT transient_connection_limit
  // (COMPLETED_NO). connect()'s exceptions otherwise.
  Lease acquire(const CacheKey& key);
  // acquire, but a connection it must open gets at most `connect_timeout` to connect
  // (TRANSIENT transient_connect_timeout after it).
  Lease acquire(const CacheKey& key, std::chrono::milliseconds connect_timeout);
  // An open connection for `key` if one is idle; never connects.
  std::optional<Lease> acquire_existing(const CacheKey& key);

  // Closes idle connections unused since before `now - idle_timeout`; returns how many.
  std::size_t close_idle(Clock::time_point now = Clock::now());

  std::size_t size() const;  // idle + leased
  std::size_t idle_count() const;

 private:
  using Bucket = ConnectionCacheBucket;
  Lease acquire_locked(const CacheKey& key, const ConnectOptions& connect);
  // The connection parked in `bucket`'s hot slot, if any (it may have closed since).
  static std::unique_ptr<Connection> take_parked(Bucket& bucket) noexcept;
  // Whether a connection idle since `since` may carry a request (recheck_after_idle).
  static bool usable(Connection& connection, Clock::time_point since) noexcept;
  static Clock::time_point parked_since(const Bucket& bucket) noexcept;
  // Requires mutex_. The bucket's parked or most recently idle open connection, leased;
  // closed ones met on the way go.
  std::optional<Lease> take_open_locked(Bucket& bucket);
  void release(Bucket& bucket, std::unique_ptr<Connection> connection) noexcept;
  // Requires mutex_. Moves every connection parked in a bucket's hot slot to its idle
  // list, so that eviction and expiry see all idle connections.
  void spill_hot_locked() noexcept;
  // Requires mutex_. Files a connection no longer leased in its bucket's idle list (closed
  // if out of memory).
  void keep_idle_locked(Bucket& bucket, std::unique_ptr<Connection> connection,
                        Clock::time_point since) noexcept;
  // Requires mutex_. Closes the idle connection used least recently; false if none.
  bool evict_oldest_idle();
  // Requires mutex_. The key's bucket, made if new (buckets are never erased, so a hint
  // to one stays valid as long as this cache).
  Bucket& bucket_for(const CacheKey& key);

  CacheOptions options_;
  const std::uint64_t id_;    // names this cache in key hints (never reused, unlike `this`)
  mutable PiMutex mutex_;  // guards buckets_ (but not their hot slots) and the counts
  std::map<CacheKey, Bucket> buckets_;
  std::size_t idle_count_ = 0;  // in idle lists
  std::size_t leased_ = 0;      // leased, or parked in a hot slot
};

}  // namespace rtorb::transport
