#include "rt/native_priority.hpp"

#include <pthread.h>
#include <sched.h>

namespace rtorb::rt {

SchedulingChoice choose_scheduling(SchedPolicy wanted) noexcept {
  const int policy = wanted == SchedPolicy::fifo ? SCHED_FIFO
                     : wanted == SchedPolicy::rr ? SCHED_RR
                                                 : SCHED_OTHER;
  SchedulingChoice choice{policy, {sched_get_priority_min(policy), sched_get_priority_max(policy)}};
  if (policy == SCHED_OTHER) return choice;
  // Tried on this thread and put back: rlimits, capabilities and cgroups all have a say,
  // and only the kernel knows what they add up to.
  const NativeScheduling before = current_scheduling();
  if (!set_scheduling({policy, choice.range.min})) {
    choice = {SCHED_OTHER, {0, 0}, false};
    return choice;
  }
  set_scheduling(before);
  return choice;
}

NativeScheduling current_scheduling() noexcept {
  int policy = 0;
  sched_param param{};
  if (pthread_getschedparam(pthread_self(), &policy, &param) != 0) return {};
  return {policy, param.sched_priority};
}

bool set_scheduling(const NativeScheduling& s) noexcept {
  sched_param param{};
  param.sched_priority = s.priority;
  return pthread_setschedparam(pthread_self(), s.policy, &param) == 0;
}

}  // namespace rtorb::rt
