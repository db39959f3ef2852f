// ExactTime: reduction, the harmonic divisibility floating point and 100 ns units lose, and
// the ceiling the response-time iteration uses.
#include <gtest/gtest.h>

#include <rtorb/scheduling/exact_time.hpp>

namespace {

using rtorb::scheduling::ExactTime;
using rtorb::scheduling::TimeOverflow;

TEST(ExactTime, ReducesSoEqualValuesCompareEqual) {
  EXPECT_EQ(ExactTime(2, 60), ExactTime::period_of_hertz(30));
  EXPECT_EQ(ExactTime::milliseconds(1000), ExactTime::seconds(1));
  EXPECT_EQ(ExactTime(1, -2), ExactTime(-1, 2));
}

TEST(ExactTime, ThirtyHertzDividesFifteenAndFiveHertzExactly) {
  const auto t30 = ExactTime::period_of_hertz(30);
  EXPECT_TRUE(t30.divides(ExactTime::period_of_hertz(15)));
  EXPECT_TRUE(t30.divides(ExactTime::period_of_hertz(5)));
  EXPECT_FALSE(ExactTime::period_of_hertz(15).divides(ExactTime::period_of_hertz(30)));
  // The same periods rounded to 100 ns units are no longer harmonic.
  EXPECT_FALSE(ExactTime::nanoseconds(3333300).divides(ExactTime::nanoseconds(200000000)));
}

TEST(ExactTime, CeilDivRoundsUpOnlyWhenNotWhole) {
  EXPECT_EQ(ExactTime::milliseconds(90).ceil_div(ExactTime::period_of_hertz(30)), 3);
  EXPECT_EQ(ExactTime::milliseconds(100).ceil_div(ExactTime::period_of_hertz(30)), 3);
  EXPECT_EQ(ExactTime::milliseconds(101).ceil_div(ExactTime::period_of_hertz(30)), 4);
}

TEST(ExactTime, ArithmeticIsExact) {
  const auto third = ExactTime(1, 3);
  EXPECT_EQ(third + third + third, ExactTime::seconds(1));
  EXPECT_EQ(ExactTime::seconds(1) - third, ExactTime(2, 3));
  EXPECT_EQ(third * 3, ExactTime::seconds(1));
  EXPECT_EQ(ratio(ExactTime::milliseconds(10), ExactTime::period_of_hertz(30)),
            ExactTime(3, 10));
  EXPECT_LT(ExactTime(1, 3), ExactTime(333334, 1000000));
}

TEST(ExactTime, RoundsToUnitsAndSaysWhetherExact) {
  bool exact = true;
  EXPECT_EQ(ExactTime::period_of_hertz(30).round_to(ExactTime::nanoseconds(100), &exact),
            333333);
  EXPECT_FALSE(exact);
  EXPECT_EQ(ExactTime::milliseconds(2).round_to(ExactTime::nanoseconds(100), &exact), 20000);
  EXPECT_TRUE(exact);
}

TEST(ExactTime, PrintsMillisecondsRounded) {
  EXPECT_EQ(ExactTime::period_of_hertz(30).to_milliseconds_string(), "33.333");
  EXPECT_EQ(ExactTime(2, 30).to_milliseconds_string(), "66.667");
  EXPECT_EQ(ExactTime::milliseconds(-20).to_milliseconds_string(1), "-20.0");
}

TEST(ExactTime, OverflowIsRaisedNotWrapped) {
  const ExactTime huge(INT64_MAX / 2, 1);
  EXPECT_THROW(huge * 4, TimeOverflow);
  EXPECT_THROW(ExactTime(1, INT64_MAX - 1) + ExactTime(1, INT64_MAX - 2), TimeOverflow);
}

TEST(ExactTime, ZeroDenominatorIsRefused) {
  EXPECT_THROW(ExactTime(1, 0), std::invalid_argument);
}

}  // namespace
