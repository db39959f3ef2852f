// The dispatch queue's full policies and counters, the snapshot cell's reclamation, and the
// spellings of the dispatching options.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "bounded_queue.hpp"
#include "qos_builder.hpp"
#include "snapshot_cell.hpp"

namespace {

using namespace events_test;
using rtorb::events::FullPolicy;
using rtorb::events::detail::BoundedQueue;
using rtorb::events::detail::QueuedEvent;

void expect_balanced(const rtorb::events::QueueStatistics& s) {
  EXPECT_EQ(s.in, s.dispatched + s.dropped + s.queued + s.in_progress) << "an event went uncounted";
}

std::vector<std::int32_t> drain(BoundedQueue& queue) {
  queue.close();
  std::vector<std::int32_t> sources;
  QueuedEvent item;
  while (queue.pop(item)) {
    sources.push_back(item.event.header().source());
    queue.dispatched(std::chrono::nanoseconds(1));
  }
  return sources;
}

TEST(BoundedQueue, DropOldestKeepsTheNewestAndCountsTheRest) {
  BoundedQueue queue(3, FullPolicy::drop_oldest, 16);
  for (int i = 1; i <= 5; ++i) EXPECT_TRUE(queue.push(event(20, i)));
  auto s = queue.statistics();
  EXPECT_EQ(s.in, 5U);
  EXPECT_EQ(s.dropped, 2U);
  EXPECT_EQ(s.high_water, 3U);
  expect_balanced(s);
  EXPECT_EQ(drain(queue), (std::vector<std::int32_t>{3, 4, 5}));
  expect_balanced(queue.statistics());
}

TEST(BoundedQueue, DropNewestKeepsTheOldestAndCountsTheRest) {
  BoundedQueue queue(3, FullPolicy::drop_newest, 16);
  for (int i = 1; i <= 5; ++i) EXPECT_EQ(queue.push(event(20, i)), i <= 3);
  EXPECT_EQ(queue.statistics().dropped, 2U);
  EXPECT_EQ(drain(queue), (std::vector<std::int32_t>{1, 2, 3}));
  expect_balanced(queue.statistics());
}

TEST(BoundedQueue, BlockMakesThePusherWaitForRoom) {
  BoundedQueue queue(2, FullPolicy::block, 16);
  queue.push(event(20, 1));
  queue.push(event(20, 2));
  std::atomic<bool> pushed{false};
  std::thread pusher([&] {
    queue.push(event(20, 3));
    pushed = true;
  });
  QueuedEvent item;
  ASSERT_TRUE(queue.pop(item));  // makes room; the pusher can then finish
  pusher.join();
  EXPECT_EQ(queue.statistics().in_progress, 1U);
  queue.dispatched(std::chrono::nanoseconds(1));
  EXPECT_TRUE(pushed);
  EXPECT_EQ(queue.statistics().dropped, 0U);
  EXPECT_EQ(drain(queue), (std::vector<std::int32_t>{2, 3}));
}

TEST(BoundedQueue, CloseReleasesABlockedPusherAndCountsItsEvent) {
  BoundedQueue queue(1, FullPolicy::block, 16);
  queue.push(event(20, 1));
  std::thread pusher([&] { EXPECT_FALSE(queue.push(event(20, 2))); });
  // The pusher is blocked or not yet started; either way close() makes it return.
  queue.close();
  pusher.join();
  auto s = queue.statistics();
  EXPECT_EQ(s.dropped, 1U);
  expect_balanced(s);
}

TEST(BoundedQueue, RecordsTheWorstLatency) {
  BoundedQueue queue(4, FullPolicy::drop_newest, 16);
  queue.push(event(20, 1));
  queue.push(event(20, 2));
  QueuedEvent item;
  ASSERT_TRUE(queue.pop(item));
  queue.dispatched(std::chrono::nanoseconds(500));
  ASSERT_TRUE(queue.pop(item));
  queue.dispatched(std::chrono::nanoseconds(200));
  EXPECT_EQ(queue.statistics().worst_latency, std::chrono::nanoseconds(500));
}

TEST(BoundedQueue, KeepsPayloadsIntact) {
  BoundedQueue queue(2, FullPolicy::drop_oldest, 4);
  auto e = event(20, 1);
  e.data().payload() = {1, 2, 3, 4, 5, 6, 7, 8};
  queue.push(e);
  QueuedEvent item;
  ASSERT_TRUE(queue.pop(item));
  EXPECT_EQ(item.event.data().payload(), e.data().payload());
}

struct Counted {
  explicit Counted(std::atomic<int>& live) : live_(live) { ++live_; }
  ~Counted() { --live_; }
  std::atomic<int>& live_;
};

TEST(SnapshotCell, FreesOldSnapshotsOnceNoReaderHoldsThem) {
  std::atomic<int> live{0};
  rtorb::events::detail::SnapshotCell<Counted> cell(std::make_unique<const Counted>(live));
  {
    rtorb::events::detail::SnapshotCell<Counted>::ReadGuard reader(cell);
    std::lock_guard lock(cell.writers_mutex());
    cell.publish_locked(std::make_unique<const Counted>(live));
    cell.reclaim_locked();
    EXPECT_EQ(live.load(), 2) << "the reader still holds the first";
  }
  std::lock_guard lock(cell.writers_mutex());
  cell.reclaim_locked();
  cell.reclaim_locked();
  EXPECT_EQ(live.load(), 1);
}

TEST(SnapshotCell, ReadersSeeAWholeSnapshotWhileWritersPublish) {
  struct Pair {
    int a;
    int b;
  };
  rtorb::events::detail::SnapshotCell<Pair> cell(std::make_unique<const Pair>(Pair{0, 0}));
  std::atomic<bool> stop{false};
  std::atomic<int> torn{0};
  std::thread reader([&] {
    while (!stop) {
      rtorb::events::detail::SnapshotCell<Pair>::ReadGuard snapshot(cell);
      if (snapshot->a != snapshot->b) ++torn;
    }
  });
  for (int i = 1; i < 20000; ++i) {
    std::lock_guard lock(cell.writers_mutex());
    cell.publish_locked(std::make_unique<const Pair>(Pair{i, i}));
  }
  stop = true;
  reader.join();
  EXPECT_EQ(torn.load(), 0);
}

TEST(Dispatching, ParsesItsSpellings) {
  using rtorb::events::DispatchingMode;
  EXPECT_EQ(rtorb::events::parse_dispatching("reactive")->mode, DispatchingMode::reactive);
  EXPECT_EQ(rtorb::events::parse_dispatching("priority")->mode, DispatchingMode::priority);
  auto pool = rtorb::events::parse_dispatching("pool:4");
  ASSERT_TRUE(pool);
  EXPECT_EQ(pool->mode, DispatchingMode::pool);
  EXPECT_EQ(pool->pool_threads, 4U);
  for (const char* bad : {"pool:", "pool:0", "pool:x", "pool:4x", "pool:999", "fast", ""}) {
    EXPECT_FALSE(rtorb::events::parse_dispatching(bad)) << bad;
  }
  EXPECT_EQ(rtorb::events::parse_full_policy("drop-newest"), FullPolicy::drop_newest);
  EXPECT_FALSE(rtorb::events::parse_full_policy("drop"));
}

}  // namespace
