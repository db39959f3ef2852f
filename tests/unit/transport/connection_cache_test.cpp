#include "transport/connection_cache.hpp"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <thread>
#include <vector>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>

#include "loopback.hpp"

namespace rtorb::transport {
namespace {

using namespace test;
using Clock = ConnectionCache::Clock;

// A listening socket; the kernel completes connections into its backlog without accept().
struct Listener {
  Acceptor acceptor{Endpoint{"127.0.0.1", 0}};
  CacheKey key(std::int32_t band = 0, bool is_private = false) const {
    return {acceptor.endpoint(), band, is_private};
  }
};

TEST(ConnectionCache, ReturnedConnectionIsReused) {
  Listener server;
  ConnectionCache cache;
  int first_fd = -1;
  {
    auto lease = cache.acquire(server.key());
    first_fd = lease->fd();
    EXPECT_EQ(cache.size(), 1u);
    EXPECT_EQ(cache.idle_count(), 0u);
  }
  EXPECT_EQ(cache.idle_count(), 1u);
  auto again = cache.acquire(server.key());
  EXPECT_EQ(again->fd(), first_fd);
  EXPECT_EQ(cache.size(), 1u);
}

// A reply the reader left part-way (taken head first) would hold up the next request.
TEST(ConnectionCache, LeaseEndingInsideALargeReplyClosesItsConnection) {
  Listener server;
  ConnectionCache cache;
  std::unique_ptr<Connection> peer;
  std::thread replier;
  {
    auto lease = cache.acquire(server.key());
    peer = accept_within(server.acceptor);
    ASSERT_TRUE(peer);
    replier = std::thread([&] {
      try {
        peer->send(request_bytes(1, "large", 500'000));
      } catch (const CORBA::COMM_FAILURE&) {
        // The lease's end closed the connection before all of it went out.
      }
    });
    lease->receive_message_head(Connection::forever);
    ASSERT_NE(lease->rest(), nullptr);
  }
  replier.join();
  EXPECT_EQ(cache.idle_count(), 0u);
  EXPECT_EQ(cache.size(), 0u);
}

TEST(ConnectionCache, LeasedConnectionIsNotSharedWithASecondCaller) {
  Listener server;
  ConnectionCache cache;
  auto a = cache.acquire(server.key());
  auto b = cache.acquire(server.key());
  EXPECT_NE(a->fd(), b->fd());
  EXPECT_EQ(cache.size(), 2u);
}

TEST(ConnectionCache, BandAndPrivateFlagArePartOfTheKey) {
  Listener server;
  ConnectionCache cache;
  int default_fd = -1;
  {
    auto lease = cache.acquire(server.key());
    default_fd = lease->fd();
  }
  // Release order puts the default-band connection idle; other keys must not take it.
  auto banded = cache.acquire(server.key(5));
  EXPECT_NE(banded->fd(), default_fd);
  auto private_one = cache.acquire(server.key(0, true));
  EXPECT_NE(private_one->fd(), default_fd);
  EXPECT_EQ(cache.idle_count(), 1u);
  EXPECT_EQ(cache.size(), 3u);
}

TEST(ConnectionCache, KeyHintIsNotPartOfTheKeysValue) {
  Listener server;
  ConnectionCache cache;
  const CacheKey used = server.key();
  { auto lease = cache.acquire(used); }  // fills used.hint
  const CacheKey fresh = server.key();
  EXPECT_EQ(used, fresh);
  EXPECT_EQ(used <=> fresh, std::strong_ordering::equal);
  const CacheKey copy = used;  // starts without a hint, finds the same connection
  auto lease = cache.acquire(copy);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(ConnectionCache, OneKeyUsedWithTwoCachesFindsEachCachesOwnConnections) {
  Listener server;
  ConnectionCache first;
  ConnectionCache second;
  const CacheKey key = server.key();
  int first_fd = -1;
  int second_fd = -1;
  for (int round = 0; round < 3; ++round) {  // the hint moves from cache to cache
    {
      auto lease = first.acquire(key);
      if (round == 0) first_fd = lease->fd();
      EXPECT_EQ(lease->fd(), first_fd);
    }
    {
      auto lease = second.acquire(key);
      if (round == 0) second_fd = lease->fd();
      EXPECT_EQ(lease->fd(), second_fd);
    }
  }
  EXPECT_NE(first_fd, second_fd);
  EXPECT_EQ(first.size(), 1u);
  EXPECT_EQ(second.size(), 1u);
}

TEST(ConnectionCache, HintedKeyStillSeparatesBands) {
  Listener server;
  ConnectionCache cache;
  const CacheKey plain = server.key();
  const CacheKey banded = server.key(7);
  int plain_fd = -1;
  { auto lease = cache.acquire(plain); plain_fd = lease->fd(); }
  { auto lease = cache.acquire(banded); EXPECT_NE(lease->fd(), plain_fd); }
  auto again = cache.acquire(plain);
  EXPECT_EQ(again->fd(), plain_fd);
}

TEST(ConnectionCache, BoundReachedWithNothingIdleIsTransient) {
  Listener server;
  ConnectionCache cache({.max_connections = 2});
  auto a = cache.acquire(server.key());
  auto b = cache.acquire(server.key(1));
  try {
    auto c = cache.acquire(server.key(2));
    ADD_FAILURE() << "acquired beyond the bound";
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), minor::transient_connection_limit);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
  EXPECT_EQ(cache.size(), 2u);
}

TEST(ConnectionCache, BoundReachedClosesTheOldestIdleConnection) {
  Listener server;
  ConnectionCache cache({.max_connections = 2});
  { auto a = cache.acquire(server.key(1)); }
  { auto b = cache.acquire(server.key(2)); }
  EXPECT_EQ(cache.idle_count(), 2u);
  auto c = cache.acquire(server.key(3));
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.idle_count(), 1u);
}

TEST(ConnectionCache, IdleConnectionsCloseAfterTheIdleTime) {
  Listener server;
  ConnectionCache cache({.idle_timeout = std::chrono::seconds(30)});
  { auto a = cache.acquire(server.key()); }
  auto held = cache.acquire(server.key(1));
  EXPECT_EQ(cache.close_idle(Clock::now()), 0u);  // too recent
  EXPECT_EQ(cache.close_idle(Clock::now() + std::chrono::seconds(31)), 1u);
  EXPECT_EQ(cache.idle_count(), 0u);
  EXPECT_EQ(cache.size(), 1u);  // the leased one stays
}

TEST(ConnectionCache, ClosedOrDiscardedConnectionIsNotReturned) {
  Listener server;
  ConnectionCache cache;
  {
    auto lease = cache.acquire(server.key());
    lease.discard();
  }
  EXPECT_EQ(cache.size(), 0u);
}

TEST(ConnectionCache, FailedConnectGivesTheSlotBack) {
  Endpoint closed_port;
  {
    Acceptor gone({"127.0.0.1", 0});
    closed_port = gone.endpoint();
  }
  ConnectionCache cache({.max_connections = 1});
  EXPECT_THROW(cache.acquire({closed_port}), CORBA::TRANSIENT);
  EXPECT_EQ(cache.size(), 0u);
  Listener server;
  EXPECT_NO_THROW(cache.acquire(server.key()));
}


TEST(ConnectionCache, ConnectionClosedWhileParkedIsNotLeasedAgain) {
  Listener server;
  ConnectionCache cache;
  Connection* parked = nullptr;
  {
    auto lease = cache.acquire(server.key());
    parked = &*lease;
  }
  parked->close();  // e.g. the peer went away while it sat idle
  auto lease = cache.acquire(server.key());
  EXPECT_FALSE(lease->closed());  // a new one (it may reuse the old one's address)
  EXPECT_EQ(cache.size(), 1u);
}

// Leases one connection and gives it back (parked), returning the server's end of it.
std::unique_ptr<Connection> park_one(ConnectionCache& cache, Listener& server) {
  auto lease = cache.acquire(server.key());
  return accept_within(server.acceptor);
}

// After the pause that makes the cache recheck, the next lease must be a new connection.
void expect_a_new_connection(ConnectionCache& cache, Listener& server) {
  std::this_thread::sleep_for(ConnectionCache::recheck_after_idle * 3);
  auto lease = cache.acquire(server.key());
  EXPECT_FALSE(lease->peer_went_away()) << "a new connection, not the stale one";
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_TRUE(accept_within(server.acceptor)) << "the cache connected again";
}

// The server closed the connection (it exited, restarted, or dropped idle connections) while
// the connection sat parked, in the hot slot or in the idle list: the next lease, after
// recheck_after_idle, gets a new connection instead of one that fails the request.
TEST(ConnectionCache, ConnectionItsPeerClosedWhileIdleIsNotLeasedAgain) {
  for (const bool in_idle_list : {false, true}) {
    Listener server;
    ConnectionCache cache;
    auto peer = park_one(cache, server);
    ASSERT_TRUE(peer);
    if (in_idle_list) cache.close_idle(Clock::now() - std::chrono::hours(1));  // only spills
    peer.reset();  // the server's end closes: a FIN reaches the parked connection
    expect_a_new_connection(cache, server);
  }
}

// Something the client did not ask for on an idle connection (a GIOP CloseConnection)
// means the peer is done with it.
TEST(ConnectionCache, IdleConnectionWithUnaskedInputIsNotLeasedAgain) {
  Listener server;
  ConnectionCache cache;
  auto peer = park_one(cache, server);
  ASSERT_TRUE(peer);
  peer->send(request_bytes(1, "unasked", 0));
  expect_a_new_connection(cache, server);
}

TEST(ConnectionCache, ThreadsRacingOverOneKeyNeverShareAConnection) {
  Listener server;
  ConnectionCache cache;
  const CacheKey key = server.key();
  constexpr int threads = 4;
  constexpr int rounds = 2000;
  std::array<std::atomic<bool>, 4096> in_use{};
  std::atomic<int> shared_seen{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      for (int i = 0; i < rounds; ++i) {
        auto lease = cache.acquire(key);
        auto& flag = in_use.at(static_cast<std::size_t>(lease->fd()));
        if (flag.exchange(true)) ++shared_seen;
        std::this_thread::yield();
        flag.store(false);
      }
    });
  }
  for (auto& worker : workers) worker.join();
  EXPECT_EQ(shared_seen.load(), 0);
  // Every connection made is back and idle, and no more were made than callers at once.
  EXPECT_EQ(cache.size(), cache.idle_count());
  EXPECT_GE(cache.size(), 1u);
  EXPECT_LE(cache.size(), static_cast<std::size_t>(threads));
  const std::size_t made = cache.size();
  EXPECT_EQ(cache.close_idle(Clock::now() + std::chrono::hours(1)), made);
  EXPECT_EQ(cache.size(), 0u);
}

}  // namespace
}  // namespace rtorb::transport
