// rtorb's TAG_RTORB_LANE_BAND component: the band of CORBA priorities the lane behind a
// profile serves (an encapsulated RTCORBA::PriorityBand). A server with thread pool lanes
// puts one profile per lane in a CLIENT_PROPAGATED object's IOR; an rtorb client connects to
// the profile whose band holds its priority, and any other client takes the first.
#pragma once

#include <optional>

#include "ior/policy_value.hpp"
#include "ior/tagged_component.hpp"

namespace rtorb::ior {

namespace component_tag {
inline constexpr ComponentId rtorb_lane_band = 0x52540001;  // rtorb's block (tags.hpp)
}  // namespace component_tag

TaggedComponent encode_lane_band(const PriorityBand& band);
// The band of a TAG_RTORB_LANE_BAND component; nullopt for a malformed one or low > high.
std::optional<PriorityBand> decode_lane_band(const TaggedComponent& component) noexcept;

}  // namespace rtorb::ior
