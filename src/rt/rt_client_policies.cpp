#include "rt/rt_client_policies.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <string>

#include "orb/object_core.hpp"

namespace rtorb::rt {
namespace {

void add_band_routes(const RTCORBA::PriorityBands& bands, orb::Target& target) {
  if (bands.empty()) {
    raise<CORBA::INV_POLICY>(minor::inv_policy_bad_bands, "a PriorityBandedConnectionPolicy "
                                                          "without bands");
  }
  std::vector<orb::Target::Route> routes;
  std::int32_t n = 0;
  for (const auto& band : bands) {
    if (band.low() < RTCORBA::minPriority || band.low() > band.high()) {
      raise<CORBA::INV_POLICY>(minor::inv_policy_bad_bands,
                               "priority band " + std::to_string(band.low()) + ".." +
                                   std::to_string(band.high()));
    }
    transport::CacheKey key{target.endpoint};
    key.priority_band = ++n;  // as the IOR's bands: the band's place in the list, from 1
    routes.push_back({band.low(), band.high(), std::move(key)});
  }
  if (target.routes.empty()) target.routes = std::move(routes);
}

class RtClientPolicies final : public orb::ClientPolicyHandler {
 public:
  void shape_target(const CORBA::PolicyList& overrides, std::uint64_t reference_id,
                    orb::Target& target) const override {
    bool is_private = false;
    for (const auto& policy : overrides) {
      if (auto banded = IDL::traits<RTCORBA::PriorityBandedConnectionPolicy>::narrow(policy)) {
        add_band_routes(banded->priority_bands(), target);
      } else if (IDL::traits<RTCORBA::PrivateConnectionPolicy>::narrow(policy)) {
        is_private = true;
      }
    }
    if (!is_private) return;
    target.cache_key.private_owner = reference_id;
    for (auto& route : target.routes) route.cache_key.private_owner = reference_id;
  }
};

}  // namespace

std::shared_ptr<const orb::ClientPolicyHandler> make_rt_client_policies() {
  return std::make_shared<RtClientPolicies>();
}

}  // namespace rtorb::rt
