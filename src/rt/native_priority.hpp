// The calling thread's native scheduling (pthread_setschedparam), and whether this process
// may use a real-time policy at all.
#pragma once

#include <string_view>

#include "rt/priority_mappings.hpp"

namespace rtorb::rt {

// -ORBSchedPolicy.
enum class SchedPolicy { fifo, rr, other };

struct NativeScheduling {
  int policy = 0;  // SCHED_FIFO, SCHED_RR or SCHED_OTHER
  int priority = 0;
  friend bool operator==(const NativeScheduling&, const NativeScheduling&) = default;
};

// What the ORB schedules with: the policy asked for if the process may use it, else
// SCHED_OTHER (permitted == false; the caller warns once).
struct SchedulingChoice {
  int policy = 0;
  NativeRange range;
  bool permitted = true;
};
SchedulingChoice choose_scheduling(SchedPolicy wanted) noexcept;

NativeScheduling current_scheduling() noexcept;
// False if the kernel refused (the thread keeps what it had).
bool set_scheduling(const NativeScheduling& scheduling) noexcept;

}  // namespace rtorb::rt
