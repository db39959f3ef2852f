#include "probe_servant.hpp"

#include <pthread.h>
#include <sched.h>

#include <chrono>
#include <thread>

#include "core/seams/request_priority.hpp"

namespace rt_test {

PriorityProbe::Scheduling ProbeServant::upcall_scheduling() {
  int policy = 0;
  sched_param param{};
  pthread_getschedparam(pthread_self(), &policy, &param);
  return PriorityProbe::Scheduling(policy, param.sched_priority,
                                   static_cast<std::int16_t>(rtorb::orb::thread_priority()));
}

std::int32_t ProbeServant::hold(std::int32_t hold_ms) {
  const std::int32_t now = running_.fetch_add(1) + 1;
  std::int32_t most = most_.load();
  while (now > most && !most_.compare_exchange_weak(most, now)) {
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(hold_ms));
  running_.fetch_sub(1);
  return most_.load();
}

}  // namespace rt_test
