// NamingContextExt's stringified names and corbaname URLs (Naming Service 1.3, 2.4, 2.5).
#include <gtest/gtest.h>

#include <rtorb/naming/name_syntax.hpp>

namespace {

using rtorb::naming::to_name;
using rtorb::naming::to_string;
using rtorb::naming::to_url;
using InvalidName = CosNaming::NamingContext::InvalidName;
using InvalidAddress = CosNaming::NamingContextExt::InvalidAddress;

CosNaming::Name name(std::initializer_list<std::pair<const char*, const char*>> parts) {
  CosNaming::Name n;
  for (const auto& [id, kind] : parts) n.emplace_back(id, kind);
  return n;
}

TEST(StringNames, ComponentsAreSlashSeparatedWithTheKindAfterADot) {
  EXPECT_EQ(to_name("a/b.kind"), name({{"a", ""}, {"b", "kind"}}));
  EXPECT_EQ(to_string(name({{"a", ""}, {"b", "kind"}})), "a/b.kind");
}

TEST(StringNames, EmptyIdOrKindHaveTheirOwnForms) {
  EXPECT_EQ(to_name("."), name({{"", ""}}));
  EXPECT_EQ(to_name(".kind"), name({{"", "kind"}}));
  EXPECT_EQ(to_string(name({{"", ""}})), ".");
  EXPECT_EQ(to_string(name({{"", "k"}, {"x", ""}})), ".k/x");
}

TEST(StringNames, BackslashEscapesSlashDotAndItself) {
  const auto n = name({{"a/b", "c.d"}, {"e\\f", ""}});
  EXPECT_EQ(to_string(n), "a\\/b.c\\.d/e\\\\f");
  EXPECT_EQ(to_name("a\\/b.c\\.d/e\\\\f"), n);
}

TEST(StringNames, RoundTripsKeepEveryName) {
  for (const auto& n : {name({{"x", "y"}}), name({{"", ""}, {"", "a"}, {"b", ""}}),
                        name({{"./\\", "\\./"}, {"ü ñ", "#%"}})}) {
    EXPECT_EQ(to_name(to_string(n)), n) << to_string(n);
  }
}

TEST(StringNames, MalformedNamesAreInvalidName) {
  for (const char* bad : {"", "/", "a/", "/a", "a//b", "a.b.c", "a.", "a\\", "a\\x", "a/b."}) {
    EXPECT_THROW(to_name(bad), InvalidName) << bad;
  }
  EXPECT_THROW(to_string({}), InvalidName);
}

TEST(CorbanameUrls, AddressAndEscapedNameMakeTheUrl) {
  EXPECT_EQ(to_url(":myhost.example.com", "a/b.kind"), "corbaname::myhost.example.com#a/b.kind");
  EXPECT_EQ(to_url("iiop:1.2@host:2809,:other", "x y\\/z"),
            "corbaname:iiop:1.2@host:2809,:other#x%20y%5C/z");
  EXPECT_EQ(to_url("rir:", ""), "corbaname:rir:");
  EXPECT_EQ(to_url(":h:2809/NameService", "a%#"), "corbaname::h:2809/NameService#a%25%23");
}

TEST(CorbanameUrls, BadAddressesAndNamesAreRefused) {
  for (const char* bad : {"", ":", "iiop:", "http://x", ":h:port", ":h,", "[::1", ":h:123456"}) {
    EXPECT_THROW(to_url(bad, "a"), InvalidAddress) << bad;
  }
  EXPECT_THROW(to_url(":h", "a//b"), InvalidName);
}

}  // namespace
