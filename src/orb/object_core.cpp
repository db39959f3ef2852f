#include "orb/object_core.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>

#include "ior/component.hpp"
#include "ior/tagged_component.hpp"
#include "ior/tags.hpp"
#include "orb/object_adapter.hpp"
#include "orb/orb_core.hpp"

namespace rtorb::orb {
namespace {

// Our native sets with the server's component (13.10.2.6); a set that cannot be agreed
// keeps the GIOP default, so data that needs it fails when it is marshaled.
void negotiate(Target& t, const cdr::CodeSetComponentInfo& server) {
  const auto& client = OrbCore::code_sets();
  const cdr::CodeSetId c = cdr::negotiate_code_set(client.for_char_data, server.for_char_data);
  const cdr::CodeSetId w =
      cdr::negotiate_code_set(client.for_wchar_data, server.for_wchar_data);
  if (c != 0) t.code_sets.transmission_char = c;
  if (w != 0) t.code_sets.transmission_wchar = w;
  t.code_set_context = {t.code_sets.transmission_char, t.code_sets.transmission_wchar};
}

std::shared_ptr<Target> target_for(const ior::ObjectReference& reference, std::size_t index) {
  const auto* profile = std::get_if<ior::IiopProfile>(&reference.profiles[index]);
  if (profile == nullptr || profile->version.major != 1 || profile->host.empty())
    return nullptr;
  auto t = std::make_shared<Target>();
  t->reference = reference;
  t->profile_index = index;
  t->profile = *profile;
  t->endpoint = {profile->host, profile->port};
  t->cache_key = transport::CacheKey{t->endpoint};
  t->version = {1, std::min<std::uint8_t>(profile->version.minor, 2)};
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
  return t;
}

}  // namespace

std::shared_ptr<const Target> choose_target(const ior::ObjectReference& reference) {
  for (std::size_t i = 0; i < reference.profiles.size(); ++i) {
    if (auto t = target_for(reference, i)) return t;
  }
  return nullptr;
}

ObjectCore::ObjectCore(std::shared_ptr<OrbCore> orb, ior::ObjectReference reference,
                       std::optional<cdr::IorData> wire)
    : orb_(std::move(orb)), reference_(std::move(reference)) {
  ior_data_ = wire ? std::move(*wire) : ior::encode_reference(reference_);
  original_ = choose_target(reference_);
  target_.store(original_);
}

std::shared_ptr<const Target> ObjectCore::target() const {
  std::shared_ptr<const Target> t = target_.load(std::memory_order_acquire);
  if (!t) {
    raise<CORBA::INV_OBJREF>(minor::inv_objref_no_profile,
                             "the reference has no usable IIOP profile");
  }
  return t;
}

void ObjectCore::forward(const ior::ObjectReference& to) {
  auto t = choose_target(to);
  if (!t) {
    raise<CORBA::INV_OBJREF>(minor::inv_objref_no_profile,
                             "LOCATION_FORWARD to a reference with no usable IIOP profile");
  }
  target_.store(std::move(t), std::memory_order_release);
}

void ObjectCore::reset_forward() {
  target_.store(original_, std::memory_order_release);
}

bool ObjectCore::forwarded() const {
  return target_.load(std::memory_order_acquire) != original_;
}

bool ObjectCore::collocated(const Target& target) const {
  // Cheapest tests first: a pure client has no adapter and takes no lock here.
  if (!orb_->options().collocation) return false;
  ObjectAdapter* adapter = orb_->adapter_if_created();
  if (adapter == nullptr || !adapter->owns_key(target.profile.object_key)) return false;
  return orb_->is_own_endpoint(target.endpoint.host, target.endpoint.port);
}

}  // namespace rtorb::orb
