// A program that links rtorb::core alone: ORB_init gives the ORB core and no layer above
// it, and says what to link where it can.
#include <rtorb/messaging/messaging.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "orb_with_arguments.hpp"

using runtime_test::orb_with;

TEST(CoreOnly, HasNoRealTimeOrbToResolve) {
  auto orb = orb_with({}, "core-only-rt");
  EXPECT_THROW(orb->resolve_initial_references("RTORB"), CORBA::ORB::InvalidName);
  EXPECT_THROW(orb->resolve_initial_references("RTCurrent"), CORBA::ORB::InvalidName);
  orb->destroy();
}

TEST(CoreOnly, HasNoObjectAdapter) {
  auto orb = orb_with({}, "core-only-poa");
  EXPECT_THROW(orb->resolve_initial_references("RootPOA"), CORBA::ORB::InvalidName);
  const auto services = orb->list_initial_services();
  EXPECT_EQ(std::count(services.begin(), services.end(), "RootPOA"), 0);
  orb->destroy();
}

TEST(CoreOnly, KnowsNoMessagingPolicy) {
  auto orb = orb_with({}, "core-only-messaging");
  EXPECT_EQ(runtime_test::policy_refusal(*orb, Messaging::SYNC_SCOPE_POLICY_TYPE),
            CORBA::BAD_POLICY);
  orb->destroy();
}

TEST(CoreOnly, NamesWhatToLinkForAnOptionOfAMissingLayer) {
  try {
    orb_with({"-ORBPriorityMapping", "direct"}, "core-only-option");
    ADD_FAILURE() << "an rt option was accepted without rt";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_NE(std::string(e.what()).find("-ORBPriorityMapping"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("link rtorb::rt"), std::string::npos) << e.what();
  }
}

TEST(CoreOnly, StillTakesTheCoreOptions) {
  auto orb = orb_with({"-ORBCollocation", "no"}, "core-only-core-option");
  EXPECT_EQ(orb->id(), "core-only-core-option");
  orb->destroy();
}
