// The poa layer's access to PortableServer::Servant's private fields.
#pragma once

#include <memory>
#include <rtorb/poa/servant.hpp>

namespace PortableServer {

class ServantAccess {
 public:
  // Remembers the ORB (its PoaSystem) the servant was last activated with, for
  // _default_POA().
  static void set_default_poa(Servant& servant, std::weak_ptr<void> system) noexcept {
    servant.default_poa_ = std::move(system);
  }
  static std::shared_ptr<void> default_poa(const Servant& servant) noexcept {
    return servant.default_poa_.lock();
  }
};

}  // namespace PortableServer
