// The perfect hash skeletons dispatch with: rtorb-idl's tables place every operation in its
// own slot, and the run-time lookup (include/rtorb/idl/dispatch.hpp) finds each operation
// there and rejects every other name.
#include "backend/operation_table.hpp"

#include <gtest/gtest.h>

#include <rtorb/idl/dispatch.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace {

using rtorb::idl::backend::build_operation_table;
using rtorb::idl::backend::find_operation;
using rtorb::idl::backend::OperationTable;

// What a generated rtorb_dispatch computes, through the run-time header.
int runtime_slot(const OperationTable& table, std::string_view name) {
  const std::vector<std::string_view> slots(table.slots.begin(), table.slots.end());
  return rtorb::detail::operation_slot(name, table.seed, table.displacement, slots);
}

void expect_perfect(const std::vector<std::string>& names) {
  const OperationTable table = build_operation_table(names);
  ASSERT_EQ(table.slots.size() & (table.slots.size() - 1), 0u);
  ASSERT_EQ(table.displacement.size() & (table.displacement.size() - 1), 0u);
  EXPECT_LE(table.slots.size(), 4 * names.size() + 4) << names.size() << " names";
  std::vector<bool> used(table.slots.size(), false);
  for (const std::string& name : names) {
    const int slot = runtime_slot(table, name);
    ASSERT_GE(slot, 0) << name;
    EXPECT_EQ(slot, find_operation(table, name)) << name;
    EXPECT_EQ(table.slots[static_cast<std::size_t>(slot)], name);
    EXPECT_FALSE(used[static_cast<std::size_t>(slot)]) << name;
    used[static_cast<std::size_t>(slot)] = true;
  }
  for (const std::string& name : names) {
    EXPECT_EQ(runtime_slot(table, name + "x"), -1) << name;
    EXPECT_EQ(runtime_slot(table, name.substr(1)), -1) << name;
  }
  EXPECT_EQ(runtime_slot(table, "_is_a"), -1);
  EXPECT_EQ(runtime_slot(table, "_non_existent"), -1);
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

}  // namespace
