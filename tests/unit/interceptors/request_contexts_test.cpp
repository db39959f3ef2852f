// The service contexts interceptors add: replace or refuse a second one, refuse one no
// message could carry, and find what a request or reply carried.
#include <gtest/gtest.h>
#include <rtorb/corba/exception.hpp>

#include "interceptors/request_contexts.hpp"

namespace {

using rtorb::interceptors::AddedContexts;
using rtorb::interceptors::find_received;
constexpr std::uint32_t omg = rtorb::minor::omg_vmcid;

TEST(AddedContexts, GivesTheHeaderAViewOfWhatWasAdded) {
  AddedContexts added(1024);
  added.add({7, {1, 2, 3}}, false);
  added.add({8, {4}}, false);
  ASSERT_EQ(added.view().size(), 2U);
  EXPECT_EQ(added.view()[0].context_id, 7U);
  EXPECT_EQ(added.view()[0].context_data.size(), 3U);
  EXPECT_EQ(added.view()[1].context_data[0], 4);
}

TEST(AddedContexts, ReplacesOnlyWhenAskedAndOtherwiseRaisesBadInvOrder15) {
  AddedContexts added(1024);
  added.add({7, {1}}, false);
  try {
    added.add({7, {2}}, false);
    FAIL() << "added twice";
  } catch (const CORBA::BAD_INV_ORDER& e) {
    EXPECT_EQ(e.minor(), omg | 15);
  }
  added.add({7, {9, 9}}, true);
  ASSERT_EQ(added.view().size(), 1U);
  EXPECT_EQ(added.view()[0].context_data.size(), 2U);
}

TEST(AddedContexts, RefusesAContextLargerThanAMessage) {
  AddedContexts added(16);
  EXPECT_THROW(added.add({7, std::vector<std::uint8_t>(17, 0)}, false), CORBA::IMP_LIMIT);
  EXPECT_TRUE(added.view().empty());
}

TEST(AddedContexts, ViewsStayValidAsMoreAreAdded) {
  AddedContexts added(4096);
  for (std::uint32_t id = 0; id < 20; ++id) added.add({id, {static_cast<std::uint8_t>(id)}}, false);
  ASSERT_EQ(added.view().size(), 20U);
  for (std::uint32_t id = 0; id < 20; ++id) EXPECT_EQ(added.view()[id].context_data[0], id);
  added.clear();
  EXPECT_TRUE(added.view().empty());
  EXPECT_EQ(added.find(3), nullptr);
}

TEST(FindReceived, CopiesTheContextOrRaisesBadParam26) {
  const std::uint8_t data[] = {0, 1, 2};
  rtorb::giop::ServiceContextList received{{5, data}};
  EXPECT_EQ(find_received(&received, nullptr, 5).context_data().size(), 3U);
  AddedContexts added(64);
  added.add({6, {4}}, false);
  EXPECT_EQ(find_received(&received, &added, 6).context_data()[0], 4);
  try {
    find_received(&received, &added, 99);
    FAIL() << "found a context that is not there";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), omg | 26);
  }
  EXPECT_THROW(find_received(nullptr, nullptr, 5), CORBA::BAD_PARAM);
}

}  // namespace
