// "IOR:" strings: hand-written ones in both byte orders, real omniORB ones, bad ones.
#include "ior/component.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_string.hpp"
#include "test_bytes.hpp"

#include <rtorb/corba/minor_code.hpp>

namespace rtorb::ior {
namespace {

using test::Bytes;

// IIOP 1.0 body, big-endian: host "h", port 2809, key "k".
const Bytes body_be = {0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 'h', 0x00,
                       0x0a, 0xf9, 0x00, 0x00, 0x00, 0x01, 'k'};
// The same body little-endian.
const Bytes body_le = {0x01, 0x01, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 'h', 0x00,
                       0xf9, 0x0a, 0x01, 0x00, 0x00, 0x00, 'k'};

// Encapsulated IOR, big-endian outside: type id "IDL:A:1.0", one TAG_INTERNET_IOP profile.
Bytes ior_be(const Bytes& body) {
  return test::concat({{0x00, 0x00, 0x00, 0x00},                          // BE + pad
                       {0x00, 0x00, 0x00, 0x0a},                          // type id length 10
                       test::str_bytes(std::string("IDL:A:1.0") + '\0'),  // 8..17
                       {0x00, 0x00},                                      // pad to 20
                       {0x00, 0x00, 0x00, 0x01},                          // 1 profile
                       {0x00, 0x00, 0x00, 0x00},                          // TAG_INTERNET_IOP
                       {0x00, 0x00, 0x00, static_cast<std::uint8_t>(body.size())},
                       body});
}

Bytes ior_le(const Bytes& body) {
  return test::concat({{0x01, 0x00, 0x00, 0x00},
                       {0x0a, 0x00, 0x00, 0x00},
                       test::str_bytes(std::string("IDL:A:1.0") + '\0'),
                       {0x00, 0x00},
                       {0x01, 0x00, 0x00, 0x00},
                       {0x00, 0x00, 0x00, 0x00},
                       {static_cast<std::uint8_t>(body.size()), 0x00, 0x00, 0x00},
                       body});
}

// Real references made by omniORB 4.2.5 (POA::create_reference, -ORBendPoint ...): the
// second has alternate addresses 12346 on [::1] and 12347 on localhost.
constexpr const char* omni_ior =
    "IOR:010000001800000049444c3a72746f72622f546573742f4563686f3a312e30000100000000000000"
    "60000000010102000a0000003132372e302e302e310039300e000000fed159026b000020230000000000"
    "00000200000000000000080000000100000000545441010000001c000000010000000100010001000000"
    "01000105090101000100000009010100";
constexpr const char* omni_ior_alternates =
    "IOR:010000001800000049444c3a72746f72622f546573742f4563686f3a312e30000100000000000000"
    "94000000010102000a0000003132372e302e302e310039300e000000fed159026b000020250000000000"
    "00000400000000000000080000000100000000545441010000001c000000010000000100010001000000"
    "01000105090101000100000009010100030000000e00000001000000040000003a3a31003a3000000300"
    "000014000000010000000a0000006c6f63616c686f7374003b30";

void expect_h_2809_k(const ObjectReference& r) {
  EXPECT_EQ(r.type_id, "IDL:A:1.0");
  ASSERT_EQ(r.profiles.size(), 1u);
  const auto& p = std::get<IiopProfile>(r.profiles[0]);
  EXPECT_EQ(p.version, (IiopVersion{1, 0}));
  EXPECT_EQ(p.host, "h");
  EXPECT_EQ(p.port, 2809);
  EXPECT_EQ(p.object_key, test::str_bytes("k"));
}

TEST(IorString, DecodesEveryMixOfOuterAndProfileByteOrder) {
  for (const Bytes& bytes :
       {ior_be(body_be), ior_be(body_le), ior_le(body_be), ior_le(body_le)}) {
    SCOPED_TRACE(test::hex(bytes));
    expect_h_2809_k(reference_from_ior_string("IOR:" + test::hex(bytes)));
  }
}

TEST(IorString, AcceptsUppercaseHexAndPrefixInAnyCase) {
  std::string text = "ior:" + test::hex(ior_be(body_be));
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  text[1] = 'o';
  expect_h_2809_k(reference_from_ior_string(text));
}

TEST(IorString, WritesLowercaseHexInNativeOrder) {
  const std::string text =
      to_ior_string(reference_from_ior_string("IOR:" + test::hex(ior_be(body_be))));
  const bool little = cdr::native_byte_order == cdr::ByteOrder::little_endian;
  const Bytes native = little ? ior_le(body_le) : ior_be(body_be);
  EXPECT_EQ(text, "IOR:" + test::hex(native));
}

TEST(IorString, RoundTripsOpaqueDataExactly) {
  const cdr::IorData ior{"IDL:B:1.0", {{7, {0x00, 0x01, 0x02}}, {0x54414f03, {}}}};
  EXPECT_EQ(parse_ior_string(to_ior_string(ior)), ior);
}

TEST(IorString, RoundTripsANilReference) {
  const std::string text = to_ior_string(cdr::IorData{});
  EXPECT_TRUE(reference_from_ior_string(text).is_nil());
}

TEST(IorString, DecodesOmniOrbReference) {
  const ObjectReference r = reference_from_ior_string(omni_ior);
  EXPECT_EQ(r.type_id, "IDL:rtorb/Test/Echo:1.0");
  ASSERT_EQ(r.profiles.size(), 1u);
  const auto& p = std::get<IiopProfile>(r.profiles[0]);
  EXPECT_EQ(p.version, (IiopVersion{1, 2}));
  EXPECT_EQ(p.host, "127.0.0.1");
  EXPECT_EQ(p.port, 12345);
  EXPECT_EQ(p.object_key.size(), 14u);
  ASSERT_EQ(p.components.size(), 2u);
  EXPECT_EQ(std::get<OrbTypeComponent>(decode_component(p.components[0])).orb_type,
            orb_type::omniorb);
  const auto code_sets = std::get<CodeSetsComponent>(decode_component(p.components[1]));
  const cdr::CodeSetComponentInfo& cs = code_sets.info;
  EXPECT_EQ(cs.for_char_data.native_code_set, cdr::code_set::iso_8859_1);
  EXPECT_EQ(cs.for_wchar_data.native_code_set, cdr::code_set::utf_16);
}

TEST(IorString, DecodesOmniOrbAlternateAddresses) {
  const ObjectReference r = reference_from_ior_string(omni_ior_alternates);
  const auto& p = std::get<IiopProfile>(r.profiles[0]);
  ASSERT_EQ(p.components.size(), 4u);
  EXPECT_EQ(std::get<AlternateAddressComponent>(decode_component(p.components[2])),
            (AlternateAddressComponent{"::1", 12346}));
  EXPECT_EQ(std::get<AlternateAddressComponent>(decode_component(p.components[3])),
            (AlternateAddressComponent{"localhost", 12347}));
}

TEST(IorString, ReencodesOmniOrbReferenceToTheSameBytesOnLittleEndianHosts) {
  // omniORB writes little-endian on x86, as rtorb does, so nothing may change.
  if (cdr::native_byte_order != cdr::ByteOrder::little_endian) GTEST_SKIP();
  EXPECT_EQ(to_ior_string(reference_from_ior_string(omni_ior_alternates)), omni_ior_alternates);
}

std::uint32_t bad_string_minor(const std::string& text) {
  return test::minor_of<CORBA::BAD_PARAM>([&] { reference_from_ior_string(text); });
}

TEST(IorString, RejectsMissingPrefix) {
  EXPECT_EQ(bad_string_minor("IOX:00"), minor::bad_param_bad_ior_string);
}

TEST(IorString, RejectsEmptyHex) {
  EXPECT_EQ(bad_string_minor("IOR:"), minor::bad_param_bad_ior_string);
}

TEST(IorString, RejectsOddLength) {
  EXPECT_EQ(bad_string_minor("IOR:" + test::hex(ior_be(body_be)) + "0"),
            minor::bad_param_bad_ior_string);
}

TEST(IorString, RejectsNonHexCharacters) {
  std::string text = "IOR:" + test::hex(ior_be(body_be));
  text[10] = 'g';
  EXPECT_EQ(bad_string_minor(text), minor::bad_param_bad_ior_string);
  EXPECT_EQ(bad_string_minor("IOR:00 0"), minor::bad_param_bad_ior_string);
}

TEST(IorString, RejectsTrailingJunk) {
  EXPECT_EQ(bad_string_minor("IOR:" + test::hex(ior_be(body_be)) + "01"),
            minor::bad_param_bad_ior_string);
  EXPECT_EQ(bad_string_minor("IOR:" + test::hex(ior_be(body_be)) + "0000000000000000"),
            minor::bad_param_bad_ior_string);
}

TEST(IorString, ToleratesZeroPaddingAfterTheIor) {
  expect_h_2809_k(reference_from_ior_string("IOR:" + test::hex(ior_be(body_be)) + "000000"));
}

TEST(IorString, RejectsEveryTruncation) {
  const Bytes bytes = ior_be(body_be);
  for (std::size_t n = 1; n < bytes.size(); ++n) {
    const Bytes cut(bytes.begin(), bytes.begin() + static_cast<long>(n));
    EXPECT_EQ(bad_string_minor("IOR:" + test::hex(cut)), minor::bad_param_bad_ior_string) << n;
  }
}

TEST(IorString, RejectsLengthsNearTwoToThe32) {
  for (std::size_t at : {4u, 20u, 28u}) {  // type id length, profile count, profile length
    Bytes bytes = ior_be(body_be);
    bytes[at] = 0xff;
    bytes[at + 1] = 0xff;
    bytes[at + 2] = 0xff;
    bytes[at + 3] = 0xf0;
    EXPECT_EQ(bad_string_minor("IOR:" + test::hex(bytes)), minor::bad_param_bad_ior_string)
        << at;
  }
}

TEST(IorString, RejectsWrongByteOrderOctet) {
  Bytes bytes = ior_be(body_be);
  bytes[0] = 2;
  EXPECT_EQ(bad_string_minor("IOR:" + test::hex(bytes)), minor::bad_param_bad_ior_string);
}

TEST(IorString, RejectsMalformedProfileBody) {
  Bytes body = body_be;
  body[0] = 9;  // profile byte-order octet
  EXPECT_EQ(bad_string_minor("IOR:" + test::hex(ior_be(body))),
            minor::bad_param_bad_ior_string);
}

TEST(IorString, SaysWhatIsWrong) {
  try {
    reference_from_ior_string("IOR:0");
    FAIL() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_NE(e.detail().find("odd number of hex digits"), std::string::npos) << e.detail();
  }
}

TEST(ObjectString, DispatchesOnTheScheme) {
  EXPECT_EQ(string_to_reference("IOR:" + test::hex(ior_be(body_be))).type_id, "IDL:A:1.0");
  EXPECT_EQ(string_to_reference("corbaloc::h/k").profiles.size(), 1u);
  EXPECT_EQ(string_to_reference("corbaname::h#a/b").profiles.size(), 1u);
  EXPECT_EQ(test::minor_of<CORBA::BAD_PARAM>([] { string_to_reference("http://x/"); }),
            minor::bad_param_bad_scheme);
  EXPECT_EQ(test::minor_of<CORBA::BAD_PARAM>([] { string_to_reference("garbage"); }),
            minor::bad_param_bad_scheme);
}

}  // namespace
}  // namespace rtorb::ior
