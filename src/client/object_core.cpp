#include "client/object_core.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <cstdlib>

#include "client/client_side.hpp"
#include "core/native_code_sets.hpp"
#include "core/object_adapter.hpp"
#include "core/orb_context.hpp"
#include "core/policy_manager.hpp"
#include "core/seams/client_policy.hpp"
#include "ior/component.hpp"
#include "ior/giop_lite_component.hpp"
#include "ior/lane_band.hpp"
#include "ior/tagged_component.hpp"
#include "ior/tags.hpp"
#include "server/server_side.hpp"
#include "transport/protocol.hpp"

namespace rtorb::orb {
namespace {

// Our native sets with the server's component (13.10.2.6); a set that cannot be agreed
// keeps the GIOP default, so data that needs it fails when it is marshaled.
void negotiate(Target& t, const cdr::CodeSetComponentInfo& server) {
  const auto& client = native_code_sets();
  const cdr::CodeSetId c = cdr::negotiate_code_set(client.for_char_data, server.for_char_data);
  const cdr::CodeSetId w =
      cdr::negotiate_code_set(client.for_wchar_data, server.for_wchar_data);
  if (c != 0) t.code_sets.transmission_char = c;
  if (w != 0) t.code_sets.transmission_wchar = w;
  t.code_set_context = {t.code_sets.transmission_char, t.code_sets.transmission_wchar};
}

// The RT-CORBA policies of the profile's TAG_POLICIES; a malformed one is ignored, as a
// client that knows nothing of RT-CORBA would.
void read_rt_policies(Target& t) {
  const auto* c = ior::find_component(t.profile.components, ior::component_tag::policies);
  if (c == nullptr) return;
  try {
    const ior::ComponentValue value = ior::decode_component(*c);
    const auto* policies = std::get_if<ior::PoliciesComponent>(&value);
    if (policies == nullptr) return;
    for (const auto& raw : policies->policies) {
      const ior::PolicyContent content = ior::decode_policy(raw);
      if (const auto* model = std::get_if<ior::PriorityModelPolicy>(&content)) {
        t.priority_model = *model;
      } else if (const auto* banded = std::get_if<ior::PriorityBandedConnectionPolicy>(&content)) {
        // One connection per band: the band's place in the list (from 1) keys it.
        std::int32_t n = 0;
        for (const auto& band : banded->bands) {
          if (band.low > band.high) continue;
          transport::CacheKey key{t.endpoint};
          key.priority_band = ++n;
          t.routes.push_back({band.low, band.high, std::move(key)});
        }
      }
    }
  } catch (const CORBA::MARSHAL&) {
  }
}

// The lanes of an rtorb server: every IIOP profile with the chosen one's object key and
// framing and a TAG_RTORB_LANE_BAND names where the requests of its band go (before the
// IOR's bands).
void read_lane_routes(Target& t, const ior::ObjectReference& reference) {
  std::vector<Target::Route> lanes;
  for (const auto& p : reference.profiles) {
    const auto* profile = std::get_if<ior::IiopProfile>(&p);
    if (profile == nullptr || profile->object_key != t.profile.object_key) continue;
    if (ior::speaks_giop_lite(profile->components) != t.endpoint.giop_lite) continue;
    const auto* c = ior::find_component(profile->components, ior::component_tag::rtorb_lane_band);
    if (c == nullptr) continue;
    if (const auto band = ior::decode_lane_band(*c)) {
      lanes.push_back({band->low, band->high,
                       transport::CacheKey{transport::Endpoint{profile->host, profile->port,
                                                               t.endpoint.giop_lite}}});
    }
  }
  if (!lanes.empty()) t.routes = std::move(lanes);
}

std::shared_ptr<Target> target_for(const ior::ObjectReference& reference, std::size_t index) {
  const auto* profile = std::get_if<ior::IiopProfile>(&reference.profiles[index]);
  if (profile == nullptr || profile->version.major != 1 || profile->host.empty())
    return nullptr;
  auto t = std::make_shared<Target>();
  t->reference = reference;
  t->profile_index = index;
  t->profile = *profile;
  // A GIOPlite endpoint is another endpoint (its own connections, framed its own way), and
  // GIOPlite is 1.2 underneath whatever the profile says. Otherwise: the best protocol the
  // profile offers this host (a Unix socket before TCP).
  t->endpoint = transport::client_endpoint(*profile);
  t->cache_key = transport::CacheKey{t->endpoint};
  t->version = t->endpoint.giop_lite ? giop::giop_1_2
                                     : giop::Version{1, std::min<std::uint8_t>(profile->version.minor, 2)};
  if (const auto* c = ior::find_component(profile->components, ior::component_tag::code_sets)) {
    try {
      const ior::ComponentValue value = ior::decode_component(*c);
      if (const auto* info = std::get_if<ior::CodeSetsComponent>(&value)) {
        t->has_code_sets = true;
        negotiate(*t, info->info);
      }
    } catch (const CORBA::MARSHAL&) {
      // A malformed component: talk with the defaults, as to an ORB that sent none.
    }
  }
  read_rt_policies(*t);
  read_lane_routes(*t, reference);
  return t;
}

}  // namespace

std::shared_ptr<const Target> choose_target(const ior::ObjectReference& reference,
                                            std::optional<giop::HeaderMode> framing) {
  for (std::size_t i = 0; i < reference.profiles.size(); ++i) {
    if (framing) {
      const auto* profile = std::get_if<ior::IiopProfile>(&reference.profiles[i]);
      if (profile == nullptr ||
          ior::speaks_giop_lite(profile->components) != (*framing == giop::HeaderMode::lite)) {
        continue;
      }
    }
    if (auto t = target_for(reference, i)) return t;
  }
  return nullptr;
}

void ObjectCore::open_connections() {
  std::shared_ptr<const Target> hold;
  const Target& t = target(hold);
  if (collocated(t) || orb_->options().client_strategy == ClientStrategy::multiplexed) return;
  // A lease given back leaves its connection idle in the cache for the first call.
  if (t.routes.empty()) orb_->client().connections().acquire(t.cache_key);
  for (const auto& route : t.routes) orb_->client().connections().acquire(route.cache_key);
}

namespace {
std::atomic<std::uint64_t> next_reference_id{1};
}  // namespace

ObjectCore::ObjectCore(std::shared_ptr<OrbContext> orb, ior::ObjectReference reference,
                       std::optional<cdr::IorData> wire, CORBA::PolicyList overrides)
    : orb_(std::move(orb)),
      reference_(std::move(reference)),
      overrides_(std::move(overrides)),
      reference_id_(next_reference_id.fetch_add(1, std::memory_order_relaxed)) {
  ior_data_ = wire ? std::move(*wire) : ior::encode_reference(reference_);
  if (!overrides_.empty()) {
    if (const CallPolicyReader* reader = orb_->seams().call_policy_reader()) {
      if (auto policies = reader->read(overrides_); !policies.empty()) call_policies_ = policies;
    }
  }
  original_ = make_target(reference_, overrides_);
  target_.store(original_);
  // Stubs find the memo slot at the core's own address (direct_call.hpp).
  if (static_cast<void*>(static_cast<detail::DirectMemoSlot*>(this)) != static_cast<void*>(this))
    std::abort();
}

std::shared_ptr<const Target> ObjectCore::target() const {
  std::shared_ptr<const Target> t = target_.load(std::memory_order_acquire);
  if (!t) {
    raise<CORBA::INV_OBJREF>(minor::inv_objref_no_profile,
                             "the reference has no usable IIOP profile");
  }
  return t;
}

const Target& ObjectCore::target(std::shared_ptr<const Target>& hold) const {
  // Zero unless a layer shapes targets (RT-CORBA): then one look at the thread's list.
  if (orb_->seams().client_shaping_types() != 0 && target_for_levels(hold)) return *hold;
  // A forward stores target_ before the flag: a call that still sees the flag clear goes
  // where it would have gone a moment earlier.
  if (original_ && !forwarded_.load(std::memory_order_acquire)) return *original_;
  hold = target();
  return *hold;
}

std::shared_ptr<const Target> ObjectCore::make_target(const ior::ObjectReference& reference,
                                                      const CORBA::PolicyList& overrides) const {
  auto chosen = choose_target(reference);
  if (!chosen || overrides.empty()) return chosen;
  auto shaped = std::make_shared<Target>(*chosen);
  for (const auto& handler : orb_->seams().client_policy_handlers()) {
    handler->shape_target(overrides, reference_id_, *shaped);
  }
  return shaped;
}

bool ObjectCore::target_for_levels(std::shared_ptr<const Target>& hold) const {
  const std::uint64_t types = orb_->seams().client_shaping_types();
  const auto shapes = [types](const CORBA::object_reference<CORBA::Policy>& policy) {
    if (!policy) return false;
    const CORBA::PolicyType type = policy->policy_type();
    return type < 64 && (types >> type & 1) != 0;
  };
  const CORBA::PolicyList& thread_level = thread_policy_overrides();
  if (!orb_->seams().orb_policies().has_shaping_policies() &&
      std::none_of(thread_level.begin(), thread_level.end(), shapes)) {
    return false;
  }
  // The target changes only with the levels or a forward: the last one made is kept per
  // thread, so that calls under unchanged policies build nothing.
  struct Made {
    std::uint64_t reference_id = 0;
    std::uint64_t thread_generation = 0;
    std::uint64_t orb_generation = 0;
    std::shared_ptr<const Target> base;    // what it was made from
    std::shared_ptr<const Target> shaped;  // null: the levels add nothing
  };
  thread_local Made last;
  std::shared_ptr<const Target> base = target_.load(std::memory_order_acquire);
  if (!base) return false;  // the caller raises INV_OBJREF
  const std::uint64_t thread_generation = thread_policy_generation();
  const std::uint64_t orb_generation = orb_->seams().orb_policies().shaping_generation();
  if (last.reference_id != reference_id_ || last.thread_generation != thread_generation ||
      last.orb_generation != orb_generation || last.base != base) {
    // The reference's own policies first, then a type it does not set from the thread's
    // list, then one neither sets from the ORB's.
    CORBA::PolicyList levels = overrides_;
    const auto add_level = [&](const CORBA::PolicyList& level) {
      for (const auto& policy : level) {
        if (!shapes(policy)) continue;
        const CORBA::PolicyType type = policy->policy_type();
        if (std::none_of(levels.begin(), levels.end(), [type](const auto& p) {
              return p && p->policy_type() == type;
            })) {
          levels.push_back(policy);
        }
      }
    };
    const std::size_t own = levels.size();
    add_level(thread_level);
    const auto orb_level = orb_->seams().orb_policies().shaping_policies();
    if (orb_level) add_level(*orb_level);
    auto shaped = levels.size() == own ? nullptr : make_target(base->reference, levels);
    last = Made{reference_id_, thread_generation, orb_generation, std::move(base),
                std::move(shaped)};
  }
  if (!last.shaped) return false;
  hold = last.shaped;
  return true;
}

void ObjectCore::forward(const ior::ObjectReference& to) {
  auto t = make_target(to, overrides_);
  if (!t) {
    raise<CORBA::INV_OBJREF>(minor::inv_objref_no_profile,
                             "LOCATION_FORWARD to a reference with no usable IIOP profile");
  }
  retarget(std::move(t), true);
}

void ObjectCore::reset_forward() { retarget(original_, false); }

void ObjectCore::retarget(std::shared_ptr<const Target> target, bool forwarded) noexcept {
  // Under the memo mutex, so that a forward and a reset racing each other leave target_
  // and the flag agreeing. A refresh that read the old target sees forwards_ moved on and
  // publishes nothing. The memo block itself stays (a call may be running through it).
  std::lock_guard lock(direct_memo_mutex_);
  target_.store(std::move(target), std::memory_order_release);
  forwarded_.store(forwarded, std::memory_order_release);
  ++forwards_;
  direct_memo.store(nullptr, std::memory_order_release);
}

bool ObjectCore::forwarded() const { return forwarded_.load(std::memory_order_acquire); }

bool ObjectCore::collocated(const Target& target) const {
  // Cheapest tests first: a pure client has no adapter and takes no lock here.
  if (!orb_->options().collocation) return false;
  ObjectAdapter* adapter = orb_->adapter_if_created();
  if (adapter == nullptr || !adapter->owns_key(target.profile.object_key)) return false;
  return orb_->server().is_own_endpoint(target.endpoint.host, target.endpoint.port);
}

DirectUpcall* ObjectCore::refresh_direct_memo() noexcept {
  // Cheapest tests first: thru_poa ORBs and pure clients stop here.
  if (!orb_->options().collocation_direct) return nullptr;
  ObjectAdapter* adapter = orb_->adapter_if_created();
  if (adapter == nullptr || orb_->shut_down()) return nullptr;
  try {
    // forwards_ before the target: a forward after this read stops the publication below.
    std::uint32_t forwards_now;
    {
      std::lock_guard lock(direct_memo_mutex_);
      forwards_now = forwards_;
    }
    const auto target = target_.load(std::memory_order_acquire);
    if (!target || !collocated(*target)) return nullptr;
    DirectBinding binding = adapter->direct_binding(target->profile.object_key);
    if (binding.upcall == nullptr) return nullptr;
    std::lock_guard lock(direct_memo_mutex_);
    if (forwards_ != forwards_now) return nullptr;  // forwarded meanwhile: next call retries
    OwnedDirectMemo* current = direct_memos_.empty() ? nullptr : direct_memos_.back().get();
    if (current != nullptr && current->upcall == binding.upcall &&
        current->servant == binding.servant && current->forwards == forwards_now &&
        current->epoch_owner == binding.epoch_source) {
      // Same servant: move the epoch on in place, allocating nothing.
      current->epoch.store(binding.epoch, std::memory_order_relaxed);
      direct_memo.store(current, std::memory_order_release);
      return binding.upcall;
    }
    if (direct_memos_.size() >= max_direct_memos) return nullptr;
    auto memo = std::make_unique<OwnedDirectMemo>();
    memo->epoch.store(binding.epoch, std::memory_order_relaxed);
    memo->forwards = forwards_now;
    memo->epoch_source = binding.epoch_source.get();
    memo->upcall = binding.upcall;
    memo->epoch_owner = std::move(binding.epoch_source);
    memo->servant = std::move(binding.servant);
    direct_memos_.push_back(std::move(memo));
    direct_memo.store(direct_memos_.back().get(), std::memory_order_release);
    return direct_memos_.back()->upcall;
  } catch (...) {
    return nullptr;  // no usable profile, out of memory: the POA path reports what it must
  }
}

}  // namespace rtorb::orb
