// What an object reference says on the wire, read through the public API: its type id and
// profiles, and for each IIOP profile the host, port, version, object key and tagged
// components (docs/ior.md, "reading a reference"). An rtorb extension: the OMG mapping has
// no call for it. For tools (rtorb-catior's kind), services that must tell their own
// references from another's (the Naming Service), and logs.
#pragma once

#include <rtorb/corba/object.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb {

// IOP::TaggedComponent as it came: the data of most components is an encapsulation (its
// first octet the byte order); rtorb-catior shows the known ones decoded.
struct ReferenceComponent {
  std::uint32_t tag = 0;  // TAG_ORB_TYPE 0, TAG_CODE_SETS 1, TAG_ALTERNATE_IIOP_ADDRESS 3 ...
  std::vector<std::uint8_t> data;
  friend bool operator==(const ReferenceComponent&, const ReferenceComponent&) = default;
};

struct IiopAddress {
  std::string host;
  std::uint16_t port = 0;
  friend bool operator==(const IiopAddress&, const IiopAddress&) = default;
};

// An IIOP profile (TAG_INTERNET_IOP, IIOP::ProfileBody 1.x). Its version is the highest
// GIOP version the server speaks there.
struct IiopEndpoint {
  std::uint8_t major = 1;
  std::uint8_t minor = 2;
  std::string host;
  std::uint16_t port = 0;
  std::vector<std::uint8_t> object_key;
  std::vector<ReferenceComponent> components;  // none in IIOP 1.0
  // The TAG_ALTERNATE_IIOP_ADDRESS components' addresses, in order: where the same object
  // answers too.
  std::vector<IiopAddress> alternate_addresses;

  IiopAddress address() const { return {host, port}; }
  friend bool operator==(const IiopEndpoint&, const IiopEndpoint&) = default;
};

// One tagged profile. An IIOP 1.x profile is read into `iiop`; a TAG_MULTIPLE_COMPONENTS
// profile into `components`; any other (another protocol, IIOP 2.x) keeps its bytes in
// `data`.
struct ReferenceProfile {
  std::uint32_t tag = 0;  // TAG_INTERNET_IOP 0, TAG_MULTIPLE_COMPONENTS 1, ...
  std::optional<IiopEndpoint> iiop;
  std::vector<ReferenceComponent> components;
  std::vector<std::uint8_t> data;
  friend bool operator==(const ReferenceProfile&, const ReferenceProfile&) = default;
};

struct ReferenceProfiles {
  std::string type_id;  // the repository id; "" for nil and for corbaloc URLs
  std::vector<ReferenceProfile> profiles;

  bool is_nil() const noexcept { return type_id.empty() && profiles.empty(); }
  // The first IIOP profile, where a client connects first; null when there is none.
  const IiopEndpoint* first_iiop() const noexcept {
    for (const ReferenceProfile& p : profiles) {
      if (p.iiop) return &*p.iiop;
    }
    return nullptr;
  }
  friend bool operator==(const ReferenceProfiles&, const ReferenceProfiles&) = default;
};

// The profiles of the IOR `object` was made from (not where a LOCATION_FORWARD took its
// calls). A nil reference gives no profiles. Raises MARSHAL marshal_local_object for a
// local object (it has no IOR), and MARSHAL marshal_bad_ior-range codes (marshal_truncated,
// marshal_bad_string ...) for an alternate address component that does not decode.
ReferenceProfiles reference_profiles(const CORBA::object_reference<CORBA::Object>& object);

// The profiles an "IOR:" string, a corbaloc: URL (one IIOP profile per address) or a
// corbaname: URL (its naming context's) stands for; needs no ORB. Raises BAD_PARAM:
// bad_param_bad_ior_string for an IOR string, profile or component that does not decode,
// bad_param_bad_scheme for anything but those three schemes (file:// included: read the
// file first), and bad_param_bad_address or bad_param_bad_schema_specific for a bad URL.
ReferenceProfiles reference_profiles(std::string_view stringified);

}  // namespace rtorb
