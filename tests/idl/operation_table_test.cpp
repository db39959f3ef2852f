// The perfect hash skeletons dispatch with: rtorb-idl's tables place every operation in its
// own slot, and the run-time lookup (include/rtorb/idl/dispatch.hpp) finds each operation
// there and rejects every other name.
#include "backend/operation_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <rtorb/idl/dispatch.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace {

using rtorb::idl::backend::build_operation_table;
using rtorb::idl::backend::find_operation;
using rtorb::idl::backend::OperationHash;
using rtorb::idl::backend::OperationTable;
using rtorb::idl::backend::try_build_operation_table;
using namespace std::string_literals;

// What a generated rtorb_dispatch computes, through the run-time header.
int runtime_slot(const OperationTable& table, std::string_view name) {
  const std::vector<std::string_view> slots(table.slots.begin(), table.slots.end());
  return table.hash == OperationHash::ends
             ? rtorb::detail::operation_slot_by_ends(name, table.seed, table.displacement, slots)
             : rtorb::detail::operation_slot_by_bytes(name, table.seed, table.displacement, slots);
}

// Names a request may carry that are near `name` but not it: one byte more or less at
// either end, one byte changed at the start, in the middle or at the end.
std::vector<std::string> near_misses(const std::string& name) {
  std::vector<std::string> misses = {name + "x", name + '\0', '\0' + name, name.substr(1),
                                     name.substr(0, name.size() - 1)};
  for (const std::size_t at : {std::size_t{0}, name.size() / 2, name.size() - 1}) {
    std::string changed = name;
    changed[at] = static_cast<char>(changed[at] ^ 0x01);
    misses.push_back(changed);
    changed[at] = '\0';
    misses.push_back(changed);
  }
  return misses;
}

// Names no interface has: empty, NULs, binary, very long.
std::vector<std::string> strangers() {
  std::string every_byte;
  for (int b = 0; b < 256; ++b) every_byte += static_cast<char>(b);
  return {"",        "\0"s,        "\0\0\0\0\0\0\0\0\0"s, "\xff",
          every_byte, std::string(1000, 'a'), std::string(17, '\0'), "_is_a",
          "_non_existent"};
}

void expect_table_finds_exactly(const OperationTable& table, const std::vector<std::string>& names) {
  std::vector<bool> used(table.slots.size(), false);
  for (const std::string& name : names) {
    const int slot = runtime_slot(table, name);
    ASSERT_GE(slot, 0) << name;
    EXPECT_EQ(slot, find_operation(table, name)) << name;
    EXPECT_EQ(table.slots[static_cast<std::size_t>(slot)], name);
    EXPECT_FALSE(used[static_cast<std::size_t>(slot)]) << name;
    used[static_cast<std::size_t>(slot)] = true;
  }
  std::vector<std::string> others = strangers();
  for (const std::string& name : names) {
    for (std::string& miss : near_misses(name)) others.push_back(std::move(miss));
  }
  for (const std::string& other : others) {
    if (std::find(names.begin(), names.end(), other) != names.end()) continue;
    EXPECT_EQ(runtime_slot(table, other), -1) << other << " (" << other.size() << " bytes)";
    EXPECT_EQ(find_operation(table, other), -1) << other;
  }
}

// The table rtorb-idl would generate, and one with each hash that can separate the names.
void expect_perfect(const std::vector<std::string>& names) {
  const OperationTable table = build_operation_table(names);
  ASSERT_TRUE(std::has_single_bit(table.slots.size()));
  ASSERT_TRUE(std::has_single_bit(table.displacement.size()));
  EXPECT_LE(table.slots.size(), 4 * names.size() + 4) << names.size() << " names";
  expect_table_finds_exactly(table, names);
  for (const OperationHash hash : {OperationHash::ends, OperationHash::bytes}) {
    if (const auto forced = try_build_operation_table(names, hash)) {
      EXPECT_EQ(forced->hash, hash);
      expect_table_finds_exactly(*forced, names);
    }
  }
}

std::vector<std::string> attribute_like_names(std::size_t count) {
  std::vector<std::string> names;
  for (std::size_t i = 0; names.size() < count; ++i) {
    names.push_back("op" + std::to_string(i));
    if (names.size() < count) names.push_back("_get_attr" + std::to_string(i));
    if (names.size() < count) names.push_back("_set_attr" + std::to_string(i));
  }
  return names;
}

TEST(OperationTable, PlacesEveryOperationOfInterfacesWithOneToFiftyOperations) {
  for (std::size_t n = 1; n <= 50; ++n) expect_perfect(attribute_like_names(n));
}

TEST(OperationTable, PlacesTheOperationsOfALargeInterface) {
  // CosNotifyChannelAdmin::EventChannel with everything it inherits, and more besides.
  std::vector<std::string> names = {"_get_MyFactory",
                                    "_get_default_consumer_admin",
                                    "_get_default_supplier_admin",
                                    "_get_default_filter_factory",
                                    "new_for_consumers",
                                    "new_for_suppliers",
                                    "get_consumeradmin",
                                    "get_supplieradmin",
                                    "get_all_consumeradmins",
                                    "get_all_supplieradmins",
                                    "get_qos",
                                    "set_qos",
                                    "validate_qos",
                                    "get_admin",
                                    "set_admin",
                                    "for_consumers",
                                    "for_suppliers",
                                    "destroy",
                                    "_get_MyID",
                                    "_get_MyChannel",
                                    "_get_MyOperator",
                                    "_get_priority_filter",
                                    "_set_priority_filter",
                                    "_get_lifetime_filter",
                                    "_set_lifetime_filter",
                                    "_get_pull_suppliers",
                                    "_get_push_suppliers",
                                    "get_proxy_supplier",
                                    "obtain_notification_pull_supplier",
                                    "obtain_notification_push_supplier",
                                    "add_filter",
                                    "remove_filter",
                                    "get_filter",
                                    "get_all_filters",
                                    "remove_all_filters",
                                    "subscription_change",
                                    "offer_change",
                                    "obtain_subscription_types",
                                    "obtain_offered_types",
                                    "validate_event_qos",
                                    "connect_any_push_consumer",
                                    "connect_structured_push_consumer",
                                    "connect_sequence_push_consumer",
                                    "suspend_connection",
                                    "resume_connection",
                                    "push",
                                    "push_structured_event",
                                    "push_structured_events",
                                    "pull",
                                    "try_pull",
                                    "pull_structured_event",
                                    "try_pull_structured_event",
                                    "pull_structured_events",
                                    "try_pull_structured_events",
                                    "disconnect_push_consumer",
                                    "disconnect_push_supplier",
                                    "disconnect_pull_consumer",
                                    "disconnect_pull_supplier",
                                    "disconnect_structured_push_consumer",
                                    "disconnect_structured_push_supplier",
                                    "disconnect_sequence_push_consumer",
                                    "disconnect_sequence_push_supplier",
                                    "_get_MyType",
                                    "_get_MyAdmin",
                                    "_get_operator"};
  for (std::string& extra : attribute_like_names(135)) names.push_back("x_" + extra);
  expect_perfect(names);
}

TEST(OperationTable, HandlesTinyInterfacesAndNamesThatDifferInOneCharacter) {
  expect_perfect({"a"});
  expect_perfect({"ab", "ba", "aa", "bb"});
}

TEST(OperationTable, FindsFiftyLongAttributesThatDifferOnlyInTheirLastDigits) {
  std::vector<std::string> names;
  for (int i = 1; i <= 50; ++i) names.push_back("_get_a_very_long_attribute_name_" + std::to_string(i));
  EXPECT_EQ(build_operation_table(names).hash, OperationHash::ends);
  expect_perfect(names);
}

TEST(OperationTable, HashesEveryByteWhenNamesShareLengthAndTheirFirstAndLastEightBytes) {
  std::vector<std::string> names;
  for (char c = 'a'; c <= 'z'; ++c) names.push_back("get_all_"s + c + "_the_things");
  names.push_back("get_all_the_things");
  EXPECT_FALSE(try_build_operation_table(names, OperationHash::ends));
  EXPECT_EQ(build_operation_table(names).hash, OperationHash::bytes);
  expect_perfect(names);
}

TEST(OperationTable, FindsNamesOfEveryLengthFromOneToTwenty) {
  std::vector<std::string> names;
  for (std::size_t n = 1; n <= 20; ++n) names.push_back(std::string(n, 'q'));
  expect_perfect(names);
  std::vector<std::string> counting;
  for (std::size_t n = 1; n <= 20; ++n) counting.push_back(std::string("abcdefghijklmnopqrst", n));
  expect_perfect(counting);
}

TEST(OperationTable, TellsApartNamesThatArePrefixesOfEachOther) {
  expect_perfect({"get", "get_", "get_x", "get_xy", "get_xyz", "get_xyz_", "get_xyz_w",
                  "get_xyz_wv", "get_xyz_wvu_tsrqp", "get_xyz_wvu_tsrqpo", "get_xyz_wvu_tsrqpon"});
}

TEST(OperationTable, FindsLongNamesThatDifferOnlyInTheMiddle) {
  // Equal first and last 8 bytes but different lengths: the hash of ends still separates
  // them, and the comparison must look at every byte in between (near_misses changes one).
  const std::vector<std::string> names = {"set_the_value_now", "set_the__value_now",
                                          "set_the___value_now", "set_the____value_now",
                                          "set_the_____________________value_now"};
  EXPECT_EQ(build_operation_table(names).hash, OperationHash::ends);
  expect_perfect(names);
}

TEST(OperationTable, CompilerAndRunTimeHashTheSameWayWhateverTheBytes) {
  std::vector<std::string> names = strangers();
  for (std::size_t n = 1; n <= 40; ++n) {
    std::string name;
    for (std::size_t i = 0; i < n; ++i) name += static_cast<char>((i * 97 + n * 31) & 0xff);
    names.push_back(name);
  }
  for (const std::string& name : names) {
    for (const std::uint32_t seed : {0u, 1u, 0xdeadbeefu}) {
      if (name.empty()) continue;
      const rtorb::detail::OperationEnds ends = rtorb::detail::operation_ends(name);
      EXPECT_EQ(rtorb::idl::backend::operation_hash_of_bytes(name, seed),
                rtorb::detail::operation_hash_of_bytes(ends, name, seed))
          << name.size() << " bytes";
      EXPECT_EQ(rtorb::idl::backend::operation_hash_of_ends(name, seed),
                rtorb::detail::operation_hash_of_ends(rtorb::detail::operation_ends(name),
                                                      name.size(), seed))
          << name.size() << " bytes";
    }
  }
}

TEST(OperationTable, RunTimeLookupWorksInConstantExpressions) {
  // What lets the compiler fold a one-operation interface to a single comparison.
  static constexpr std::uint16_t displacement[] = {0};
  static constexpr std::string_view names[] = {"ping"};
  static_assert(rtorb::detail::operation_slot_by_ends("ping", 0, displacement, names) == 0);
  static_assert(rtorb::detail::operation_slot_by_ends("pong", 0, displacement, names) == -1);
  static_assert(rtorb::detail::operation_slot_by_ends("", 0, displacement, names) == -1);
  static_assert(rtorb::detail::operation_slot_by_bytes("ping", 0, displacement, names) == 0);
  static_assert(rtorb::detail::operation_slot_by_bytes("pin", 0, displacement, names) == -1);
  const OperationTable one = build_operation_table({"ping"});
  EXPECT_EQ(one.slots.size(), 1u);
  EXPECT_EQ(one.displacement.size(), 1u);
}

}  // namespace
