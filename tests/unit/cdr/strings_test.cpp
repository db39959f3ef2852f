// string, wchar and wstring under GIOP 1.0, 1.1 and 1.2, golden bytes and bad input.
#include "test_bytes.hpp"

#include <rtorb/cdr/codec.hpp>

namespace rtorb::cdr {
namespace {

using namespace testing;

TEST(CdrString, DecodesHandWrittenBytesInBothOrders) {
  EXPECT_EQ(big_endian({0, 0, 0, 3, 'h', 'i', 0}).read_string(), "hi");
  EXPECT_EQ(little_endian({3, 0, 0, 0, 'h', 'i', 0}).read_string(), "hi");
}

TEST(CdrString, RoundTripsIncludingEmptyAndBounded) {
  OutputStream os;
  os.write_string("");
  os.write_string("hello");
  write_bounded_string(os, "abc", 3);
  const Bytes b = os.to_bytes();
  EXPECT_EQ(b.size(), 5u + 3 + 4 + 6 + 2 + 4 + 4);  // "" + pad, "hello" + pad, "abc"
  InputStream is(b, native_byte_order);
  EXPECT_EQ(is.read_string(), "");
  EXPECT_EQ(is.read_string_view(), "hello");
  EXPECT_EQ(read_bounded_string(is, 3), "abc");
}

TEST(CdrString, BoundIsEnforcedOnBothSides) {
  OutputStream os;
  EXPECT_EQ(minor_of<CORBA::BAD_PARAM>([&] { write_bounded_string(os, "abcd", 3); }),
            minor::bad_param_bound_exceeded);
  const Bytes b = {0, 0, 0, 5, 'a', 'b', 'c', 'd', 0};
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] {
              InputStream is = big_endian(b);
              read_bounded_string(is, 3);
            }),
            minor::marshal_bound_exceeded);
}

TEST(CdrString, RejectsMissingNul) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0, 0, 0, 2, 'a', 'b'}).read_string(); }),
            minor::marshal_bad_string);
}

TEST(CdrString, RejectsLengthsNearTwoToThe32WithoutAllocating) {
  for (std::uint32_t length : {0xFFFFFFFFu, 0xFFFFFFF0u, 0x7FFFFFFFu}) {
    Bytes b;
    put_be32(b, length);
    b.push_back('x');
    const std::uint32_t m = minor_of<CORBA::MARSHAL>([&] { big_endian(b).read_string(); });
    EXPECT_TRUE(m == minor::marshal_length_too_large || m == minor::marshal_limit_exceeded) << m;
  }
}

TEST(CdrString, RejectsTruncatedText) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0, 0, 0, 9, 'a'}).read_string(); }),
            minor::marshal_length_too_large);
}

// --- wchar / wstring ------------------------------------------------------------------

TEST(WString, Giop10HasNoWideCharacters) {
  OutputStream os(giop(0));
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { os.write_wchar(L'a'); }), minor::marshal_bad_wchar);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { os.write_wstring(L"a"); }), minor::marshal_bad_wchar);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0, 0x41}, 0).read_wchar(); }),
            minor::marshal_bad_wchar);
}

TEST(WString, Giop11DecodesUnitsInStreamOrderWithCountedNul) {
  EXPECT_EQ(big_endian({0, 0, 0, 3, 0, 'H', 0, 'i', 0, 0}, 1).read_wstring(), L"Hi");
  EXPECT_EQ(little_endian({3, 0, 0, 0, 'H', 0, 'i', 0, 0, 0}, 1).read_wstring(), L"Hi");
  EXPECT_EQ(big_endian({0, 'H'}, 1).read_wchar(), L'H');
  EXPECT_EQ(little_endian({'H', 0}, 1).read_wchar(), L'H');
}

TEST(WString, Giop11EncodesNativeOrderUnitsAndNul) {
  OutputStream os(giop(1));
  os.write_wstring(L"Hi");
  const Bytes expected = native_byte_order == ByteOrder::little_endian
                             ? Bytes{3, 0, 0, 0, 'H', 0, 'i', 0, 0, 0}
                             : Bytes{0, 0, 0, 3, 0, 'H', 0, 'i', 0, 0};
  EXPECT_EQ(os.to_bytes(), expected);
}

TEST(WString, Giop11RejectsAMissingNulUnit) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0, 0, 0, 2, 0, 'H', 0, 'i'}, 1).read_wstring(); }),
            minor::marshal_bad_string);
}

TEST(WString, Giop11WcharCannotHoldASupplementaryCharacter) {
  OutputStream os(giop(1));
  EXPECT_THROW(os.write_wchar(static_cast<wchar_t>(0x1F600)), CORBA::DATA_CONVERSION);
}

TEST(WString, Giop12WritesOctetLengthAndBigEndianUnitsWithoutBom) {
  OutputStream os(giop(2));
  os.write_wstring(L"Hi");
  os.write_wchar(L'A');
  Bytes expected;
  if (native_byte_order == ByteOrder::little_endian) {
    expected = {4, 0, 0, 0, 0, 'H', 0, 'i', 2, 0, 'A'};
  } else {
    expected = {0, 0, 0, 4, 0, 'H', 0, 'i', 2, 0, 'A'};
  }
  EXPECT_EQ(os.to_bytes(), expected);
}

TEST(WString, Giop12HonoursAByteOrderMark) {
  EXPECT_EQ(little_endian({6, 0, 0, 0, 0xFF, 0xFE, 'H', 0, 'i', 0}).read_wstring(), L"Hi");
  EXPECT_EQ(big_endian({0, 0, 0, 6, 0xFE, 0xFF, 0, 'H', 0, 'i'}).read_wstring(), L"Hi");
  EXPECT_EQ(big_endian({0, 0, 0, 4, 0, 'H', 0, 'i'}).read_wstring(), L"Hi");  // no BOM: big-endian
  EXPECT_EQ(little_endian({4, 0xFF, 0xFE, 'H', 0}).read_wchar(), L'H');
  EXPECT_EQ(little_endian({2, 0, 'H'}).read_wchar(), L'H');
}

TEST(WString, Giop12KeepsALeadingZeroWidthNoBreakSpace) {
  const std::wstring text = L"\xFEFFx";
  OutputStream os(giop(2));
  os.write_wstring(text);
  const Bytes b = os.to_bytes();
  EXPECT_EQ(InputStream(b, native_byte_order).read_wstring(), text);
}

TEST(WString, SupplementaryCharactersTravelAsSurrogatePairs) {
  const std::wstring text = {L'a', static_cast<wchar_t>(0x1F600), L'b'};
  for (std::uint8_t minor : {1, 2}) {
    OutputStream os(giop(minor));
    os.write_wstring(text);
    os.write_wchar(static_cast<wchar_t>(minor == 2 ? 0x10FFFF : 0x20AC));
    const Bytes b = os.to_bytes();
    InputOptions o;
    o.giop_minor = minor;
    InputStream is(b, native_byte_order, o);
    EXPECT_EQ(is.read_wstring(), text);
    EXPECT_EQ(is.read_wchar(), static_cast<wchar_t>(minor == 2 ? 0x10FFFF : 0x20AC));
  }
  EXPECT_EQ(big_endian({0, 0, 0, 4, 0xD8, 0x3D, 0xDE, 0x00}).read_wstring(),
            std::wstring(1, static_cast<wchar_t>(0x1F600)));
}

TEST(WString, RejectsLoneSurrogatesOnReadAndWrite) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0, 0, 0, 2, 0xD8, 0x3D}).read_wstring(); }),
            minor::marshal_bad_wchar);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0, 0, 0, 4, 0xDE, 0x00, 0xD8, 0x3D}).read_wstring(); }),
            minor::marshal_bad_wchar);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0xDC, 0x00}, 1).read_wchar(); }), minor::marshal_bad_wchar);
  OutputStream os;
  EXPECT_THROW(os.write_wstring(std::wstring(1, static_cast<wchar_t>(0xD800))), CORBA::DATA_CONVERSION);
  EXPECT_THROW(os.write_wchar(static_cast<wchar_t>(0x110000)), CORBA::DATA_CONVERSION);
}

TEST(WString, RejectsOddOctetLengthsAndBadWcharSizes) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0, 0, 0, 3, 0, 'H', 0}).read_wstring(); }),
            minor::marshal_bad_wchar);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({0}).read_wchar(); }), minor::marshal_bad_wchar);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] { big_endian({4, 0, 'a', 0, 'b'}).read_wchar(); }),
            minor::marshal_bad_wchar);
}

TEST(WString, RejectsLengthsNearTwoToThe32) {
  for (std::uint8_t minor : {1, 2}) {
    for (std::uint32_t length : {0xFFFFFFFFu, 0xFFFFFFF0u, 0x80000000u}) {
      Bytes b;
      put_be32(b, length);
      b.insert(b.end(), {0, 'a', 0, 0});
      const std::uint32_t m = minor_of<CORBA::MARSHAL>([&] { big_endian(b, minor).read_wstring(); });
      EXPECT_TRUE(m == minor::marshal_length_too_large || m == minor::marshal_limit_exceeded) << m;
    }
  }
}

TEST(WString, RefusesATransmissionCodeSetOtherThanUtf16) {
  OutputOptions o;
  o.code_sets.transmission_wchar = code_set::ucs_2_level_1 + 1;
  OutputStream os(o);
  EXPECT_THROW(os.write_wstring(L"x"), CORBA::CODESET_INCOMPATIBLE);
}

TEST(WString, RoundTripsThroughTheCodec) {
  for (std::uint8_t minor : {1, 2}) {
    OutputStream os(giop(minor));
    const std::vector<std::wstring> v = {L"", L"\x00e9t\x00e9", L"\x4e2d\x6587"};
    write(os, v);
    const Bytes b = os.to_bytes();
    InputOptions o;
    o.giop_minor = minor;
    InputStream is(b, native_byte_order, o);
    EXPECT_EQ(read<std::vector<std::wstring>>(is), v);
  }
}

}  // namespace
}  // namespace rtorb::cdr
