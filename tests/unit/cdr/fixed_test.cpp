// Fixed-point values: parsing, printing, packed BCD in both directions.
#include "test_bytes.hpp"

#include <rtorb/cdr/fixed.hpp>

namespace rtorb::cdr {
namespace {

using namespace testing;

TEST(Fixed, ParsesAndPrintsDecimalText) {
  EXPECT_EQ(Fixed("123.45").to_string(), "123.45");
  EXPECT_EQ(Fixed("-0.05").to_string(), "-0.05");
  EXPECT_EQ(Fixed("007").to_string(), "7");
  EXPECT_EQ(Fixed("1.50d").fixed_scale(), 2);
  EXPECT_EQ(Fixed("1.50d").fixed_digits(), 3);
  EXPECT_EQ(Fixed("-0").to_string(), "0");
  EXPECT_EQ(Fixed("1.5"), Fixed("1.500"));
  EXPECT_NE(Fixed("1.5"), Fixed("-1.5"));
}

TEST(Fixed, RejectsBadTextAndTooManyDigits) {
  EXPECT_EQ(minor_of<CORBA::BAD_PARAM>([] { Fixed("1.2.3"); }), minor::bad_param_bad_fixed);
  EXPECT_EQ(minor_of<CORBA::BAD_PARAM>([] { Fixed("-"); }), minor::bad_param_bad_fixed);
  EXPECT_EQ(minor_of<CORBA::BAD_PARAM>([] { Fixed("12x"); }), minor::bad_param_bad_fixed);
  EXPECT_EQ(minor_of<CORBA::BAD_PARAM>([] { Fixed(std::string(32, '9')); }), minor::bad_param_bad_fixed);
  EXPECT_NO_THROW(Fixed(std::string(31, '9')));
}

// fixed<5,2> 123.45: nibbles 1 2 3 4 5 C. fixed<4,2> -12.34: pad 0, 1 2 3 4, D.
TEST(Fixed, EncodesPackedBcdWithSignNibbleAndEvenDigitPad) {
  OutputStream os;
  write_fixed(os, Fixed("123.45"), 5, 2);
  write_fixed(os, Fixed("-12.34"), 4, 2);
  write_fixed(os, Fixed("1.5"), 6, 2);
  EXPECT_EQ(os.to_bytes(), (Bytes{0x12, 0x34, 0x5C, 0x01, 0x23, 0x4D, 0x00, 0x00, 0x15, 0x0C}));
}

TEST(Fixed, DecodesHandWrittenBcd) {
  InputStream is = big_endian({0x12, 0x34, 0x5C, 0x01, 0x23, 0x4D, 0x0D});
  EXPECT_EQ(read_fixed(is, 5, 2).to_string(), "123.45");
  EXPECT_EQ(read_fixed(is, 4, 2).to_string(), "-12.34");
  EXPECT_EQ(read_fixed(is, 1, 0).to_string(), "0");  // negative zero reads as zero
}

TEST(Fixed, RoundTripsThirtyOneDigits) {
  const Fixed big("-1234567890123456789012345678.901");
  OutputStream os;
  write_fixed(os, big, 31, 3);
  const Bytes b = os.to_bytes();
  EXPECT_EQ(b.size(), 16u);
  InputStream is(b, native_byte_order);
  EXPECT_EQ(read_fixed(is, 31, 3), big);
}

TEST(Fixed, TruncatesExtraFractionDigitsAndRefusesIntegerOverflow) {
  OutputStream os;
  write_fixed(os, Fixed("1.239"), 3, 2);
  const Bytes b = os.to_bytes();
  InputStream is(b, native_byte_order);
  EXPECT_EQ(read_fixed(is, 3, 2).to_string(), "1.23");
  EXPECT_EQ(minor_of<CORBA::BAD_PARAM>([&] { write_fixed(os, Fixed("100"), 3, 1); }),
            minor::bad_param_bad_fixed);
  EXPECT_EQ(minor_of<CORBA::BAD_PARAM>([&] { write_fixed(os, Fixed("1"), 32, 0); }),
            minor::bad_param_bad_fixed);
}

TEST(Fixed, RejectsBadNibbles) {
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] {
              InputStream is = big_endian({0x1A, 0x3C});
              read_fixed(is, 3, 0);
            }),
            minor::marshal_bad_fixed);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] {
              InputStream is = big_endian({0x12, 0x3B});
              read_fixed(is, 3, 0);
            }),
            minor::marshal_bad_fixed);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] {  // even digits: the pad nibble must be 0
              InputStream is = big_endian({0x51, 0x2C});
              read_fixed(is, 2, 0);
            }),
            minor::marshal_bad_fixed);
  EXPECT_EQ(minor_of<CORBA::MARSHAL>([] {
              InputStream is = big_endian({0x12});
              read_fixed(is, 3, 0);
            }),
            minor::marshal_truncated);
}

}  // namespace
}  // namespace rtorb::cdr
