#include "rt/rt_client_policies.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <string>

#include "client/object_core.hpp"
#include "core/orb_options.hpp"
#include "rt/protocol_control.hpp"
#include "rt/rt_state.hpp"

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

// The first IIOP entry of `protocols` that one of the reference's profiles serves picks the
// profile (by its framing, when the entry names one) and what the connections' sockets are
// set up with (when it has TCPProtocolProperties). INV_POLICY inv_policy_no_protocol when
// none does.
void choose_protocol(const RTCORBA::ProtocolList& protocols, ProtocolControl& control,
                     const transport::SocketOptions& base, orb::Target& target) {
  for (const auto& protocol : protocols) {
    if (!is_iiop(protocol)) continue;
    if (const auto framing = framing_of(protocol);
        framing && target.endpoint.giop_lite != (*framing == giop::HeaderMode::lite)) {
      auto chosen = orb::choose_target(target.reference, framing);
      if (!chosen) continue;
      target = *chosen;
    }
    if (protocol.transport_protocol_properties()) {
      auto cell = control.client_sockets(tcp_protocol(protocol, base).sockets);
      target.cache_key.socket_options = cell;
      for (auto& route : target.routes) route.cache_key.socket_options = cell;
    }
    return;
  }
  raise<CORBA::INV_POLICY>(minor::inv_policy_no_protocol,
                           "no profile of the reference serves a protocol of its "
                           "ClientProtocolPolicy");
}

class RtClientPolicies final : public orb::ClientPolicyHandler {
 public:
  explicit RtClientPolicies(std::shared_ptr<RtState> state) : state_(std::move(state)) {}

  void shape_target(const CORBA::PolicyList& overrides, std::uint64_t reference_id,
                    orb::Target& target) const override {
    // The protocol first: it may choose another profile, which the others then shape.
    for (const auto& policy : overrides) {
      if (auto client = IDL::traits<RTCORBA::ClientProtocolPolicy>::narrow(policy)) {
        choose_protocol(client->protocols(), state_->protocols(),
                        state_->orb_options().socket_options, target);
      }
    }
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

  // At the thread's and the ORB's level too (the spec lets all three be set there).
  CORBA::PolicyTypeSeq shaped_types() const override {
    return {RTCORBA::CLIENT_PROTOCOL_POLICY_TYPE, RTCORBA::PRIVATE_CONNECTION_POLICY_TYPE,
            RTCORBA::PRIORITY_BANDED_CONNECTION_POLICY_TYPE};
  }

 private:
  std::shared_ptr<RtState> state_;
};

}  // namespace

std::shared_ptr<const orb::ClientPolicyHandler> make_rt_client_policies(
    std::shared_ptr<RtState> state) {
  return std::make_shared<RtClientPolicies>(std::move(state));
}

}  // namespace rtorb::rt
