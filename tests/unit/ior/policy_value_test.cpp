// TAG_POLICIES contents: the RT-CORBA priority model and priority bands, others opaque.
#include "ior/component.hpp"
#include "ior/policy_value.hpp"
#include "test_bytes.hpp"

#include <rtorb/corba/minor_code.hpp>

namespace rtorb::ior {
namespace {

using test::Bytes;

TEST(PolicyValue, DecodesServerDeclaredPriorityModelBigEndian) {
  const PolicyValue v{policy_type::priority_model,
                      {0x00, 0, 0, 0, 0x00, 0x00, 0x00, 0x01, 0x00, 0x64}};  // model 1, 100
  const auto p = std::get<PriorityModelPolicy>(decode_policy(v));
  EXPECT_EQ(p.model, PriorityModel::server_declared);
  EXPECT_EQ(p.server_priority, 100);
}

TEST(PolicyValue, DecodesClientPropagatedPriorityModelLittleEndian) {
  const PolicyValue v{policy_type::priority_model,
                      {0x01, 0, 0, 0, 0x00, 0x00, 0x00, 0x00, 0xff, 0x7f}};  // model 0, 32767
  const auto p = std::get<PriorityModelPolicy>(decode_policy(v));
  EXPECT_EQ(p.model, PriorityModel::client_propagated);
  EXPECT_EQ(p.server_priority, 32767);
}

TEST(PolicyValue, RejectsUnknownPriorityModel) {
  const PolicyValue v{policy_type::priority_model, {0x00, 0, 0, 0, 0, 0, 0, 2, 0, 0}};
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>([&] { decode_policy(v); }), minor::marshal_bad_enum);
}

TEST(PolicyValue, DecodesPriorityBands) {
  const PolicyValue v{policy_type::priority_banded_connection,
                      {0x00, 0, 0, 0,                    // BE + pad
                       0x00, 0x00, 0x00, 0x02,           // 2 bands
                       0x00, 0x00, 0x00, 0x0a,           // 0..10
                       0x00, 0x0b, 0x7f, 0xff}};         // 11..32767
  const auto p = std::get<PriorityBandedConnectionPolicy>(decode_policy(v));
  ASSERT_EQ(p.bands.size(), 2u);
  EXPECT_EQ(p.bands[0], (PriorityBand{0, 10}));
  EXPECT_EQ(p.bands[1], (PriorityBand{11, 32767}));
}

TEST(PolicyValue, RejectsBandCountBeyondTheData) {
  const PolicyValue v{policy_type::priority_banded_connection,
                      {0x00, 0, 0, 0, 0x00, 0x10, 0x00, 0x00, 0, 0, 0, 1}};
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>([&] { decode_policy(v); }),
            minor::marshal_length_too_large);
}

TEST(PolicyValue, KeepsOtherPoliciesOpaque) {
  const PolicyValue v{24, {0x00, 0x00, 0x01}};  // SYNC_SCOPE_POLICY_TYPE
  EXPECT_EQ(std::get<OpaquePolicy>(decode_policy(v)).raw, v);
  EXPECT_EQ(policy_type_name(24), "SYNC_SCOPE_POLICY_TYPE");
}

TEST(PolicyValue, RoundTripsRtCorbaPolicies) {
  const PriorityModelPolicy model{PriorityModel::server_declared, -3};
  const PriorityBandedConnectionPolicy bands{{{0, 99}, {100, 200}}};
  EXPECT_EQ(std::get<PriorityModelPolicy>(decode_policy(encode_policy(model))), model);
  EXPECT_EQ(std::get<PriorityBandedConnectionPolicy>(decode_policy(encode_policy(bands))),
            bands);
}

TEST(PolicyValue, DecodesPoliciesComponentAsTaoWritesIt) {
  // TAG_POLICIES, BE: one PolicyValue {40, encapsulation {SERVER_DECLARED, 5}}.
  const Bytes data = {
      0x00, 0, 0, 0,                                     // BE + pad
      0x00, 0x00, 0x00, 0x01,                            // 1 policy
      0x00, 0x00, 0x00, 0x28,                            // PRIORITY_MODEL_POLICY_TYPE
      0x00, 0x00, 0x00, 0x0a,                            // 10 bytes of value
      0x00, 0, 0, 0, 0x00, 0x00, 0x00, 0x01, 0x00, 0x05,  // BE encapsulation
  };
  const auto c = std::get<PoliciesComponent>(decode_component({component_tag::policies, data}));
  ASSERT_EQ(c.policies.size(), 1u);
  EXPECT_EQ(std::get<PriorityModelPolicy>(decode_policy(c.policies[0])),
            (PriorityModelPolicy{PriorityModel::server_declared, 5}));
}

}  // namespace
}  // namespace rtorb::ior
