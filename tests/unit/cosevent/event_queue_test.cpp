// EventQueue: each FullPolicy keeps the events it promises and counts the ones it loses;
// close() wakes every waiter.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "event_queue.hpp"

namespace {

using rtorb::cosevent::EventQueue;
using rtorb::cosevent::FullPolicy;
using Outcome = EventQueue::Outcome;

CORBA::Any event(std::uint32_t value) {
  CORBA::Any any;
  any.insert(value);
  return any;
}

std::uint32_t value_of(const CORBA::Any& any) {
  std::uint32_t value = 0;
  EXPECT_TRUE(any.extract(value));
  return value;
}

std::vector<std::uint32_t> drain(EventQueue& queue) {
  std::vector<std::uint32_t> values;
  while (auto e = queue.try_pop()) values.push_back(value_of(*e));
  return values;
}

TEST(EventQueue, KeepsEventsInOrder) {
  EventQueue queue(4, FullPolicy::drop_oldest);
  for (std::uint32_t i = 1; i <= 3; ++i) EXPECT_EQ(queue.push(event(i)).outcome, Outcome::queued);
  EXPECT_EQ(drain(queue), (std::vector<std::uint32_t>{1, 2, 3}));
  EXPECT_FALSE(queue.try_pop());
}

TEST(EventQueue, DropOldestKeepsTheNewestAndCountsTheRest) {
  EventQueue queue(3, FullPolicy::drop_oldest);
  for (std::uint32_t i = 1; i <= 3; ++i) queue.push(event(i));
  EXPECT_EQ(queue.push(event(4)).outcome, Outcome::dropped_oldest);
  EXPECT_EQ(queue.push(event(5)).outcome, Outcome::dropped_oldest);
  EXPECT_EQ(drain(queue), (std::vector<std::uint32_t>{3, 4, 5}));
  const auto counters = queue.counters();
  EXPECT_EQ(counters.dropped, 2u);
  EXPECT_EQ(counters.pushed, 5u);
  EXPECT_EQ(counters.popped, 3u);
  EXPECT_EQ(counters.high_water, 3u);
}

TEST(EventQueue, DropNewestKeepsTheOldestAndCountsTheRest) {
  EventQueue queue(2, FullPolicy::drop_newest);
  queue.push(event(1));
  queue.push(event(2));
  EXPECT_EQ(queue.push(event(3)).outcome, Outcome::dropped_newest);
  EXPECT_EQ(drain(queue), (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(queue.counters().dropped, 1u);
}

TEST(EventQueue, BlockSupplierWaitsForRoomAndLosesNothing) {
  EventQueue queue(1, FullPolicy::block_supplier);
  queue.push(event(1));
  std::atomic<bool> pushed{false};
  std::thread supplier([&] {
    EXPECT_EQ(queue.push(event(2)).outcome, Outcome::queued);
    pushed = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(pushed.load());  // a full queue held the supplier
  EXPECT_EQ(value_of(*queue.pop()), 1u);
  supplier.join();
  EXPECT_TRUE(pushed.load());
  EXPECT_EQ(value_of(*queue.pop()), 2u);
  EXPECT_EQ(queue.counters().dropped, 0u);
}

TEST(EventQueue, CloseWakesABlockedSupplierAndAWaitingConsumer) {
  EventQueue full(1, FullPolicy::block_supplier);
  full.push(event(1));
  EventQueue empty(1, FullPolicy::block_supplier);
  std::thread supplier([&] { EXPECT_EQ(full.push(event(2)).outcome, Outcome::closed); });
  std::thread consumer([&] { EXPECT_FALSE(empty.pop().has_value()); });
  full.close();
  empty.close();
  supplier.join();
  consumer.join();
}

TEST(EventQueue, AClosedQueueRefusesEventsAndDiscardsWhatItHeld) {
  EventQueue queue(4, FullPolicy::drop_oldest);
  queue.push(event(1));
  queue.close();
  EXPECT_TRUE(queue.closed());
  EXPECT_EQ(queue.push(event(2)).outcome, Outcome::closed);
  EXPECT_FALSE(queue.try_pop());
  EXPECT_FALSE(queue.pop());
}

}  // namespace
