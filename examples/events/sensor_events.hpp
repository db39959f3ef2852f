// The event types the example's supplier and consumer agree on. Types below 16 are the
// channel's own (timeouts, filter designators); an application numbers its events above.
#pragma once
#include <cstdint>
#include <string>

namespace sensor {

inline constexpr std::int32_t position = 20;
inline constexpr std::int32_t altitude = 21;
inline constexpr std::int32_t fuel = 22;  // nobody subscribes: the channel filters it out
inline constexpr std::int32_t end_of_track = 29;

inline std::string name(std::int32_t type) {
  switch (type) {
    case position: return "position";
    case altitude: return "altitude";
    case fuel: return "fuel";
    case end_of_track: return "end of track";
    default: return "event " + std::to_string(type);
  }
}

}  // namespace sensor
