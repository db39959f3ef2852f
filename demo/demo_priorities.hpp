// The demo's three priorities, shared by the server's lanes and both ORBs' clients.
#pragma once

#include <array>
#include <cstdint>

namespace rt_demo {

struct PriorityLevel {
  const char* name;    // the table's column, and DIR/<name>.ior of the server's lane
  std::int16_t corba;  // the lane's and rtorb's client thread's RTCORBA::Priority
  // The SCHED_FIFO priority rtorb's default linear mapping gives `corba` (1..99): omniORB's
  // client threads take it directly, so both ORBs' clients run at the same OS priorities.
  int fifo;
  double rate_hz;  // how often the level's periodic client thread calls
};

// Highest first, as the table's columns read. The flood runs at the lowest level's
// priority (and with normal scheduling), so it competes with the low column only.
inline constexpr std::array<PriorityLevel, 3> levels{{
    {"high", 30000, 90, 20},
    {"medium", 15000, 45, 20},
    {"low", 1000, 3, 10},
}};

inline constexpr const PriorityLevel& flood_level = levels.back();

}  // namespace rt_demo
