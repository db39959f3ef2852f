// Marshaling of IOP::IOR with opaque profile bodies.
#include <rtorb/cdr/object_reference.hpp>

namespace rtorb::cdr {

void write_ior(OutputStream& os, const IorData& ior) {
  os.write_string(ior.type_id);
  os.write_ulong(static_cast<std::uint32_t>(ior.profiles.size()));
  for (const TaggedProfile& p : ior.profiles) {
    os.write_ulong(p.tag);
    os.write_ulong(static_cast<std::uint32_t>(p.profile_data.size()));
    os.write_raw(p.profile_data.data(), p.profile_data.size());
  }
}

IorData read_ior(InputStream& is) {
  IorData ior;
  ior.type_id = is.read_string();
  const std::uint32_t count = is.read_length(8);  // tag + length per profile
  ior.profiles.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    TaggedProfile p;
    p.tag = is.read_ulong();
    const std::uint32_t size = is.read_length(1);
    const auto body = is.read_raw(size);
    p.profile_data.assign(body.begin(), body.end());
    ior.profiles.push_back(std::move(p));
  }
  return ior;
}

}  // namespace rtorb::cdr
