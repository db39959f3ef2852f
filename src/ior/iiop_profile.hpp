// IIOP::ProfileBody (TAG_INTERNET_IOP, CORBA 3.x 15.7.2): version, host, port, object key
// and, from IIOP 1.1 on, tagged components. The body is always an encapsulation.
#pragma once

#include "ior/tagged_component.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace rtorb::ior {

struct IiopVersion {
  std::uint8_t major = 1;
  std::uint8_t minor = 2;
  friend bool operator==(const IiopVersion&, const IiopVersion&) = default;
};

inline constexpr std::uint16_t default_iiop_port = 2809;  // corbaloc default (IANA "corbaloc")

struct IiopProfile {
  IiopVersion version;
  std::string host;
  std::uint16_t port = 0;
  std::vector<std::uint8_t> object_key;
  TaggedComponentSeq components;  // always empty for IIOP 1.0
  friend bool operator==(const IiopProfile&, const IiopProfile&) = default;
};

// Decodes a profile body. IIOP 1.x with x > 2 is read as 1.2 (later minors may only append
// fields, which are ignored). Raises MARSHAL: marshal_bad_ior for a major version other
// than 1, the CDR minor codes (marshal_truncated, marshal_length_too_large,
// marshal_bad_byte_order, marshal_bad_string) for malformed data.
IiopProfile decode_iiop_profile(std::span<const std::uint8_t> body);

// Encodes in native byte order. Raises BAD_PARAM (bad_param_bad_profile) for an IIOP 1.0
// profile with components or a major version other than 1.
std::vector<std::uint8_t> encode_iiop_profile(const IiopProfile& profile);

}  // namespace rtorb::ior
