// IIOP profile bodies 1.0, 1.1 and 1.2 against hand-written bytes (CORBA 3.x, 15.7.2).
#include "ior/iiop_profile.hpp"
#include "ior/object_reference.hpp"
#include "test_bytes.hpp"

#include <rtorb/corba/minor_code.hpp>

namespace rtorb::ior {
namespace {

using test::Bytes;

// IIOP 1.0, big-endian: version, host "127.0.0.1", port 12345, key "key".
const Bytes iiop10_be = {
    0x00,                                                         // byte order: big-endian
    0x01, 0x00,                                                   // version 1.0
    0x00,                                                         // pad to 4
    0x00, 0x00, 0x00, 0x0a, '1', '2', '7', '.', '0', '.', '0', '.', '1', 0x00,  // host
    0x30, 0x39,                                                   // port 12345
    0x00, 0x00, 0x00, 0x03, 'k', 'e', 'y',                        // object key
};

// IIOP 1.1, little-endian, one TAG_ORB_TYPE component (omniORB) encapsulated little-endian.
const Bytes iiop11_le = {
    0x01,                                                         // byte order: little-endian
    0x01, 0x01, 0x00,                                             // version 1.1, pad
    0x0a, 0x00, 0x00, 0x00, '1', '2', '7', '.', '0', '.', '0', '.', '1', 0x00,
    0x39, 0x30,                                                   // port 12345
    0x03, 0x00, 0x00, 0x00, 'k', 'e', 'y',
    0x00,                                                         // pad to 28
    0x01, 0x00, 0x00, 0x00,                                       // 1 component
    0x00, 0x00, 0x00, 0x00,                                       // TAG_ORB_TYPE
    0x08, 0x00, 0x00, 0x00,                                       // 8 bytes of data
    0x01, 0x00, 0x00, 0x00, 0x00, 0x54, 0x54, 0x41,               // LE: 0x41545400
};

// IIOP 1.2, big-endian, host "h", port 2809, empty key, one unknown component (tag 0x1234).
const Bytes iiop12_be = {
    0x00, 0x01, 0x02, 0x00,                                       // BE, 1.2, pad
    0x00, 0x00, 0x00, 0x02, 'h', 0x00,                            // host "h"
    0x0a, 0xf9,                                                   // port 2809
    0x00, 0x00, 0x00, 0x00,                                       // empty key
    0x00, 0x00, 0x00, 0x01,                                       // 1 component
    0x00, 0x00, 0x12, 0x34,                                       // tag 0x1234
    0x00, 0x00, 0x00, 0x03, 0xde, 0xad, 0x01,                     // 3 opaque bytes
};

TEST(IiopProfile, DecodesVersion10BigEndian) {
  const IiopProfile p = decode_iiop_profile(iiop10_be);
  EXPECT_EQ(p.version, (IiopVersion{1, 0}));
  EXPECT_EQ(p.host, "127.0.0.1");
  EXPECT_EQ(p.port, 12345);
  EXPECT_EQ(p.object_key, test::str_bytes("key"));
  EXPECT_TRUE(p.components.empty());
}

TEST(IiopProfile, DecodesVersion11LittleEndianWithComponents) {
  const IiopProfile p = decode_iiop_profile(iiop11_le);
  EXPECT_EQ(p.version, (IiopVersion{1, 1}));
  EXPECT_EQ(p.host, "127.0.0.1");
  EXPECT_EQ(p.port, 12345);
  ASSERT_EQ(p.components.size(), 1u);
  EXPECT_EQ(p.components[0].tag, component_tag::orb_type);
  EXPECT_EQ(p.components[0].data, Bytes(iiop11_le.begin() + 40, iiop11_le.end()));
}

TEST(IiopProfile, DecodesVersion12AndKeepsUnknownComponentBytes) {
  const IiopProfile p = decode_iiop_profile(iiop12_be);
  EXPECT_EQ(p.version, (IiopVersion{1, 2}));
  EXPECT_EQ(p.host, "h");
  EXPECT_EQ(p.port, 2809);
  EXPECT_TRUE(p.object_key.empty());
  ASSERT_EQ(p.components.size(), 1u);
  EXPECT_EQ(p.components[0].tag, 0x1234u);
  EXPECT_EQ(p.components[0].data, (Bytes{0xde, 0xad, 0x01}));
}

TEST(IiopProfile, EncodesVersion11ExactlyAsTheSpecLaysItOut) {
  // On a little-endian host the native encoding of iiop11_le is iiop11_le itself.
  if (cdr::native_byte_order != cdr::ByteOrder::little_endian) GTEST_SKIP();
  EXPECT_EQ(encode_iiop_profile(decode_iiop_profile(iiop11_le)), iiop11_le);
}

TEST(IiopProfile, RoundTripsEveryVersion) {
  for (const Bytes* body : {&iiop10_be, &iiop11_le, &iiop12_be}) {
    const IiopProfile p = decode_iiop_profile(*body);
    EXPECT_EQ(decode_iiop_profile(encode_iiop_profile(p)), p);
  }
}

TEST(IiopProfile, IgnoresFieldsAppendedByLaterMinorVersions) {
  Bytes body = iiop12_be;
  body[2] = 3;  // IIOP 1.3
  body.insert(body.end(), {0, 0, 0, 0, 0, 0, 0, 0});
  const IiopProfile p = decode_iiop_profile(body);
  EXPECT_EQ(p.version, (IiopVersion{1, 3}));
  EXPECT_EQ(p.components.size(), 1u);
}

TEST(IiopProfile, RejectsMajorVersionTwo) {
  Bytes body = iiop10_be;
  body[1] = 2;
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>([&] { decode_iiop_profile(body); }),
            minor::marshal_bad_ior);
}

TEST(IiopProfile, RejectsEveryTruncation) {
  for (std::size_t n = 0; n < iiop12_be.size(); ++n) {
    const Bytes cut(iiop12_be.begin(), iiop12_be.begin() + static_cast<long>(n));
    EXPECT_THROW(decode_iiop_profile(cut), CORBA::MARSHAL) << n;
  }
}

TEST(IiopProfile, RejectsKeyLengthNearTwoToThe32) {
  Bytes body = iiop10_be;
  body[20] = 0xff;
  body[21] = 0xff;
  body[22] = 0xff;
  body[23] = 0xfe;
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>([&] { decode_iiop_profile(body); }),
            minor::marshal_limit_exceeded);
}

TEST(IiopProfile, RejectsKeyLengthBeyondTheBody) {
  Bytes body = iiop10_be;
  body[23] = 4;  // one byte more than present
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>([&] { decode_iiop_profile(body); }),
            minor::marshal_length_too_large);
}

TEST(IiopProfile, RejectsBadByteOrderOctet) {
  Bytes body = iiop10_be;
  body[0] = 2;
  EXPECT_EQ(test::minor_of<CORBA::MARSHAL>([&] { decode_iiop_profile(body); }),
            minor::marshal_bad_byte_order);
}

TEST(IiopProfile, RefusesToEncodeComponentsInVersion10) {
  IiopProfile p;
  p.version = {1, 0};
  p.components.push_back({7, {1}});
  EXPECT_EQ(test::minor_of<CORBA::BAD_PARAM>([&] { encode_iiop_profile(p); }),
            minor::bad_param_bad_profile);
}

TEST(ObjectReference, KeepsIiopMajorVersionTwoAsOpaque) {
  Bytes body = iiop10_be;
  body[1] = 2;
  const Profile p = decode_profile({cdr::profile_tag::internet_iop, body});
  ASSERT_TRUE(std::holds_alternative<OpaqueProfile>(p));
  EXPECT_EQ(std::get<OpaqueProfile>(p).data, body);
}

TEST(ObjectReference, RoundTripsUnknownProfilesByteForByte) {
  const cdr::IorData ior{"IDL:X:1.0", {{0x54414f02, {0x00, 0xff, 0x13, 0x37, 0x01}}}};
  const ObjectReference r = decode_reference(ior);
  ASSERT_TRUE(std::holds_alternative<OpaqueProfile>(r.profiles[0]));
  EXPECT_EQ(encode_reference(r), ior);
}

TEST(ObjectReference, DecodesMultipleComponentsProfile) {
  const Bytes body = {
      0x00, 0x00, 0x00, 0x00,  // BE + pad
      0x00, 0x00, 0x00, 0x02,  // 2 components
      0x00, 0x00, 0x00, 0x63, 0x00, 0x00, 0x00, 0x01, 0xaa,  // tag 99, 1 byte
      0x00, 0x00, 0x00,                                      // pad
      0x00, 0x00, 0x00, 0x64, 0x00, 0x00, 0x00, 0x00,        // tag 100, empty
  };
  const Profile p = decode_profile({cdr::profile_tag::multiple_components, body});
  const auto& m = std::get<MultipleComponentsProfile>(p);
  ASSERT_EQ(m.components.size(), 2u);
  EXPECT_EQ(m.components[0], (TaggedComponent{99, {0xaa}}));
  EXPECT_EQ(m.components[1], (TaggedComponent{100, {}}));
  EXPECT_EQ(decode_profile(encode_profile(p)), p);
}

TEST(ObjectReference, TreatsEmptyTypeIdWithoutProfilesAsNil) {
  EXPECT_TRUE(decode_reference(cdr::IorData{}).is_nil());
  EXPECT_FALSE(decode_reference(cdr::IorData{"IDL:X:1.0", {}}).is_nil());
}

}  // namespace
}  // namespace rtorb::ior
