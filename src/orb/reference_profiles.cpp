// rtorb::reference_profiles: the ior layer's decoded reference, copied into public types.
#include <rtorb/orb/reference_profiles.hpp>

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <variant>

#include "client/object_core.hpp"
#include "ior/component.hpp"
#include "ior/object_reference.hpp"
#include "ior/object_string.hpp"

namespace rtorb {
namespace {

std::vector<ReferenceComponent> components_of(const ior::TaggedComponentSeq& components) {
  std::vector<ReferenceComponent> out;
  out.reserve(components.size());
  for (const ior::TaggedComponent& c : components) out.push_back({c.tag, c.data});
  return out;
}

// Raises MARSHAL for an alternate address component that does not decode.
std::vector<IiopAddress> alternate_addresses_of(const ior::TaggedComponentSeq& components) {
  std::vector<IiopAddress> out;
  for (const ior::TaggedComponent& c : components) {
    if (c.tag != ior::component_tag::alternate_iiop_address) continue;
    const auto value = ior::decode_component(c);
    if (const auto* a = std::get_if<ior::AlternateAddressComponent>(&value)) {
      out.push_back({a->host, a->port});
    }
  }
  return out;
}

IiopEndpoint endpoint_of(const ior::IiopProfile& p) {
  IiopEndpoint e;
  e.major = p.version.major;
  e.minor = p.version.minor;
  e.host = p.host;
  e.port = p.port;
  e.object_key = p.object_key;
  e.components = components_of(p.components);
  e.alternate_addresses = alternate_addresses_of(p.components);
  return e;
}

ReferenceProfile profile_of(const ior::Profile& profile) {
  ReferenceProfile out;
  out.tag = ior::profile_tag(profile);
  if (const auto* iiop = std::get_if<ior::IiopProfile>(&profile)) {
    out.iiop = endpoint_of(*iiop);
  } else if (const auto* multiple = std::get_if<ior::MultipleComponentsProfile>(&profile)) {
    out.components = components_of(multiple->components);
  } else {
    out.data = std::get<ior::OpaqueProfile>(profile).data;
  }
  return out;
}

ReferenceProfiles profiles_of(const ior::ObjectReference& reference) {
  ReferenceProfiles out;
  out.type_id = reference.type_id;
  out.profiles.reserve(reference.profiles.size());
  for (const ior::Profile& p : reference.profiles) out.profiles.push_back(profile_of(p));
  return out;
}

}  // namespace

ReferenceProfiles reference_profiles(const CORBA::object_reference<CORBA::Object>& object) {
  if (!object) return {};
  const auto& core = orb::core_of(*object);
  if (object->_is_local() || !core) {
    raise<CORBA::MARSHAL>(minor::marshal_local_object, "a local object has no IOR");
  }
  return profiles_of(core->reference());
}

ReferenceProfiles reference_profiles(std::string_view stringified) {
  const ior::ObjectReference reference = ior::string_to_reference(stringified);
  try {
    return profiles_of(reference);
  } catch (const CORBA::MARSHAL& e) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_ior_string, e.detail());
  }
}

}  // namespace rtorb
