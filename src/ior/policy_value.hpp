// Messaging::PolicyValue, the entries of a TAG_POLICIES component, and the RT-CORBA
// policies a client must see in a reference: the priority model and priority bands
// (RT-CORBA 1.x: PRIORITY_MODEL_POLICY_TYPE and PRIORITY_BANDED_CONNECTION_POLICY_TYPE).
#pragma once

#include "ior/tags.hpp"

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <variant>
#include <vector>

namespace rtorb::ior {

// IDL: struct PolicyValue { CORBA::PolicyType ptype; sequence<octet> pvalue; }; `value` is
// an encapsulation of the policy's own data, kept as received.
struct PolicyValue {
  PolicyType type = 0;
  std::vector<std::uint8_t> value;
  friend bool operator==(const PolicyValue&, const PolicyValue&) = default;
};

using PolicyValueSeq = std::vector<PolicyValue>;

void write_policy_values(cdr::OutputStream& os, const PolicyValueSeq& values);
PolicyValueSeq read_policy_values(cdr::InputStream& is);

// RTCORBA::PriorityModel.
enum class PriorityModel : std::uint32_t { client_propagated = 0, server_declared = 1 };

struct PriorityModelPolicy {
  PriorityModel model = PriorityModel::server_declared;
  std::int16_t server_priority = 0;  // RTCORBA::Priority
  friend bool operator==(const PriorityModelPolicy&, const PriorityModelPolicy&) = default;
};

struct PriorityBand {
  std::int16_t low = 0;
  std::int16_t high = 0;
  friend bool operator==(const PriorityBand&, const PriorityBand&) = default;
};

struct PriorityBandedConnectionPolicy {
  std::vector<PriorityBand> bands;
  friend bool operator==(const PriorityBandedConnectionPolicy&,
                         const PriorityBandedConnectionPolicy&) = default;
};

// A policy rtorb does not interpret; `raw` is what was received.
struct OpaquePolicy {
  PolicyValue raw;
  friend bool operator==(const OpaquePolicy&, const OpaquePolicy&) = default;
};

using PolicyContent =
    std::variant<OpaquePolicy, PriorityModelPolicy, PriorityBandedConnectionPolicy>;

// Interprets the RT-CORBA policies, leaving others opaque. Raises MARSHAL for a malformed
// known value (marshal_truncated, marshal_bad_byte_order, marshal_bad_enum for a priority
// model other than 0 or 1).
PolicyContent decode_policy(const PolicyValue& value);
PolicyValue encode_policy(const PriorityModelPolicy& policy);
PolicyValue encode_policy(const PriorityBandedConnectionPolicy& policy);

}  // namespace rtorb::ior
