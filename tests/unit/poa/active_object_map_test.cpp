#include "poa/active_object_map.hpp"

#include <gtest/gtest.h>

#include "poa_test_support.hpp"

using PortableServer::ObjectId;
using rtorb::poa::ActiveObjectMap;

TEST(ActiveObjectMap, FindsEntriesBySlotIdAndServant) {
  ActiveObjectMap map;
  auto s1 = CORBA::make_reference<poa_test::EchoServant>();
  auto s2 = CORBA::make_reference<poa_test::EchoServant>();
  const auto a = map.insert(ObjectId{1}, s1);
  const auto b = map.insert(ObjectId{2, 2}, s2);
  EXPECT_NE(a, b);
  ASSERT_NE(map.find(a, map.at(a).generation), nullptr);
  EXPECT_EQ(map.find(a, map.at(a).generation)->servant, s1);
  EXPECT_EQ(map.find_id(ObjectId{2, 2}), b);
  EXPECT_EQ(map.find_servant(s1.shared().get()), a);
  EXPECT_EQ(map.size(), 2u);
  EXPECT_FALSE(map.find_id(ObjectId{3}));
}

TEST(ActiveObjectMap, ARemovedSlotIsReusedWithANewGeneration) {
  ActiveObjectMap map;
  auto s = CORBA::make_reference<poa_test::EchoServant>();
  const auto slot = map.insert(ObjectId{1}, s);
  const auto generation = map.at(slot).generation;
  EXPECT_EQ(map.remove(slot), s);
  EXPECT_EQ(map.find(slot, generation), nullptr);
  EXPECT_FALSE(map.find_id(ObjectId{1}));
  EXPECT_FALSE(map.find_servant(s.shared().get()));
  const auto again = map.insert(ObjectId{9}, s);
  EXPECT_EQ(again, slot);
  EXPECT_EQ(map.find(slot, generation), nullptr);
  EXPECT_NE(map.find(slot, generation + 1), nullptr);
  EXPECT_EQ(map.capacity(), 1u);
}

TEST(ActiveObjectMap, CountsActivationsOfOneServantUnderSeveralIds) {
  ActiveObjectMap map;
  auto s = CORBA::make_reference<poa_test::EchoServant>();
  const auto a = map.insert(ObjectId{1}, s);
  const auto b = map.insert(ObjectId{2}, s);
  EXPECT_EQ(map.activations(s.shared().get()), 2u);
  map.remove(a);
  EXPECT_EQ(map.activations(s.shared().get()), 1u);
  EXPECT_EQ(map.find_servant(s.shared().get()), b);
  map.remove(b);
  EXPECT_EQ(map.activations(s.shared().get()), 0u);
}

TEST(ActiveObjectMap, IdsStayFindableWhileTheSlotVectorGrows) {
  ActiveObjectMap map;
  auto s = CORBA::make_reference<poa_test::EchoServant>();
  for (std::uint32_t i = 0; i < 1000; ++i) {
    map.insert(ObjectId{static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8), 7}, s);
  }
  for (std::uint32_t i = 0; i < 1000; ++i) {
    const auto slot = map.find_id(
        ObjectId{static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8), 7});
    ASSERT_TRUE(slot);
    EXPECT_EQ(*slot, i);
  }
}
