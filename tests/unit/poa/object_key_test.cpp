#include "poa/object_key.hpp"

#include <gtest/gtest.h>

#include <random>
#include <rtorb/corba/exception.hpp>
#include <string>
#include <vector>

using namespace rtorb::poa;

namespace {
const std::vector<std::uint8_t> oid = {1, 2, 3, 250};
}

TEST(ObjectKey, TransientKeyRoundTrips) {
  const KeyAddress address{7, 3, 42, 9};
  const auto key = encode_key(false, 0xdeadbeefcafef00dULL, address, {}, oid);
  EXPECT_EQ(key.size(), key_header_size + oid.size());
  const auto parsed = parse_key(key);
  ASSERT_TRUE(parsed);
  EXPECT_FALSE(parsed->persistent);
  EXPECT_EQ(parsed->instance, 0xdeadbeefcafef00dULL);
  EXPECT_EQ(parsed->address.poa_index, 7u);
  EXPECT_EQ(parsed->address.poa_generation, 3u);
  EXPECT_EQ(parsed->address.slot, 42u);
  EXPECT_EQ(parsed->address.slot_generation, 9u);
  EXPECT_EQ(std::vector<std::uint8_t>(parsed->object_id.begin(), parsed->object_id.end()), oid);
  EXPECT_TRUE(parsed->poa_path.empty());
}

TEST(ObjectKey, PersistentKeyCarriesThePoaPath) {
  const std::vector<std::string> path = {"a", "", std::string(300, 'x')};
  const auto key = encode_key(true, 5, {1, 1, no_slot, 0}, path, oid);
  const auto parsed = parse_key(key);
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(parsed->persistent);
  ASSERT_EQ(parsed->poa_path.size(), 3u);
  EXPECT_EQ(parsed->poa_path[0], "a");
  EXPECT_EQ(parsed->poa_path[1], "");
  EXPECT_EQ(parsed->poa_path[2], path[2]);
  EXPECT_EQ(parsed->address.slot, no_slot);
  EXPECT_EQ(parsed->object_id.size(), oid.size());
}

TEST(ObjectKey, EmptyObjectIdIsAllowed) {
  const auto key = encode_key(false, 1, {}, {}, {});
  const auto parsed = parse_key(key);
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(parsed->object_id.empty());
}

TEST(ObjectKey, ForeignKeysAreRefused) {
  EXPECT_FALSE(parse_key({}));
  const std::vector<std::uint8_t> omni = {0x50, 0x4f, 0x41, 0x00, 1, 2, 3};
  EXPECT_FALSE(parse_key(omni));
  EXPECT_FALSE(has_key_magic(omni));
  auto key = encode_key(false, 1, {}, {}, oid);
  key[5] = 7;  // unknown kind
  EXPECT_FALSE(parse_key(key));
  key[5] = 0;
  key[6] = 1;  // reserved byte set
  EXPECT_FALSE(parse_key(key));
}

TEST(ObjectKey, EveryTruncationOfAPersistentKeyIsRefusedOrShorter) {
  const std::vector<std::string> path = {"first", "second"};
  const auto key = encode_key(true, 9, {}, path, {});
  for (std::size_t n = 0; n < key.size(); ++n) {
    const auto parsed = parse_key(std::span(key.data(), n));
    EXPECT_FALSE(parsed) << "length " << n;
  }
  EXPECT_TRUE(parse_key(key));
}

TEST(ObjectKey, RandomBytesNeverCrashTheParser) {
  std::mt19937 rng(1234);
  auto base = encode_key(true, 9, {}, std::vector<std::string>{"p", "q"}, oid);
  for (int i = 0; i < 20000; ++i) {
    auto bytes = base;
    const int flips = 1 + static_cast<int>(rng() % 4);
    for (int f = 0; f < flips; ++f)
      bytes[rng() % bytes.size()] = static_cast<std::uint8_t>(rng());
    bytes.resize(rng() % (bytes.size() + 8), static_cast<std::uint8_t>(rng()));
    const auto parsed = parse_key(bytes);
    if (parsed) {
      for (const auto name : parsed->poa_path) {
        EXPECT_GE(name.data(), reinterpret_cast<const char*>(bytes.data()));
        EXPECT_LE(name.data() + name.size(),
                  reinterpret_cast<const char*>(bytes.data() + bytes.size()));
      }
      EXPECT_LE(parsed->object_id.data() + parsed->object_id.size(),
                bytes.data() + bytes.size());
    }
  }
}

TEST(ObjectKey, TooDeepAPathCannotBeEncoded) {
  const std::vector<std::string> path(max_key_path_depth + 1, "x");
  EXPECT_THROW(encode_key(true, 1, {}, path, oid), CORBA::IMP_LIMIT);
}
