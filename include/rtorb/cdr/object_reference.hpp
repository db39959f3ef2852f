// The wire form of an object reference (IOP::IOR, CORBA 3.x 7.6.2): a type id and tagged
// profiles whose bodies stay opaque at this layer; the ior layer interprets them.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace rtorb::cdr {

using ProfileId = std::uint32_t;

namespace profile_tag {
inline constexpr ProfileId internet_iop = 0;        // TAG_INTERNET_IOP
inline constexpr ProfileId multiple_components = 1;  // TAG_MULTIPLE_COMPONENTS
}  // namespace profile_tag

struct TaggedProfile {
  ProfileId tag = 0;
  std::vector<std::uint8_t> profile_data;
  friend bool operator==(const TaggedProfile&, const TaggedProfile&) = default;
};

// A nil reference is an empty type id with no profiles (CORBA 3.x, 7.6.2).
struct IorData {
  std::string type_id;
  std::vector<TaggedProfile> profiles;
  bool is_nil() const noexcept { return type_id.empty() && profiles.empty(); }
  friend bool operator==(const IorData&, const IorData&) = default;
};

void write_ior(OutputStream& os, const IorData& ior);
IorData read_ior(InputStream& is);

}  // namespace rtorb::cdr
