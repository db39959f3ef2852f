#include "poa/active_object_map.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

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
  const std::uint32_t generation = map.at(slot).generation;
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

TEST(ActiveObjectMap, AnEntryKnowsItsIdShortOrLong) {
  // Ids up to id_head_size bytes are compared from the entry's own copy, longer ones from
  // the id itself; a reused slot compares with its new id.
  ActiveObjectMap map;
  auto s = CORBA::make_reference<poa_test::EchoServant>();
  const ObjectId head_sized(ActiveObjectMap::Entry::id_head_size, 7);
  const ObjectId longer(ActiveObjectMap::Entry::id_head_size + 5, 7);
  const auto empty = map.insert(ObjectId{}, s);
  const auto exact = map.insert(head_sized, s);
  const auto slot = map.insert(longer, s);
  EXPECT_TRUE(map.at(empty).has_id(ObjectId{}));
  EXPECT_FALSE(map.at(empty).has_id(ObjectId{0}));
  EXPECT_TRUE(map.at(exact).has_id(head_sized));
  ObjectId other = head_sized;
  other.back() = 8;
  EXPECT_FALSE(map.at(exact).has_id(other));
  EXPECT_FALSE(map.at(exact).has_id(ObjectId(head_sized.begin(), head_sized.end() - 1)));
  EXPECT_TRUE(map.at(slot).has_id(longer));
  ObjectId differs_at_end = longer;
  differs_at_end.back() = 1;
  EXPECT_FALSE(map.at(slot).has_id(differs_at_end));
  map.remove(slot);
  const auto reused = map.insert(ObjectId{1, 2, 3}, s);
  ASSERT_EQ(reused, slot);
  EXPECT_TRUE(map.at(reused).has_id(ObjectId{1, 2, 3}));
  EXPECT_FALSE(map.at(reused).has_id(ObjectId{7, 7, 7}));
}

TEST(ActiveObjectMap, AnIdOfEightToSixteenBytesDiffersAtAnyByte) {
  // These sizes are compared as two overlapping words: a difference at any position, and
  // in every size of that range, must still tell the ids apart.
  ActiveObjectMap map;
  auto s = CORBA::make_reference<poa_test::EchoServant>();
  for (std::size_t n = 8; n <= ActiveObjectMap::Entry::id_head_size; ++n) {
    ObjectId id(n);
    for (std::size_t i = 0; i < n; ++i) id[i] = static_cast<std::uint8_t>(i + 1);
    const auto slot = map.insert(id, s);
    EXPECT_TRUE(map.at(slot).has_id(id)) << n;
    for (std::size_t i = 0; i < n; ++i) {
      ObjectId other = id;
      other[i] ^= 0x80;
      EXPECT_FALSE(map.at(slot).has_id(other)) << n << " bytes, byte " << i;
    }
    EXPECT_FALSE(map.at(slot).has_id(ObjectId(id.begin(), id.end() - 1))) << n;
    map.remove(slot);
  }
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

TEST(StableArray, ElementsKeepTheirAddressesAcrossSegments) {
  rtorb::poa::StableArray<int> array;
  std::vector<int*> addresses;
  for (int i = 0; i < 5000; ++i) {
    const std::uint32_t index = array.add();
    ASSERT_EQ(index, static_cast<std::uint32_t>(i));
    array[index] = i;
    addresses.push_back(&array[index]);
  }
  EXPECT_EQ(array.size(), 5000u);
  EXPECT_EQ(array.find(5000), nullptr);
  for (std::uint32_t i = 0; i < 5000; ++i) {
    ASSERT_EQ(array.find(i), addresses[i]);  // never moved
    ASSERT_EQ(*addresses[i], static_cast<int>(i));
  }
  // Indices on both sides of the first segment boundaries are distinct elements.
  EXPECT_NE(array.find(63), array.find(64));
  EXPECT_NE(array.find(191), array.find(192));
}

TEST(StableArray, ReadersFindElementsWhileTheArrayGrows) {
  rtorb::poa::StableArray<std::atomic<int>> array;
  std::mutex grow;
  std::atomic<bool> done{false};
  std::thread writer([&] {
    for (int i = 0; i < 20000; ++i) {
      std::lock_guard lock(grow);
      array[array.add()].store(i + 1);
    }
    done = true;
  });
  int bad = 0;
  while (!done) {
    const std::uint32_t n = array.size();
    if (n == 0) continue;
    const auto* last = array.find(n - 1);
    // Published elements were constructed (0) or written (index + 1), never garbage.
    const int value = last->load();
    if (value != 0 && value != static_cast<int>(n)) ++bad;
  }
  writer.join();
  EXPECT_EQ(bad, 0);
}
