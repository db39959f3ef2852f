// Policy values: the sequence in TAG_POLICIES and the RT-CORBA values inside it.
#include "ior/policy_value.hpp"

#include "ior/encapsulation.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>

namespace rtorb::ior {
namespace {

PriorityModelPolicy read_priority_model(cdr::InputStream& is) {
  const std::uint32_t model = is.read_ulong();
  if (model > 1) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_enum,
                          "priority model " + std::to_string(model) + " is neither "
                          "CLIENT_PROPAGATED (0) nor SERVER_DECLARED (1)");
  }
  PriorityModelPolicy p;
  p.model = static_cast<PriorityModel>(model);
  p.server_priority = is.read_short();
  return p;
}

PriorityBandedConnectionPolicy read_priority_bands(cdr::InputStream& is) {
  const std::uint32_t count = is.read_length(2 * sizeof(std::int16_t));
  PriorityBandedConnectionPolicy p;
  p.bands.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    PriorityBand band;
    band.low = is.read_short();
    band.high = is.read_short();
    p.bands.push_back(band);
  }
  return p;
}

}  // namespace

void write_policy_values(cdr::OutputStream& os, const PolicyValueSeq& values) {
  write_tagged_octets(os, values, &PolicyValue::type, &PolicyValue::value);
}

PolicyValueSeq read_policy_values(cdr::InputStream& is) {
  return read_tagged_octets(is, &PolicyValue::type, &PolicyValue::value);
}

PolicyContent decode_policy(const PolicyValue& value) {
  switch (value.type) {
    case policy_type::priority_model: {
      cdr::InputStream is = open_encapsulation(value.value);
      return read_priority_model(is);
    }
    case policy_type::priority_banded_connection: {
      cdr::InputStream is = open_encapsulation(value.value);
      return read_priority_bands(is);
    }
    default:
      return OpaquePolicy{value};
  }
}

PolicyValue encode_policy(const PriorityModelPolicy& policy) {
  return {policy_type::priority_model, make_encapsulation([&](cdr::OutputStream& os) {
            os.write_ulong(static_cast<std::uint32_t>(policy.model));
            os.write_short(policy.server_priority);
          })};
}

PolicyValue encode_policy(const PriorityBandedConnectionPolicy& policy) {
  return {policy_type::priority_banded_connection,
          make_encapsulation([&](cdr::OutputStream& os) {
            os.write_ulong(static_cast<std::uint32_t>(policy.bands.size()));
            for (const PriorityBand& b : policy.bands) {
              os.write_short(b.low);
              os.write_short(b.high);
            }
          })};
}

}  // namespace rtorb::ior
