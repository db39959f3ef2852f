// The CORBA priorities of the MT_Cubit experiment, shared by rtorb's server and client. The
// server's lanes are at exactly these two, so the low lane serves 0..high-1.
#pragma once

#include <rtorb/rt/rtcorba.hpp>

namespace mt_cubit {

inline constexpr RTCORBA::Priority high_priority = 30000;  // SCHED_FIFO 90 with -ORBPriorityMapping linear
inline constexpr RTCORBA::Priority low_priority = 1000;    // SCHED_FIFO 3

}  // namespace mt_cubit
