// Primitive types: golden bytes in both byte orders, round trips, long double, bad input.
#include "test_bytes.hpp"

#include <rtorb/cdr/codec.hpp>

#include <cmath>
#include <limits>

namespace rtorb::cdr {
namespace {

using namespace testing;

// octet, short, long, long long, float, double, boolean, char, ushort, ulong: each aligned
// to its size relative to offset 0 (CORBA 3.x, 9.3.1).
const Bytes golden_big = {
    0xAB, 0x00, 0x01, 0x02,                          // octet, pad, short 0x0102
    0x03, 0x04, 0x05, 0x06,                          // long 0x03040506
    0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E,  // long long
    0x3F, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // float 1.0, pad
    0x3F, 0xF0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // double 1.0
    0x01, 0x41, 0xFF, 0xFE,                          // boolean, 'A', ushort 0xFFFE
    0xFF, 0xFF, 0xFF, 0xFF};                         // ulong max
const Bytes golden_little = {
    0xAB, 0x00, 0x02, 0x01, 0x06, 0x05, 0x04, 0x03, 0x0E, 0x0D, 0x0C, 0x0B, 0x0A, 0x09,
    0x08, 0x07, 0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0xF0, 0x3F, 0x01, 0x41, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};

void expect_golden_values(InputStream is) {
  EXPECT_EQ(is.read_octet(), 0xAB);
  EXPECT_EQ(is.read_short(), 0x0102);
  EXPECT_EQ(is.read_long(), 0x03040506);
  EXPECT_EQ(is.read_longlong(), 0x0708090A0B0C0D0ELL);
  EXPECT_EQ(is.read_float(), 1.0f);
  EXPECT_EQ(is.read_double(), 1.0);
  EXPECT_TRUE(is.read_boolean());
  EXPECT_EQ(is.read_char(), 'A');
  EXPECT_EQ(is.read_ushort(), 0xFFFE);
  EXPECT_EQ(is.read_ulong(), 0xFFFFFFFFu);
  EXPECT_EQ(is.remaining(), 0u);
}

TEST(CdrPrimitives, DecodeHandWrittenBigEndianBytes) { expect_golden_values(big_endian(golden_big)); }

TEST(CdrPrimitives, DecodeHandWrittenLittleEndianBytes) { expect_golden_values(little_endian(golden_little)); }

TEST(CdrPrimitives, EncodeInNativeOrderMatchingTheGoldenBytes) {
  OutputStream os;
  os.write_octet(0xAB);
  os.write_short(0x0102);
  os.write_long(0x03040506);
  os.write_longlong(0x0708090A0B0C0D0ELL);
  os.write_float(1.0f);
  os.write_double(1.0);
  os.write_boolean(true);
  os.write_char('A');
  os.write_ushort(0xFFFE);
  os.write_ulong(0xFFFFFFFF);
  EXPECT_EQ(os.to_bytes(), native_byte_order == ByteOrder::big_endian ? golden_big : golden_little);
}

TEST(CdrPrimitives, RoundTripExtremesThroughCodecs) {
  OutputStream os;
  write(os, std::numeric_limits<std::int16_t>::min());
  write(os, std::numeric_limits<std::uint16_t>::max());
  write(os, std::numeric_limits<std::int32_t>::min());
  write(os, std::numeric_limits<std::uint32_t>::max());
  write(os, std::numeric_limits<std::int64_t>::min());
  write(os, std::numeric_limits<std::uint64_t>::max());
  write(os, -0.5f);
  write(os, std::numeric_limits<double>::infinity());
  write(os, false);
  write(os, std::uint8_t{0xFF});
  write(os, 'z');
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  EXPECT_EQ(read<std::int16_t>(is), std::numeric_limits<std::int16_t>::min());
  EXPECT_EQ(read<std::uint16_t>(is), std::numeric_limits<std::uint16_t>::max());
  EXPECT_EQ(read<std::int32_t>(is), std::numeric_limits<std::int32_t>::min());
  EXPECT_EQ(read<std::uint32_t>(is), std::numeric_limits<std::uint32_t>::max());
  EXPECT_EQ(read<std::int64_t>(is), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(read<std::uint64_t>(is), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(read<float>(is), -0.5f);
  EXPECT_EQ(read<double>(is), std::numeric_limits<double>::infinity());
  EXPECT_FALSE(read<bool>(is));
  EXPECT_EQ(read<std::uint8_t>(is), 0xFF);
  EXPECT_EQ(read<char>(is), 'z');
}

// binary128: sign, 15-bit exponent biased by 16383, 112 fraction bits.
TEST(LongDouble, DecodesBigAndLittleEndianBinary128) {
  Bytes big = {0xC0, 0x00, 0x40, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // -2.5
  EXPECT_EQ(big_endian(big).read_long_double(), -2.5L);
  Bytes little(big.rbegin(), big.rend());
  EXPECT_EQ(little_endian(little).read_long_double(), -2.5L);
}

TEST(LongDouble, EncodesAsSixteenBytesAlignedToEight) {
  OutputStream os;
  os.write_octet(1);
  os.write_long_double(1.0L);
  Bytes b = os.to_bytes();
  ASSERT_EQ(b.size(), 24u);
  Bytes value(b.begin() + 8, b.end());
  if (native_byte_order == ByteOrder::little_endian) std::reverse(value.begin(), value.end());
  const Bytes one = {0x3F, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(value, one);
}

TEST(LongDouble, RoundTripsTheFullX87Precision) {
  const long double values[] = {0.1L, -1e-4000L, 1e4000L, std::numeric_limits<long double>::denorm_min(),
                                std::numeric_limits<long double>::max(), -0.0L};
  OutputStream os;
  for (long double v : values) os.write_long_double(v);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  for (long double v : values) EXPECT_EQ(is.read_long_double(), v);
  OutputStream nan;
  nan.write_long_double(std::numeric_limits<long double>::quiet_NaN());
  const Bytes nb = nan.to_bytes();
  EXPECT_TRUE(std::isnan(InputStream(nb, native_byte_order).read_long_double()));
}

TEST(CdrPrimitives, RejectABooleanOctetOtherThanZeroOrOne) {
  const Bytes b = {2};
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { big_endian(b).read_boolean(); }), minor::marshal_bad_boolean);
}

TEST(CdrPrimitives, RejectTruncatedValues) {
  const Bytes three = {0, 0, 0};
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { big_endian(three).read_long(); }), minor::marshal_truncated);
  const Bytes nine = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { big_endian(nine).read_long_double(); }),
            minor::marshal_truncated);
}

TEST(CdrPrimitives, RejectPaddingThatRunsPastTheEnd) {
  // An octet then a long: the long would start at 4, but only 3 bytes follow the octet.
  const Bytes b = {1, 0, 0, 0};
  InputStream is = big_endian(b);
  is.read_octet();
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([&] { is.read_long(); }), minor::marshal_truncated);
}

TEST(CdrPrimitives, AlignmentIsRelativeToTheStreamStartNotTheAddress) {
  // The same long at offset 4 of a buffer that itself starts at an odd address.
  Bytes storage = {0xEE, 7, 0, 0, 0, 0, 0, 0, 42};
  const std::span<const std::uint8_t> odd(storage.data() + 1, 8);
  InputStream is(odd, ByteOrder::big_endian);
  EXPECT_EQ(is.read_octet(), 7);
  EXPECT_EQ(is.read_long(), 42);
}

}  // namespace
}  // namespace rtorb::cdr
