// rtorb's TAG_RTORB_GIOP_LITE component: the endpoint of this profile speaks GIOPlite
// (giop/message_header.hpp), not standard GIOP. Only rtorb clients know it; any other ORB
// ignores the component and its standard GIOP request is refused, so such endpoints are
// for closed systems of rtorb peers (docs/transport.md, "GIOPlite").
#pragma once

#include "ior/tagged_component.hpp"

namespace rtorb::ior {

namespace component_tag {
inline constexpr ComponentId rtorb_giop_lite = 0x52540002;  // rtorb's block (tags.hpp)
}  // namespace component_tag

// An encapsulated octet: the GIOPlite variant, 1 (the principle-patterns paper's Table 2,
// as giop::HeaderMode::lite frames it).
TaggedComponent encode_giop_lite();
// True when `components` has a well-formed TAG_RTORB_GIOP_LITE of a variant we speak; a
// malformed one or another variant is ignored (the profile then looks standard).
bool speaks_giop_lite(const TaggedComponentSeq& components) noexcept;

}  // namespace rtorb::ior
