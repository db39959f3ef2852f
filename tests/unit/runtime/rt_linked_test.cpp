// A program that links rtorb::core and rtorb::rt: Real-time CORBA (and the POA it serves
// through) is in every ORB with no call to ask for it; Messaging, not linked, is not.
#include <rtorb/messaging/messaging.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <gtest/gtest.h>

#include "orb_with_arguments.hpp"

using runtime_test::orb_with;

TEST(RtLinked, ResolvesTheRealTimeOrbWithNoExtraCall) {
  auto orb = orb_with({}, "rt-linked-rtorb");
  EXPECT_TRUE(IDL::traits<RTCORBA::RTORB>::narrow(orb->resolve_initial_references("RTORB")));
  EXPECT_TRUE(IDL::traits<RTCORBA::Current>::narrow(orb->resolve_initial_references("RTCurrent")));
  EXPECT_TRUE(orb->resolve_initial_references("RootPOA"));
  orb->destroy();
}

TEST(RtLinked, TakesTheRealTimeOptions) {
  auto orb = orb_with({"-ORBPriorityMapping", "direct"}, "rt-linked-option");
  EXPECT_TRUE(orb->resolve_initial_references("RTORB"));
  orb->destroy();
}

TEST(RtLinked, KnowsNoMessagingPolicyUnlessMessagingIsLinked) {
  auto orb = orb_with({}, "rt-linked-messaging");
  EXPECT_EQ(runtime_test::policy_refusal(*orb, Messaging::SYNC_SCOPE_POLICY_TYPE),
            CORBA::BAD_POLICY);
  orb->destroy();
}
