#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "base/hex.hpp"

namespace rtorb {
namespace {

TEST(Hex, EncodesTwoDigitsPerByteInTheCaseAsked) {
  const std::vector<std::uint8_t> bytes = {0x00, 0x7f, 0xab, 0xff};
  EXPECT_EQ(hex_encode(bytes), "007fabff");
  EXPECT_EQ(hex_encode(bytes, HexCase::upper), "007FABFF");
  std::string text = "0x";
  append_hex(text, 0x0c);
  EXPECT_EQ(text, "0x0c");
}

TEST(Hex, DecodesDigitsOfEitherCase) {
  EXPECT_EQ(hex_decode("007fAbFf"), (std::vector<std::uint8_t>{0x00, 0x7f, 0xab, 0xff}));
  EXPECT_EQ(hex_decode(""), std::vector<std::uint8_t>{});
}

TEST(Hex, RefusesAnOddCountOrANonDigitAndSaysWhere) {
  EXPECT_FALSE(hex_decode("abc"));
  EXPECT_FALSE(hex_decode("0g"));
  EXPECT_EQ(find_non_hex_digit("01234g"), 5u);
  EXPECT_EQ(find_non_hex_digit("09afAF"), std::string_view::npos);
  EXPECT_EQ(hex_value('G'), -1);
  EXPECT_EQ(hex_value('f'), 15);
}

TEST(Hex, RoundTripsEveryByte) {
  std::vector<std::uint8_t> all;
  for (int b = 0; b < 256; ++b) all.push_back(static_cast<std::uint8_t>(b));
  EXPECT_EQ(hex_decode(hex_encode(all, HexCase::upper)), all);
}

}  // namespace
}  // namespace rtorb
