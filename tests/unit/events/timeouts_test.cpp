// Timeouts a consumer's filter asks for: one-shot, interval and deadline, delivered to that
// consumer alone, as events of their type.
#include <rtorb/events/filter.hpp>

#include <thread>

#include "channel_fixture.hpp"

namespace {

using namespace events_test;
namespace t = rtorb::events::event_type;
constexpr std::uint64_t ms_20 = 200000;  // 100 ns units

std::size_t count_of(Consumer& consumer, std::int32_t type) {
  std::size_t n = 0;
  for (auto seen : consumer.types()) n += seen == type ? 1 : 0;
  return n;
}

// Waits (20 s at most) for `n` events of `type`.
bool wait_for_count(Consumer& consumer, std::int32_t type, std::size_t n) {
  for (int i = 0; i < 2000; ++i) {
    if (count_of(consumer, type) >= n) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

TEST_F(ChannelTest, AnIntervalTimeoutRepeatsForItsConsumerAlone) {
  start();
  auto ticking = connect_consumer(qos({{t::interval_timeout, 0, ms_20}}));
  auto other = connect_consumer(qos({{0, 0}}));  // every type, but no timeout of its own
  EXPECT_TRUE(wait_for_count(*ticking.servant, t::interval_timeout, 3));
  EXPECT_EQ(count_of(*other.servant, t::interval_timeout), 0U);
}

TEST_F(ChannelTest, AOneShotTimeoutFiresOnce) {
  start();
  auto once = connect_consumer(qos({{t::timeout, 0, ms_20}}));
  auto ticking = connect_consumer(qos({{t::interval_timeout, 0, ms_20}}));
  ASSERT_TRUE(wait_for_count(*once.servant, t::timeout, 1));
  // Several periods later (the interval consumer counts them) there is still one.
  ASSERT_TRUE(wait_for_count(*ticking.servant, t::interval_timeout, 5));
  EXPECT_EQ(count_of(*once.servant, t::timeout), 1U);
}

TEST_F(ChannelTest, ADeadlineTimeoutFiresWhenNoEventCame) {
  start();
  auto waiting = connect_consumer(qos({{t::disjunction_designator, 2}, {20, 0}, {t::deadline_timeout, 0, ms_20}}));
  EXPECT_TRUE(wait_for_count(*waiting.servant, t::deadline_timeout, 2));
}

TEST_F(ChannelTest, ATimeoutCanCompleteAConjunction) {
  start();
  auto both = connect_consumer(qos({{t::conjunction_designator, 2}, {20, 0}, {t::timeout, 0, ms_20}}));
  auto proxy = connect_supplier();
  proxy->push(events({20}));
  ASSERT_TRUE(wait_for_count(*both.servant, t::timeout, 1));
  const auto sets = both.servant->sets();
  ASSERT_EQ(sets.size(), 1U);
  ASSERT_EQ(sets[0].size(), 2U);
  EXPECT_EQ(sets[0][0].header().type(), 20);
}

}  // namespace
