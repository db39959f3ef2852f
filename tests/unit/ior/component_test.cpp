// Tagged components: each known kind against hand-written bytes, unknown ones untouched.
#include "ior/component.hpp"
#include "ior/giop_lite_component.hpp"
#include "test_bytes.hpp"

#include <rtorb/corba/minor_code.hpp>

namespace rtorb::ior {
namespace {

using test::Bytes;

TEST(Component, DecodesOrbTypeInBothByteOrders) {
  const auto be =
      decode_component({component_tag::orb_type, {0, 0, 0, 0, 0x54, 0x41, 0x4f, 0x00}});
  const auto le =
      decode_component({component_tag::orb_type, {1, 0, 0, 0, 0x00, 0x54, 0x54, 0x41}});
  EXPECT_EQ(std::get<OrbTypeComponent>(be).orb_type, orb_type::tao);
  EXPECT_EQ(std::get<OrbTypeComponent>(le).orb_type, orb_type::omniorb);
}

TEST(Component, GiopLiteIsAnEncapsulatedVariantOctetAndOnlyAWellFormedOneCounts) {
  const TaggedComponent lite = encode_giop_lite();
  EXPECT_EQ(lite.tag, 0x52540002u);
  EXPECT_EQ(lite.data.size(), 2u);  // byte order, variant 1
  EXPECT_EQ(lite.data[1], 1);
  EXPECT_TRUE(speaks_giop_lite({lite}));
  EXPECT_FALSE(speaks_giop_lite({}));
  EXPECT_FALSE(speaks_giop_lite({{component_tag::rtorb_giop_lite, {}}}));      // truncated
  EXPECT_FALSE(speaks_giop_lite({{component_tag::rtorb_giop_lite, {0, 2}}}));  // a later variant
  EXPECT_EQ(component_tag_name(component_tag::rtorb_giop_lite), "TAG_RTORB_GIOP_LITE");
}

TEST(Component, NamesOrbVendorsByTheirBlock) {
  EXPECT_EQ(orb_type_name(orb_type::omniorb), "omniORB");
  EXPECT_EQ(orb_type_name(orb_type::omniorb + 3), "omniORB");
  EXPECT_EQ(orb_type_name(orb_type::tao), "TAO");
  EXPECT_EQ(orb_type_name(orb_type::rtorb), "rtorb");
  EXPECT_EQ(orb_type_name(0x12345678), "");
}

TEST(Component, DecodesCodeSetsAsOmniOrbAdvertisesThem) {
  // char: ISO-8859-1 native, UTF-8 conversion; wchar: UTF-16 native, UTF-16 conversion.
  const Bytes data = {
      0x01, 0x00, 0x00, 0x00,                          // LE + pad
      0x01, 0x00, 0x01, 0x00,                          // 0x00010001
      0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x05,  // [0x05010001]
      0x09, 0x01, 0x01, 0x00,                          // 0x00010109
      0x01, 0x00, 0x00, 0x00, 0x09, 0x01, 0x01, 0x00,  // [0x00010109]
  };
  const auto v = decode_component({component_tag::code_sets, data});
  const auto& info = std::get<CodeSetsComponent>(v).info;
  EXPECT_EQ(info.for_char_data.native_code_set, cdr::code_set::iso_8859_1);
  EXPECT_EQ(info.for_char_data.conversion_code_sets,
            std::vector<cdr::CodeSetId>{cdr::code_set::utf_8});
  EXPECT_EQ(info.for_wchar_data.native_code_set, cdr::code_set::utf_16);
  EXPECT_EQ(info.for_wchar_data.conversion_code_sets,
            std::vector<cdr::CodeSetId>{cdr::code_set::utf_16});
  EXPECT_EQ(code_set_name(cdr::code_set::utf_8), "UTF-8");
}

TEST(Component, DecodesAlternateIiopAddressBigEndian) {
  const Bytes data = {0x00, 0x00, 0x00, 0x00,                    // BE + pad
                      0x00, 0x00, 0x00, 0x04, ':', ':', '1', 0,  // "::1"
                      0x30, 0x3a};                               // 12346
  const auto v = decode_component({component_tag::alternate_iiop_address, data});
  EXPECT_EQ(std::get<AlternateAddressComponent>(v), (AlternateAddressComponent{"::1", 12346}));
}

TEST(Component, DecodesSslSecTrans) {
  // BE, pad, supports 102, requires 70, port 2810.
  const Bytes data = {0x00, 0x00, 0x00, 0x66, 0x00, 0x46, 0x0a, 0xfa};
  const auto v = decode_component({component_tag::ssl_sec_trans, data});
  EXPECT_EQ(std::get<SslSecTransComponent>(v), (SslSecTransComponent{0x66, 0x46, 2810}));
}

TEST(Component, DecodesJavaCodebase) {
  const Bytes data = {0x01, 0, 0, 0, 0x05, 0, 0, 0, 'h', 't', 't', 'p', 0};
  const auto v = decode_component({component_tag::java_codebase, data});
  EXPECT_EQ(std::get<JavaCodebaseComponent>(v).codebase, "http");
}

TEST(Component, KeepsUnknownComponentsByteForByte) {
  const TaggedComponent c{0x41545403, {0x07, 0xff, 0x00, 0x42}};
  const auto v = decode_component(c);
  ASSERT_TRUE(std::holds_alternative<UnknownComponent>(v));
  EXPECT_EQ(encode_component(v), c);
}

TEST(Component, RoundTripsEveryKnownKind) {
  const std::vector<ComponentValue> values = {
      OrbTypeComponent{orb_type::rtorb},
      CodeSetsComponent{{{cdr::code_set::utf_8, {cdr::code_set::iso_8859_1}},
                         {cdr::code_set::utf_16, {}}}},
      AlternateAddressComponent{"backup.example.com", 2810},
      PoliciesComponent{
          {encode_policy(PriorityModelPolicy{PriorityModel::client_propagated, 7})}},
      SslSecTransComponent{1, 2, 3},
      JavaCodebaseComponent{"http://x/ http://y/"},
  };
  for (const ComponentValue& v : values) EXPECT_EQ(decode_component(encode_component(v)), v);
}

TEST(Component, RejectsTruncatedKnownComponent) {
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>(
                [] { decode_component({component_tag::orb_type, {0, 0, 0, 0, 0x54}}); }),
            minor::marshal_truncated);
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>(
                [] { decode_component({component_tag::orb_type, {}}); }),
            minor::marshal_truncated);
}

TEST(Component, RejectsCodeSetListLongerThanItsData) {
  const Bytes data = {0x00, 0, 0, 0, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00};
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>(
                [&] { decode_component({component_tag::code_sets, data}); }),
            minor::marshal_length_too_large);
}

TEST(Component, RejectsBadByteOrderInComponentData) {
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>(
                [] { decode_component({component_tag::orb_type, {7, 0, 0, 0, 0, 0, 0, 0}}); }),
            minor::marshal_bad_byte_order);
}

TEST(TaggedComponentList, RejectsCountNearTwoToThe32) {
  const Bytes data = {0xff, 0xff, 0xff, 0xff};
  cdr::InputStream is(data, cdr::ByteOrder::big_endian);
  EXPECT_THROW(read_components(is), CORBA::MARSHAL);
}

TEST(TaggedComponentList, FindsTheFirstComponentWithATag) {
  const TaggedComponentSeq list = {{1, {1}}, {2, {2}}, {1, {3}}};
  ASSERT_NE(find_component(list, 1), nullptr);
  EXPECT_EQ(find_component(list, 1)->data, Bytes{1});
  EXPECT_EQ(find_component(list, 5), nullptr);
}

}  // namespace
}  // namespace rtorb::ior
