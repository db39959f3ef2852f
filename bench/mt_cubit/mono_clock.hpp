// CLOCK_MONOTONIC in nanoseconds, and sleeping until an absolute time on it: the clock the
// MT_Cubit client's periodic threads are released by.
#pragma once

#include <time.h>

#include <cerrno>
#include <cstdint>

namespace mt_cubit {

// A point on CLOCK_MONOTONIC, or a duration, in nanoseconds.
using Nanos = std::int64_t;

constexpr Nanos nanos_per_second = 1'000'000'000;

inline Nanos now() noexcept {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<Nanos>(ts.tv_sec) * nanos_per_second + ts.tv_nsec;
}

// Absolute, so a periodic loop does not drift by the time each round takes; returns at once
// when `deadline` has passed.
inline void sleep_until(Nanos deadline) noexcept {
  timespec ts{};
  ts.tv_sec = static_cast<time_t>(deadline / nanos_per_second);
  ts.tv_nsec = static_cast<long>(deadline % nanos_per_second);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {
  }
}

}  // namespace mt_cubit
