// Module TimeBase (OMG Time Service) as the IDL to C++11 mapping gives it: what the
// Messaging and RT-CORBA policies measure time in.
#pragma once

#include <cstdint>

namespace TimeBase {

// A count of 100 ns units: a duration, or (in UtcT) the time since 15 October 1582 UTC.
using TimeT = std::uint64_t;
using InaccuracyT = TimeT;
using TdfT = std::int16_t;  // time displacement factor, minutes east of Greenwich

struct UtcT {
  TimeT time = 0;
  std::uint32_t inacclo = 0;
  std::uint16_t inacchi = 0;
  TdfT tdf = 0;
};

}  // namespace TimeBase
