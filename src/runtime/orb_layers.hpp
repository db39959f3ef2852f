// The layers above the ORB core that ORB_init joins to every ORB: each registers its -ORB
// options in the one table and gives back what it does to the new ORB.
#pragma once

#include <span>

#include "orb/option_table.hpp"

namespace rtorb::runtime {

std::span<const orb::RegisterLayer> orb_layers() noexcept;

}  // namespace rtorb::runtime
