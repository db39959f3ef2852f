// The three standard mappings, onto SCHED_FIFO's range and onto a made-up one.
#include <gtest/gtest.h>

#include "rt/priority_mappings.hpp"

using rtorb::rt::make_priority_mapping;
using rtorb::rt::NativeRange;

namespace {

std::optional<int> native(RTCORBA::PriorityMapping& m, RTCORBA::Priority p) {
  RTCORBA::NativePriority n = 0;
  if (!m.to_native(p, n)) return std::nullopt;
  return n;
}

}  // namespace

TEST(PriorityMapping, LinearSpreadsTheWholeCorbaRangeOverTheNativeOne) {
  auto m = make_priority_mapping("linear", NativeRange{1, 99});
  EXPECT_EQ(native(*m, 0), 1);
  EXPECT_EQ(native(*m, 32767), 99);
  EXPECT_EQ(native(*m, 16384), 50);
  EXPECT_EQ(native(*m, -1), std::nullopt);
  // Back and forth: the lowest CORBA priority of each native one maps onto it again.
  for (int n = 1; n <= 99; ++n) {
    RTCORBA::Priority p = 0;
    ASSERT_TRUE(m->to_CORBA(static_cast<RTCORBA::NativePriority>(n), p));
    EXPECT_EQ(native(*m, p), n);
  }
  RTCORBA::Priority p = 0;
  EXPECT_FALSE(m->to_CORBA(0, p));
}

TEST(PriorityMapping, DirectTakesOnlyNativePriorities) {
  auto m = make_priority_mapping("direct", NativeRange{1, 99});
  EXPECT_EQ(native(*m, 50), 50);
  EXPECT_EQ(native(*m, 0), std::nullopt);
  EXPECT_EQ(native(*m, 100), std::nullopt);
}

TEST(PriorityMapping, ContinuousStartsAtTheNativeMinimum) {
  auto m = make_priority_mapping("continuous", NativeRange{1, 99});
  EXPECT_EQ(native(*m, 0), 1);
  EXPECT_EQ(native(*m, 98), 99);
  EXPECT_EQ(native(*m, 99), std::nullopt);
  RTCORBA::Priority p = 0;
  ASSERT_TRUE(m->to_CORBA(10, p));
  EXPECT_EQ(p, 9);
}

TEST(PriorityMapping, AnUnknownNameGivesNone) {
  EXPECT_EQ(make_priority_mapping("quadratic", NativeRange{1, 99}), nullptr);
}
