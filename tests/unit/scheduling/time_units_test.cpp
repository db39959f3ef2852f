// 100 ns units: whole rates recognised from their rounded periods, everything else exact.
#include <gtest/gtest.h>

#include <rtorb/scheduling/time_units.hpp>

namespace {

using namespace rtorb::scheduling;

TEST(TimeUnits, RoundedPeriodsOfWholeRatesAreRecognised) {
  EXPECT_EQ(recognised_hertz(333333), 30);
  EXPECT_EQ(recognised_hertz(333334), 30);
  EXPECT_EQ(recognised_hertz(666666), 15);
  EXPECT_EQ(recognised_hertz(666667), 15);
  EXPECT_EQ(period_from_time_units(333333), ExactTime(1, 30));
  EXPECT_EQ(period_from_time_units(time_units_for_hertz(7)), ExactTime(1, 7));
}

TEST(TimeUnits, ExactPeriodsStayAsTheyAre) {
  EXPECT_FALSE(recognised_hertz(2000000));  // 5 Hz is exact in 100 ns units
  EXPECT_EQ(period_from_time_units(2000000), ExactTime(1, 5));
  EXPECT_FALSE(recognised_hertz(333300));
  EXPECT_EQ(period_from_time_units(333300), ExactTime(3333, 100000));
  EXPECT_FALSE(recognised_hertz(999));  // under 100 us: never a rate
  EXPECT_EQ(period_from_time_units(-5), ExactTime(-5, 10000000));
}

TEST(TimeUnits, ConvertBackToTheNearestUnit) {
  EXPECT_EQ(to_time_units(ExactTime(1, 30)), 333333);
  EXPECT_EQ(to_time_units(ExactTime(1, 15)), 666667);
  EXPECT_EQ(to_time_units(ExactTime::milliseconds(2)), 20000);
}

}  // namespace
