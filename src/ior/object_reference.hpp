// The decoded object reference: a type id and profiles, each IIOP, multiple-components or
// opaque. Built on the wire form cdr::IorData (rtorb/cdr/object_reference.hpp).
#pragma once

#include "ior/iiop_profile.hpp"
#include "ior/tagged_component.hpp"

#include <rtorb/cdr/object_reference.hpp>

#include <string>
#include <variant>
#include <vector>

namespace rtorb::ior {

// TAG_MULTIPLE_COMPONENTS: an encapsulated IOP::MultipleComponentProfile.
struct MultipleComponentsProfile {
  TaggedComponentSeq components;
  friend bool operator==(const MultipleComponentsProfile&,
                         const MultipleComponentsProfile&) = default;
};

// A profile rtorb does not interpret (another transport, or IIOP 2.x), byte for byte.
struct OpaqueProfile {
  cdr::ProfileId tag = 0;
  std::vector<std::uint8_t> data;
  friend bool operator==(const OpaqueProfile&, const OpaqueProfile&) = default;
};

using Profile = std::variant<IiopProfile, MultipleComponentsProfile, OpaqueProfile>;

struct ObjectReference {
  std::string type_id;  // "" when unknown (corbaloc) or nil
  std::vector<Profile> profiles;
  bool is_nil() const noexcept { return type_id.empty() && profiles.empty(); }
  friend bool operator==(const ObjectReference&, const ObjectReference&) = default;
};

cdr::ProfileId profile_tag(const Profile& profile) noexcept;

// Interprets every profile. An IIOP profile whose major version is not 1 is kept as an
// OpaqueProfile (it may be usable by a later ORB; it is not an error in the reference).
// Raises MARSHAL for a malformed IIOP or multiple-components body (minor codes as in
// decode_iiop_profile).
ObjectReference decode_reference(const cdr::IorData& ior);
Profile decode_profile(const cdr::TaggedProfile& profile);

// The wire form. IIOP and multiple-components bodies are re-encoded in native byte order;
// opaque profiles and all tagged components keep their original bytes. Raises BAD_PARAM
// (bad_param_bad_profile) for an IIOP profile that cannot be encoded.
cdr::IorData encode_reference(const ObjectReference& reference);
cdr::TaggedProfile encode_profile(const Profile& profile);

// IOP::IOR straight from/to a CDR stream.
ObjectReference read_reference(cdr::InputStream& is);
void write_reference(cdr::OutputStream& os, const ObjectReference& reference);

}  // namespace rtorb::ior
