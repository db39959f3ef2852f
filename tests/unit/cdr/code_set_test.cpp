// Code set negotiation and the CONV_FRAME structures.
#include "test_bytes.hpp"

#include <rtorb/cdr/code_set_codec.hpp>
#include <rtorb/corba/minor_code.hpp>

namespace rtorb::cdr {
namespace {

using namespace testing;

constexpr CodeSetId ebcdic = 0x10020025;
constexpr CodeSetId ucs4 = 0x00010106;

TEST(CodeSetNegotiation, SameNativeCodeSetIsUsedDirectly) {
  EXPECT_EQ(negotiate_code_set({code_set::utf_8, {}}, {code_set::utf_8, {}}), code_set::utf_8);
}

TEST(CodeSetNegotiation, ServerConvertsFromTheClientNative) {
  EXPECT_EQ(negotiate_code_set({code_set::iso_8859_1, {}}, {code_set::utf_8, {code_set::iso_8859_1}}),
            code_set::iso_8859_1);
}

TEST(CodeSetNegotiation, ClientConvertsToTheServerNative) {
  EXPECT_EQ(negotiate_code_set({code_set::iso_8859_1, {code_set::utf_8}}, {code_set::utf_8, {}}),
            code_set::utf_8);
}

TEST(CodeSetNegotiation, CommonConversionCodeSetInClientPreferenceOrder) {
  EXPECT_EQ(negotiate_code_set({ebcdic, {ucs4, code_set::utf_16}}, {code_set::ucs_2_level_1, {code_set::utf_16, ucs4}}),
            ucs4);
}

TEST(CodeSetNegotiation, FallsBackToUtf8OrUtf16ForCompatibleNatives) {
  EXPECT_EQ(negotiate_code_set({code_set::iso_8859_1, {}}, {code_set::ascii, {}}), code_set::utf_8);
  EXPECT_EQ(negotiate_code_set({code_set::utf_16, {}}, {code_set::ucs_2_level_1, {}}), code_set::utf_16);
  EXPECT_EQ(negotiate_code_set({ebcdic, {}}, {code_set::utf_8, {}}), 0u);
}

TEST(CodeSetNegotiation, BothDirectionsGiveAStreamContext) {
  const CodeSetComponentInfo server{{code_set::utf_8, {code_set::iso_8859_1}}, {code_set::utf_16, {}}};
  const CodeSetContext cs = negotiate_code_sets(rtorb_code_sets(), server);
  EXPECT_EQ(cs.native_char, code_set::iso_8859_1);
  EXPECT_EQ(cs.transmission_char, code_set::iso_8859_1);
  EXPECT_EQ(cs.transmission_wchar, code_set::utf_16);
  const CodeSetComponentInfo alien{{ebcdic, {}}, {ucs4, {}}};
  EXPECT_THROW(negotiate_code_sets(rtorb_code_sets(), alien), CORBA::CODESET_INCOMPATIBLE);
  const CodeSetContext none = negotiate_code_sets(rtorb_code_sets(), CodeSetComponentInfo{});
  EXPECT_EQ(none.transmission_char, code_set::iso_8859_1);
  EXPECT_EQ(none.transmission_wchar, 0u);
}

TEST(CodeSetNegotiation, NoCommonCodeSetRaisesCodesetIncompatibleWithItsOwnMinor) {
  const CodeSetComponentInfo alien{{ebcdic, {}}, {ucs4, {}}};
  try {
    negotiate_code_sets(rtorb_code_sets(), alien);
    FAIL() << "negotiated with a server that shares no code set";
  } catch (const CORBA::CODESET_INCOMPATIBLE& e) {
    EXPECT_EQ(e.minor(), minor::codeset_incompatible_negotiation);
  }
}

// CodeSetComponentInfo { {0x00010001, [0x05010001]}, {0x00010109, []} }, big-endian.
TEST(CodeSetComponentInfo, DecodesHandWrittenBytesAndRoundTrips) {
  const Bytes b = {0x00, 0x01, 0x00, 0x01, 0, 0, 0, 1, 0x05, 0x01, 0x00, 0x01,
                   0x00, 0x01, 0x01, 0x09, 0, 0, 0, 0};
  InputStream is = big_endian(b);
  const auto info = read<CodeSetComponentInfo>(is);
  EXPECT_EQ(info, rtorb_code_sets());
  OutputStream os;
  write(os, info);
  const Bytes out = os.to_bytes();
  InputStream back(out, native_byte_order);
  EXPECT_EQ(read<CodeSetComponentInfo>(back), info);
}

TEST(CodeSetServiceContext, RoundTripsInBothOrders) {
  InputStream le = little_endian({0x01, 0x00, 0x01, 0x05, 0x09, 0x01, 0x01, 0x00});
  const auto ctx = read<CodeSetServiceContext>(le);
  EXPECT_EQ(ctx.char_data, code_set::utf_8);
  EXPECT_EQ(ctx.wchar_data, code_set::utf_16);
  OutputStream os;
  write(os, ctx);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  EXPECT_EQ(read<CodeSetServiceContext>(is), ctx);
}

TEST(CodeSets, StringsConvertBetweenLatin1AndUtf8) {
  OutputOptions o;
  o.code_sets.transmission_char = code_set::utf_8;
  OutputStream os(o);
  os.write_string("caf\xE9");
  const Bytes b = os.to_bytes();
  EXPECT_EQ(InputStream(b, native_byte_order).read_string(), "caf\xC3\xA9");
  InputOptions io;
  io.code_sets.transmission_char = code_set::utf_8;
  EXPECT_EQ(InputStream(b, native_byte_order, io).read_string(), "caf\xE9");
}

}  // namespace
}  // namespace rtorb::cdr
