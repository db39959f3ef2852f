#include <gtest/gtest.h>

#include "base/ascii.hpp"

namespace rtorb {
namespace {

TEST(Ascii, ComparesLettersIgnoringCaseAndNothingElse) {
  EXPECT_TRUE(equals_ignoring_case("-ORBDebugLevel", "-orbdebuglevel"));
  EXPECT_FALSE(equals_ignoring_case("abc", "abd"));
  EXPECT_FALSE(equals_ignoring_case("abc", "ab"));
  EXPECT_FALSE(equals_ignoring_case("[", "{"));  // 0x5b and 0x7b differ by the case bit only
  EXPECT_FALSE(equals_ignoring_case("\xc4", "\xe4"));  // Latin-1 letters are not folded
}

TEST(Ascii, FindsAPrefixInAnyCase) {
  EXPECT_TRUE(starts_with_ignoring_case("CorbaLoc::host", "corbaloc:"));
  EXPECT_TRUE(starts_with_ignoring_case("ior:00", "IOR:"));
  EXPECT_FALSE(starts_with_ignoring_case("IO", "IOR:"));
  static_assert(ascii_lower('Q') == 'q' && ascii_lower('@') == '@');
}

}  // namespace
}  // namespace rtorb
