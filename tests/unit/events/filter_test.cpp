// Filters built from ConsumerQOS prefix lists: wildcards, every designator, nesting, the
// state of a conjunction, and malformed lists.
#include <gtest/gtest.h>

#include <rtorb/events/filter.hpp>
#include <rtorb/events/minor_codes.hpp>

#include "qos_builder.hpp"

namespace {

using namespace events_test;
using rtorb::events::Filter;
using rtorb::events::FilterState;
namespace t = rtorb::events::event_type;

bool accepts(const Filter& f, std::int32_t type, std::int32_t source) {
  return f.may_accept(event(type, source).header());
}

TEST(Filter, MatchesTypeAndSourceExactly) {
  const Filter f = Filter::build(qos({{20, 7}}));
  EXPECT_TRUE(accepts(f, 20, 7));
  EXPECT_FALSE(accepts(f, 21, 7));
  EXPECT_FALSE(accepts(f, 20, 8));
}

TEST(Filter, TakesZeroAsAWildcardOnTheConsumersSide) {
  const Filter any_source = Filter::build(qos({{20, 0}}));
  EXPECT_TRUE(accepts(any_source, 20, 99));
  EXPECT_FALSE(accepts(any_source, 21, 99));
  const Filter any_type = Filter::build(qos({{0, 5}}));
  EXPECT_TRUE(accepts(any_type, 1234, 5));
  EXPECT_FALSE(accepts(any_type, 1234, 6));
}

TEST(Filter, TakesZeroAsAWildcardOnTheSuppliersSide) {
  const Filter f = Filter::build(qos({{20, 7}}));
  EXPECT_TRUE(accepts(f, 0, 7));
  EXPECT_TRUE(accepts(f, 20, 0));
  EXPECT_FALSE(accepts(f, 0, 8));
}

TEST(Filter, ReadsSeveralTopLevelEntriesAsTheirDisjunction) {
  const Filter f = Filter::build(qos({{20, 0}, {30, 0}}));
  EXPECT_TRUE(accepts(f, 20, 1));
  EXPECT_TRUE(accepts(f, 30, 1));
  EXPECT_FALSE(accepts(f, 40, 1));
}

TEST(Filter, DisjunctionAndGlobalAcceptAnyChild) {
  for (std::int32_t designator : {t::disjunction_designator, t::global_designator}) {
    const Filter f = Filter::build(qos({{designator, 2}, {20, 0}, {21, 0}, {22, 0}}));
    EXPECT_TRUE(accepts(f, 20, 1));
    EXPECT_TRUE(accepts(f, 21, 1));
    EXPECT_TRUE(accepts(f, 22, 1)) << "a third top-level tree after the group";
    EXPECT_FALSE(accepts(f, 23, 1));
    EXPECT_EQ(f.nodes()[1].children, 2U);
  }
}

TEST(Filter, LogicalAndNeedsEveryChildToAcceptTheSameEvent) {
  const Filter f = Filter::build(qos({{t::logical_and_designator, 2}, {20, 0}, {0, 5}}));
  EXPECT_TRUE(accepts(f, 20, 5));
  EXPECT_FALSE(accepts(f, 20, 6));
  EXPECT_FALSE(accepts(f, 21, 5));
}

TEST(Filter, NegationInvertsItsChild) {
  const Filter f = Filter::build(qos({{t::negation_designator, 0}, {20, 0}}));
  EXPECT_FALSE(accepts(f, 20, 1));
  EXPECT_TRUE(accepts(f, 21, 1));
}

TEST(Filter, BitmaskNeedsABitOfEachMaskThenItsChild) {
  // masks: type 0x30, source 0x1; the child accepts anything.
  const Filter f = Filter::build(qos({{t::bitmask_designator, 0}, {0x30, 0x1}, {t::null_designator, 0}}));
  EXPECT_TRUE(accepts(f, 0x10, 0x3));
  EXPECT_FALSE(accepts(f, 0x40, 0x3)) << "no bit of the type mask";
  EXPECT_FALSE(accepts(f, 0x10, 0x2)) << "no bit of the source mask";
}

TEST(Filter, MaskedTypeComparesTheMaskedFields) {
  // masks type 0xff00 source 0xf; values type 0x1200 source 0x3.
  const Filter f = Filter::build(qos({{t::masked_type_designator, 0}, {0xff00, 0xf}, {0x1200, 0x3}}));
  EXPECT_TRUE(accepts(f, 0x1234, 0x13));
  EXPECT_FALSE(accepts(f, 0x1334, 0x13));
  EXPECT_FALSE(accepts(f, 0x1234, 0x14));
}

TEST(Filter, NullAcceptsEverything) {
  const Filter f = Filter::build(qos({{t::null_designator, 0}}));
  EXPECT_TRUE(accepts(f, 12345, 678));
}

TEST(Filter, GroupsNest) {
  // disjunction(2: and(2: type 20, source 5), negation(type 0 source 9 ... i.e. not source 9))
  const Filter f = Filter::build(qos({{t::disjunction_designator, 2},
                                      {t::logical_and_designator, 2}, {20, 0}, {0, 5},
                                      {t::negation_designator, 0}, {0, 9}}));
  EXPECT_TRUE(accepts(f, 20, 5));
  EXPECT_TRUE(accepts(f, 77, 1)) << "not source 9";
  EXPECT_FALSE(accepts(f, 77, 9));
}

TEST(Filter, AConjunctionDeliversOnceEveryChildAcceptedOneAndStartsOver) {
  const Filter f = Filter::build(qos({{t::conjunction_designator, 2}, {20, 0}, {21, 0}}));
  ASSERT_TRUE(f.has_conjunction());
  FilterState state(f);
  RtecEventComm::EventSet collected;
  using V = FilterState::Verdict;
  EXPECT_EQ(state.offer(f, event(20, 1), collected), V::reject);
  EXPECT_EQ(state.offer(f, event(20, 2), collected), V::reject);
  EXPECT_EQ(state.offer(f, event(99, 2), collected), V::reject);
  ASSERT_EQ(state.offer(f, event(21, 3), collected), V::deliver_collected);
  ASSERT_EQ(collected.size(), 3U);
  EXPECT_EQ(collected[0].header().source(), 1);
  EXPECT_EQ(collected[2].header().type(), 21);
  collected.clear();
  EXPECT_EQ(state.offer(f, event(21, 4), collected), V::reject) << "the group started over";
  EXPECT_EQ(state.offer(f, event(20, 5), collected), V::deliver_collected);
}

TEST(Filter, AStatelessFilterDeliversTheEventItself) {
  const Filter f = Filter::build(qos({{20, 0}}));
  FilterState state(f);
  RtecEventComm::EventSet collected;
  EXPECT_EQ(state.offer(f, event(20, 1), collected), FilterState::Verdict::deliver_event);
  EXPECT_EQ(state.offer(f, event(21, 1), collected), FilterState::Verdict::reject);
}

TEST(Filter, KeepsTheTimeoutsItAskedFor) {
  const Filter f = Filter::build(qos({{t::disjunction_designator, 2}, {20, 0},
                                      {t::interval_timeout, 0, 333333}}));
  ASSERT_EQ(f.timeouts().size(), 1U);
  EXPECT_EQ(f.timeouts()[0].type, t::interval_timeout);
  EXPECT_EQ(f.timeouts()[0].period_100ns, 333333U);
  EXPECT_TRUE(accepts(f, t::interval_timeout, 0));
}

void expect_malformed(const RtecEventChannelAdmin::ConsumerQOS& q, const char* why) {
  try {
    (void)Filter::build(q);
    ADD_FAILURE() << "accepted: " << why;
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::bad_param_malformed_qos) << why;
  }
}

TEST(Filter, RefusesMalformedLists) {
  expect_malformed(qos({}), "empty list");
  expect_malformed(qos({{t::conjunction_designator, 0}, {20, 0}}), "group of no children");
  expect_malformed(qos({{t::disjunction_designator, -3}, {20, 0}}), "negative count");
  expect_malformed(qos({{t::disjunction_designator, 3}, {20, 0}, {21, 0}}), "count past the end");
  expect_malformed(qos({{t::negation_designator, 0}}), "negation without child");
  expect_malformed(qos({{t::bitmask_designator, 0}, {1, 1}}), "bitmask without child");
  expect_malformed(qos({{t::masked_type_designator, 0}, {1, 1}}), "masked type without values");
  expect_malformed(qos({{t::timeout, 0, 0}}), "timeout without period");
}

TEST(Filter, RefusesATreeNestedPastTheLimit) {
  RtecEventChannelAdmin::ConsumerQOS deep;
  for (std::size_t i = 0; i < rtorb::events::max_filter_depth + 5; ++i) {
    deep.dependencies().push_back({event(t::negation_designator, 0), 0});
  }
  deep.dependencies().push_back({event(20, 0), 0});
  expect_malformed(deep, "too deep");
}

TEST(Filter, RefusesATreeLargerThanTheLimit) {
  RtecEventChannelAdmin::ConsumerQOS wide;
  for (std::size_t i = 0; i < rtorb::events::max_filter_nodes + 1; ++i) {
    wide.dependencies().push_back({event(20, 0), 0});
  }
  expect_malformed(wide, "too many entries");
}

}  // namespace
