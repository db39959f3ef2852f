// Decoded forms of the tagged components rtorb understands. Each is an encapsulation on
// the wire; anything else stays an UnknownComponent with its bytes untouched.
#pragma once

#include "ior/policy_value.hpp"
#include "ior/tagged_component.hpp"

#include <rtorb/cdr/code_set.hpp>

#include <cstdint>
#include <string>
#include <variant>

namespace rtorb::ior {

// TAG_ORB_TYPE: IDL unsigned long.
struct OrbTypeComponent {
  OrbTypeId orb_type = 0;
  friend bool operator==(const OrbTypeComponent&, const OrbTypeComponent&) = default;
};

// TAG_CODE_SETS: CONV_FRAME::CodeSetComponentInfo.
struct CodeSetsComponent {
  cdr::CodeSetComponentInfo info;
  friend bool operator==(const CodeSetsComponent&, const CodeSetsComponent&) = default;
};

// TAG_ALTERNATE_IIOP_ADDRESS: IIOP::Address { string host; unsigned short port; }.
struct AlternateAddressComponent {
  std::string host;
  std::uint16_t port = 0;
  friend bool operator==(const AlternateAddressComponent&,
                         const AlternateAddressComponent&) = default;
};

// TAG_POLICIES: Messaging::PolicyValueSeq.
struct PoliciesComponent {
  PolicyValueSeq policies;
  friend bool operator==(const PoliciesComponent&, const PoliciesComponent&) = default;
};

// TAG_SSL_SEC_TRANS: SSLIOP::SSL { AssociationOptions target_supports, target_requires;
// unsigned short port; } where AssociationOptions is an unsigned short bit set.
struct SslSecTransComponent {
  std::uint16_t target_supports = 0;
  std::uint16_t target_requires = 0;
  std::uint16_t port = 0;
  friend bool operator==(const SslSecTransComponent&, const SslSecTransComponent&) = default;
};

// TAG_JAVA_CODEBASE: a string of space-separated URLs.
struct JavaCodebaseComponent {
  std::string codebase;
  friend bool operator==(const JavaCodebaseComponent&, const JavaCodebaseComponent&) = default;
};

struct UnknownComponent {
  TaggedComponent raw;
  friend bool operator==(const UnknownComponent&, const UnknownComponent&) = default;
};

using ComponentValue =
    std::variant<UnknownComponent, OrbTypeComponent, CodeSetsComponent,
                 AlternateAddressComponent, PoliciesComponent, SslSecTransComponent,
                 JavaCodebaseComponent>;

// Decodes a known component; others come back as UnknownComponent. Raises MARSHAL when a
// known component's data is malformed (the minor code of the CDR error: marshal_truncated,
// marshal_bad_byte_order, marshal_length_too_large, marshal_bad_string).
ComponentValue decode_component(const TaggedComponent& component);

// The wire form, in native byte order. An UnknownComponent returns its raw bytes.
TaggedComponent encode_component(const ComponentValue& value);

}  // namespace rtorb::ior
