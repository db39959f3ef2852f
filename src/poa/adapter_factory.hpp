// The POA as the ORB's object adapter: ORB_init puts make_adapter into
// OrbOptions::adapter_factory.
#pragma once

#include <memory>

#include "core/object_adapter.hpp"
#include "core/orb_context.hpp"

namespace rtorb::poa {

// The RootPOA (HOLDING), POACurrent and key routing of `orb`.
std::unique_ptr<rtorb::orb::ObjectAdapter> make_adapter(rtorb::orb::OrbContext& orb);

}  // namespace rtorb::poa
