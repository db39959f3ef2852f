// 100 ns units to exact time and back, and the recognition of whole rates.
#include <rtorb/scheduling/time_units.hpp>

namespace rtorb::scheduling {
namespace {

// Below this a period's rounding is a large part of it, and the "rate" would be a
// megahertz figure no task set means.
constexpr std::int64_t min_recognised_units = 1000;  // 100 us

}  // namespace

ExactTime from_time_units(std::int64_t units) {
  return ExactTime(units, time_units_per_second);
}

std::optional<std::int64_t> recognised_hertz(std::int64_t units) {
  if (units < min_recognised_units) return std::nullopt;
  const std::int64_t hertz = (time_units_per_second + units / 2) / units;
  if (hertz < 1 || time_units_per_second % hertz == 0) return std::nullopt;
  const std::int64_t below = time_units_per_second / hertz;
  return units == below || units == below + 1 ? std::optional(hertz) : std::nullopt;
}

ExactTime period_from_time_units(std::int64_t units) {
  if (const auto hertz = recognised_hertz(units)) return ExactTime::period_of_hertz(*hertz);
  return from_time_units(units);
}

std::int64_t time_units_for_hertz(std::int64_t hertz) { return time_units_per_second / hertz; }

std::int64_t to_time_units(const ExactTime& time) { return time.round_to(from_time_units(1)); }

}  // namespace rtorb::scheduling
