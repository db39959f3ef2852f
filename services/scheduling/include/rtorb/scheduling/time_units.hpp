// RtecScheduler's times are whole 100 ns units (TimeBase::TimeT); these convert them to
// exact time and back, recognising a period that stands for a whole rate in hertz, so 30 Hz
// sent as 333333 units is analysed as exactly 1/30 s (docs/scheduling.md, "100 ns units").
#pragma once

#include <cstdint>
#include <optional>
#include <rtorb/scheduling/exact_time.hpp>

namespace rtorb::scheduling {

inline constexpr std::int64_t time_units_per_second = 10'000'000;  // 100 ns units

// A duration of `units` x 100 ns, exactly.
ExactTime from_time_units(std::int64_t units);

// The rate a period of `units` stands for: f when 10^7 / f is not a whole number of units
// and `units` is that value rounded down or up (333333 for 30 Hz, 666666 or 666667 for
// 15 Hz), for periods of at least 100 us. Nullopt when `units` is exact as it is.
std::optional<std::int64_t> recognised_hertz(std::int64_t units);

// A period in 100 ns units as the analysis takes it: 1/f s when recognised_hertz gives f,
// else units x 100 ns. Non-positive units stay as they are (the analysis reports them).
ExactTime period_from_time_units(std::int64_t units);

// The units a client sends for an exact rate: 10^7 / hertz rounded down (333333 for 30 Hz),
// which period_from_time_units reads back as 1/hertz s exactly.
std::int64_t time_units_for_hertz(std::int64_t hertz);

// The nearest whole number of units (half away from zero).
std::int64_t to_time_units(const ExactTime& time);

}  // namespace rtorb::scheduling
