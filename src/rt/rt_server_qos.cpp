#include "rt/rt_server_qos.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <optional>

#include "core/orb_context.hpp"
#include "core/seams/request_priority.hpp"
#include "giop/service_context.hpp"
#include "ior/component.hpp"
#include "ior/encapsulation.hpp"
#include "ior/lane_band.hpp"
#include "server/server_side.hpp"

namespace rtorb::rt {
namespace {

using RTCORBA::Priority;

[[noreturn]] void invalid(std::size_t index) {
  throw CORBA::InvalidPolicies({static_cast<std::uint16_t>(index)});
}

// The RT policies of one POA, checked (RT-CORBA 1.2, 2.17 and 2.18).
struct RtPolicies {
  std::optional<RTCORBA::PriorityModel> model;
  Priority server_priority = 0;
  std::shared_ptr<const Threadpool> pool;
  RTCORBA::PriorityBands bands;
  std::optional<TcpProtocol> protocol;  // the IIOP entry of a ServerProtocolPolicy
  std::vector<giop::HeaderMode> framings;  // its entries' (server_framings)
};

// Holds the calling thread at a priority for an upcall and puts back what it had.
class PriorityScope {
 public:
  PriorityScope(const NativeScheduling& native, Priority priority) noexcept
      : before_(current_scheduling()), before_priority_(orb::thread_priority()) {
    changed_ = !(before_ == native) && set_scheduling(native);
    orb::set_thread_priority(priority);
  }
  PriorityScope(const PriorityScope&) = delete;
  PriorityScope& operator=(const PriorityScope&) = delete;
  ~PriorityScope() {
    if (changed_) set_scheduling(before_);
    orb::set_thread_priority(before_priority_);
  }

 private:
  NativeScheduling before_;
  std::int32_t before_priority_;
  bool changed_ = false;
};

// Counts an upcall in the lane of the thread running it.
class LaneScope {
 public:
  LaneScope(Lane* lane, Priority priority) noexcept : lane_(lane) {
    if (lane_ == nullptr) return;
    lane_->requests.fetch_add(1, std::memory_order_relaxed);
    lane_->busy.fetch_add(1, std::memory_order_relaxed);
    if (priority > lane_->band_high) lane_->priority_violations.fetch_add(1, std::memory_order_relaxed);
  }
  LaneScope(const LaneScope&) = delete;
  LaneScope& operator=(const LaneScope&) = delete;
  ~LaneScope() {
    if (lane_ != nullptr) lane_->busy.fetch_sub(1, std::memory_order_relaxed);
  }

 private:
  Lane* lane_;
};

class RtServerQos final : public orb::ServerQos {
 public:
  RtServerQos(std::shared_ptr<RtState> state, RtPolicies policies)
      : state_(std::move(state)), p_(std::move(policies)) {}

  orb::ReferenceLayout layout(std::int32_t priority) override {
    const Priority declared = priority == orb::no_priority ? p_.server_priority
                                                           : static_cast<Priority>(priority);
    orb::ReferenceLayout layout;
    layout.header_modes = p_.framings;
    if (!p_.model) return layout;  // a ServerProtocolPolicy alone
    layout.components.push_back(policies_component(declared));
    if (!p_.pool) return layout;
    const Lane& first = p_.pool->lane_for(declared);
    if (server_declared()) {
      layout.lanes.push_back({first.lane, {}});
      return layout;
    }
    // Every lane, the one of the server priority first: a client that knows nothing of
    // lanes takes the first profile and is served at the priority it would be given.
    layout.lanes.push_back({first.lane, {ior::encode_lane_band({first.band_low, first.band_high})}});
    for (const auto& lane : p_.pool->lanes) {
      if (lane.get() == &first) continue;
      layout.lanes.push_back({lane->lane, {ior::encode_lane_band({lane->band_low, lane->band_high})}});
    }
    return layout;
  }

  void run_upcall(orb::ServerRequest& request, std::int32_t object_priority,
                  orb::FunctionRef<void()> upcall) override {
    if (!p_.model) return upcall();
    Priority priority = object_priority == orb::no_priority
                            ? p_.server_priority
                            : static_cast<Priority>(object_priority);
    if (!server_declared()) {
      const auto context = request.service_context(giop::service_id::rt_corba_priority);
      if (!request.carries_service_contexts()) {
        // GIOPlite: the client chose the lane by its priority, and that is all it could say.
        if (const Lane* lane = current_lane()) priority = lane->priority;
      } else if (!context.empty()) {
        cdr::InputStream is = ior::open_encapsulation(context);
        const Priority propagated = is.read_short();
        if (propagated < RTCORBA::minPriority) {
          raise<CORBA::BAD_PARAM>(minor::bad_param_bad_priority,
                                  "RTCorbaPriority " + std::to_string(propagated));
        }
        priority = propagated;
        request.add_reply_service_context(giop::service_id::rt_corba_priority, context);
      }
    }
    priority = state_->inbound(priority, request.object_key());
    const auto native = state_->native_of(priority);
    if (!native) {
      raise<CORBA::DATA_CONVERSION>(minor::data_conversion_priority_mapping,
                                    "the priority mapping cannot map " + std::to_string(priority));
    }
    // A collocated request runs on its caller's thread: no lane read it.
    LaneScope counted(orb::serving_collocated_request() ? nullptr : current_lane(), priority);
    PriorityScope at(*native, priority);
    upcall();
  }

  // RTPortableServer (RT-CORBA 1.2, 5.4): only SERVER_DECLARED objects have priorities of
  // their own, and with lanes only the priorities of lanes.
  ObjectPriority check_object_priority(std::int32_t priority) const noexcept override {
    if (!p_.model || !server_declared()) return ObjectPriority::wrong_policy;
    if (priority < 0 || priority > RTCORBA::maxPriority ||
        !state_->native_of(static_cast<Priority>(priority))) {
      return ObjectPriority::bad_priority;
    }
    if (!p_.pool) return ObjectPriority::accepted;
    for (const auto& lane : p_.pool->lanes) {
      if (lane->priority == priority) return ObjectPriority::accepted;
    }
    return ObjectPriority::bad_priority;
  }

 private:
  // TAG_POLICIES: the priority model at `declared`, and the bands if any.
  ior::TaggedComponent policies_component(Priority declared) const {
    ior::PoliciesComponent tagged;
    tagged.policies.push_back(ior::encode_policy(ior::PriorityModelPolicy{
        server_declared() ? ior::PriorityModel::server_declared
                          : ior::PriorityModel::client_propagated,
        declared}));
    if (!p_.bands.empty()) {
      ior::PriorityBandedConnectionPolicy banded;
      for (const auto& b : p_.bands) banded.bands.push_back({b.low(), b.high()});
      tagged.policies.push_back(ior::encode_policy(banded));
    }
    return ior::encode_component(tagged);
  }

  bool server_declared() const noexcept {
    return *p_.model == RTCORBA::PriorityModel::SERVER_DECLARED;
  }

  std::shared_ptr<RtState> state_;
  RtPolicies p_;
};

class RtPolicyHandler final : public orb::ServerPolicyHandler {
 public:
  explicit RtPolicyHandler(std::shared_ptr<RtState> state) : state_(std::move(state)) {}

  bool handles(CORBA::PolicyType type) const noexcept override {
    return type >= RTCORBA::PRIORITY_MODEL_POLICY_TYPE &&
           type <= RTCORBA::PRIORITY_BANDED_CONNECTION_POLICY_TYPE;
  }

  std::shared_ptr<orb::ServerQos> make_qos(const CORBA::PolicyList& policies) override {
    RtPolicies p;
    PolicyAt at;
    if (!read_policies(policies, p, at)) return nullptr;
    if (!p.model) {
      // Lanes or bands say nothing about which priority an upcall runs at.
      if (p.pool) invalid(at.pool);
      if (!p.bands.empty()) invalid(at.bands);
      // Protocol policies alone: nothing to do on the request path, unless the references
      // name endpoints of one framing only (the ORB's, as -ORBEndpoint opened them).
      if (p.framings.empty()) return nullptr;
      for (const auto mode : p.framings) {
        if (!state_->orb_server().ensure_lane_framing(orb::default_lane, mode)) invalid(at.protocol);
      }
      return std::make_shared<RtServerQos>(state_, std::move(p));
    }
    check_lanes_serve(p, at);
    if (!state_->native_of(p.server_priority)) invalid(at.model);
    // Last, once nothing else can refuse the POA: the pool's lanes set their sockets up
    // as the protocol properties say (without a pool, the ORB's acceptors keep
    // -ORBSocketOptions: docs/rt.md).
    if (p.pool && p.protocol && !state_->protocols().configure_pool(*p.pool, *p.protocol)) {
      invalid(at.protocol);  // another POA gave the pool's lanes other properties
    }
    open_framings(p, at.protocol);
    return std::make_shared<RtServerQos>(state_, std::move(p));
  }

 private:
  // Where in the list each policy was: the index an InvalidPolicy names.
  struct PolicyAt {
    std::size_t model = 0, pool = 0, bands = 0, protocol = 0;
  };

  // The RT policies of `policies` into `p` (false if there is none); InvalidPolicy for
  // one that cannot be used on a POA, alone.
  bool read_policies(const CORBA::PolicyList& policies, RtPolicies& p, PolicyAt& at) const {
    bool any = false;
    for (std::size_t i = 0; i < policies.size(); ++i) {
      const auto& policy = policies[i];
      if (!policy || !handles(policy->policy_type())) continue;
      any = true;
      if (auto m = IDL::traits<RTCORBA::PriorityModelPolicy>::narrow(policy)) {
        p.model = m->priority_model();
        p.server_priority = m->server_priority();
        at.model = i;
        if (p.server_priority < RTCORBA::minPriority) invalid(i);
      } else if (auto t = IDL::traits<RTCORBA::ThreadpoolPolicy>::narrow(policy)) {
        p.pool = state_->threadpool(t->threadpool());
        at.pool = i;
        if (!p.pool) invalid(i);
      } else if (auto b = IDL::traits<RTCORBA::PriorityBandedConnectionPolicy>::narrow(policy)) {
        p.bands = b->priority_bands();
        at.bands = i;
        if (p.bands.empty()) invalid(i);
        for (const auto& band : p.bands) {
          if (band.low() < 0 || band.low() > band.high()) invalid(i);
        }
      } else if (policy->policy_type() == RTCORBA::PRIVATE_CONNECTION_POLICY_TYPE) {
        invalid(i);  // a client's choice: it means nothing on a POA
      } else if (auto server = IDL::traits<RTCORBA::ServerProtocolPolicy>::narrow(policy)) {
        const RTCORBA::ProtocolList protocols = server->protocols();
        p.protocol = iiop_protocol(protocols, state_->orb_options().socket_options);
        p.framings = server_framings(protocols);
        at.protocol = i;
        if (!p.protocol) invalid(i);  // no IIOP entry: rtorb serves no other protocol
        const bool lite = std::find(p.framings.begin(), p.framings.end(),
                                    giop::HeaderMode::lite) != p.framings.end();
        if (lite && state_->orb_options().giop_version.minor == 0) invalid(i);
      } else if (!IDL::traits<RTCORBA::ClientProtocolPolicy>::narrow(policy)) {
        invalid(i);  // one of our types, but not an object we made
      }
    }
    return any;
  }

  // The lanes of the pool serve the priorities the model and the bands promise.
  static void check_lanes_serve(const RtPolicies& p, const PolicyAt& at) {
    if (p.pool && *p.model == RTCORBA::PriorityModel::SERVER_DECLARED) {
      bool matched = false;
      for (const auto& lane : p.pool->lanes) matched = matched || lane->priority == p.server_priority;
      if (!matched) invalid(at.model);  // RT-CORBA 1.2, 2.17.4: a lane of that priority
    }
    if (p.pool && !p.bands.empty()) {
      // Every band must be served by a lane whose priority lies inside it.
      for (const auto& band : p.bands) {
        bool served = false;
        for (const auto& lane : p.pool->lanes)
          served = served || (lane->priority >= band.low() && lane->priority <= band.high());
        if (!served) invalid(at.bands);
      }
    }
  }

  // Opens the framings the ServerProtocolPolicy names on the lanes that serve the POA.
  void open_framings(const RtPolicies& p, std::size_t protocol_at) const {
    for (const auto mode : p.framings) {
      if (!p.pool) {
        if (!state_->orb_server().ensure_lane_framing(orb::default_lane, mode)) invalid(protocol_at);
        continue;
      }
      for (const auto& lane : p.pool->lanes) state_->orb_server().ensure_lane_framing(lane->lane, mode);
    }
  }

 private:
  std::shared_ptr<RtState> state_;
};

}  // namespace

std::shared_ptr<orb::ServerPolicyHandler> make_rt_policy_handler(std::shared_ptr<RtState> state) {
  return std::make_shared<RtPolicyHandler>(std::move(state));
}

}  // namespace rtorb::rt
