// The layers ORB_init joins to every ORB, in the order their initializers run.
#include "runtime/orb_layers.hpp"

#include "messaging/messaging_init.hpp"
#include "rt/rt_orb.hpp"

namespace rtorb::runtime {

std::span<const orb::RegisterLayer> orb_layers() noexcept {
  static constexpr orb::RegisterLayer layers[] = {&rt::register_rt_layer,
                                                  &messaging::register_messaging_layer};
  return layers;
}

}  // namespace rtorb::runtime
