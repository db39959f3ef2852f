// Deadlines for the waits of the transport: poll takes whole milliseconds.
#pragma once

#include <algorithm>
#include <chrono>

namespace rtorb::transport {

using Clock = std::chrono::steady_clock;

// Milliseconds left until `deadline`, rounded up and clamped to what poll accepts; 0 once
// it has passed.
inline int remaining_ms(Clock::time_point deadline) {
  const auto left =
      std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(left, 0, 1'000'000));
}

}  // namespace rtorb::transport
