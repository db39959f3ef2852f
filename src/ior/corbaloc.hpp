// corbaloc and corbaname URLs (CORBA 3.x, 7.6.10):
//   corbaloc:<obj_addr>[,<obj_addr>]*[/<key_string>]
//   corbaname:<obj_addr>[,<obj_addr>]*[/<key_string>][#<string_name>]
//   <obj_addr> = rir: | iiop:[<major>.<minor>@]<host>[:<port>] | :<same as iiop> | <other>
// where <host> is a DNS name, an IPv4 address or an IPv6 address in brackets.
#pragma once

#include "ior/iiop_profile.hpp"
#include "ior/object_reference.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace rtorb::ior {

struct IiopAddress {
  IiopVersion version{1, 0};  // the URL default
  std::string host;           // IPv6 without its brackets
  std::uint16_t port = default_iiop_port;
  friend bool operator==(const IiopAddress&, const IiopAddress&) = default;
};

// "rir:": the object is the ORB's initial reference named by the key.
struct RirAddress {
  friend bool operator==(const RirAddress&, const RirAddress&) = default;
};

// A protocol rtorb does not know (e.g. "ssliop:"), kept as written for a later transport.
struct OtherAddress {
  std::string protocol;  // without the ':'
  std::string address;
  friend bool operator==(const OtherAddress&, const OtherAddress&) = default;
};

using ObjectAddress = std::variant<IiopAddress, RirAddress, OtherAddress>;

struct CorbalocUrl {
  std::vector<ObjectAddress> addresses;
  std::vector<std::uint8_t> object_key;  // %-escapes decoded
  friend bool operator==(const CorbalocUrl&, const CorbalocUrl&) = default;
};

struct CorbanameUrl {
  CorbalocUrl location;     // the naming context; key "NameService" when the URL has none
  std::string string_name;  // CosNaming stringified name, %-escapes decoded ("" = the context)
  friend bool operator==(const CorbanameUrl&, const CorbanameUrl&) = default;
};

// Both raise BAD_PARAM with the OMG minor codes string_to_object uses:
//   bad_param_bad_scheme (7)           the text does not start with corbaloc:/corbaname:
//   bad_param_bad_address (8)          empty or malformed address, host, port or version,
//                                      rir: mixed with other addresses
//   bad_param_bad_schema_specific (9)  bad %-escape or unescaped character in key or name
// The scheme and protocol names are matched in any letter case. A rir: URL without a key
// gets "NameService".
CorbalocUrl parse_corbaloc(std::string_view url);
CorbanameUrl parse_corbaname(std::string_view url);

// URLs that parse back to the same value; keys and names are %-escaped as needed.
std::string format_corbaloc(const CorbalocUrl& url);
std::string format_corbaname(const CorbanameUrl& url);

// The corbaloc form of a reference: an iiop address per IIOP profile (with the profile's
// version, so a client speaks the same GIOP) and per TAG_ALTERNATE_IIOP_ADDRESS, and the
// one object key they share. What a URL cannot say is dropped: the type id, other
// components (code sets, RT policies) and other profiles. Raises BAD_PARAM
// bad_param_no_corbaloc for a nil reference, one without an IIOP profile, or IIOP
// profiles with different object keys.
CorbalocUrl reference_to_corbaloc(const ObjectReference& reference);

// One IIOP profile per iiop address, type id "" (unknown). Unknown protocols are skipped.
// Raises BAD_PARAM bad_param_bad_address for rir: (only the ORB can resolve it) or when no
// IIOP address remains.
ObjectReference corbaloc_to_reference(const CorbalocUrl& url);

}  // namespace rtorb::ior
