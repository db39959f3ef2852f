// Converting between the wire form of a reference and its decoded profiles.
#include "ior/object_reference.hpp"

#include "ior/encapsulation.hpp"

namespace rtorb::ior {
namespace {

bool is_iiop_major_1(std::span<const std::uint8_t> body) {
  cdr::InputStream is = open_encapsulation(body);
  return is.read_octet() == 1;
}

MultipleComponentsProfile decode_multiple_components(std::span<const std::uint8_t> body) {
  cdr::InputStream is = open_encapsulation(body);
  return MultipleComponentsProfile{read_components(is)};
}

}  // namespace

cdr::ProfileId profile_tag(const Profile& profile) noexcept {
  if (std::holds_alternative<IiopProfile>(profile)) return cdr::profile_tag::internet_iop;
  if (std::holds_alternative<MultipleComponentsProfile>(profile)) {
    return cdr::profile_tag::multiple_components;
  }
  return std::get<OpaqueProfile>(profile).tag;
}

Profile decode_profile(const cdr::TaggedProfile& profile) {
  switch (profile.tag) {
    case cdr::profile_tag::internet_iop:
      if (!is_iiop_major_1(profile.profile_data)) {
        return OpaqueProfile{profile.tag, profile.profile_data};
      }
      return decode_iiop_profile(profile.profile_data);
    case cdr::profile_tag::multiple_components:
      return decode_multiple_components(profile.profile_data);
    default:
      return OpaqueProfile{profile.tag, profile.profile_data};
  }
}

cdr::TaggedProfile encode_profile(const Profile& profile) {
  if (const auto* iiop = std::get_if<IiopProfile>(&profile)) {
    return {cdr::profile_tag::internet_iop, encode_iiop_profile(*iiop)};
  }
  if (const auto* multi = std::get_if<MultipleComponentsProfile>(&profile)) {
    return {cdr::profile_tag::multiple_components,
            make_encapsulation(
                [&](cdr::OutputStream& os) { write_components(os, multi->components); })};
  }
  const auto& opaque = std::get<OpaqueProfile>(profile);
  return {opaque.tag, opaque.data};
}

ObjectReference decode_reference(const cdr::IorData& ior) {
  ObjectReference reference;
  reference.type_id = ior.type_id;
  reference.profiles.reserve(ior.profiles.size());
  for (const cdr::TaggedProfile& p : ior.profiles) {
    reference.profiles.push_back(decode_profile(p));
  }
  return reference;
}

cdr::IorData encode_reference(const ObjectReference& reference) {
  cdr::IorData ior;
  ior.type_id = reference.type_id;
  ior.profiles.reserve(reference.profiles.size());
  for (const Profile& p : reference.profiles) ior.profiles.push_back(encode_profile(p));
  return ior;
}

ObjectReference read_reference(cdr::InputStream& is) {
  return decode_reference(cdr::read_ior(is));
}

void write_reference(cdr::OutputStream& os, const ObjectReference& reference) {
  cdr::write_ior(os, encode_reference(reference));
}

}  // namespace rtorb::ior
