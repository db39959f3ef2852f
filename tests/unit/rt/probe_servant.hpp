// The servant of the rt tests (unit and interop): it answers from the upcall thread itself,
// so every assertion about priorities is about the real thread.
#pragma once

#include <atomic>
#include <cstdint>

#include "priority_probeS.h"

namespace rt_test {

class ProbeServant final : public CORBA::servant_traits<PriorityProbe>::base_type {
 public:
  // pthread_getschedparam of the upcall thread, and the CORBA priority the ORB runs it at.
  PriorityProbe::Scheduling upcall_scheduling() override;
  std::int32_t hold(std::int32_t hold_ms) override;

 private:
  std::atomic<std::int32_t> running_{0};
  std::atomic<std::int32_t> most_{0};
};

}  // namespace rt_test
