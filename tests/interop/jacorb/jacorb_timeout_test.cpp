// Time against a JacORB 3.9 server: a RelativeRoundtripTimeout on a call to a servant that
// stalls raises TIMEOUT timeout_reply_wait (COMPLETED_MAYBE), for a synchronous call and a
// sendc_ call alike; a RelativeRequestTimeout travels as the INVOCATION_POLICIES service
// context (id 7) and JacORB reads it: a request whose RequestEndTime passed while it
// waited in the server is not served (a twoway gets JacORB's TIMEOUT, minor 0,
// COMPLETED_NO; a oneway is dropped), and one whose end time is still ahead is served.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/messaging.hpp>
#include <rtorb/messaging/poller.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "jacorbC.h"
#include "jacorb_peer.hpp"

namespace {

using namespace std::chrono_literals;
using rtorb::interop::JacOrbPeer;
using rtorb::interop::OrbArgs;
using ProbeRef = IDL::traits<JacOrbInterop::Probe>::ref_type;

// A poll's bound, never reached when all is well.
constexpr std::uint32_t twenty_seconds = 20'000;

class JacOrbTime : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { peer_ = std::make_unique<JacOrbPeer>(); }
  static void TearDownTestSuite() { peer_.reset(); }

  void SetUp() override {
    orb_ = CORBA::ORB_init(args_.argc(), args_.argv(), "jacorb-time");
    probe_ = narrow(peer_->ior());
    ordered_ = narrow(peer_->ordered_ior());
    ASSERT_TRUE(probe_ && ordered_);
  }
  void TearDown() override {
    if (probe_) probe_->release();
    probe_ = ordered_ = nullptr;
    orb_->destroy();
  }

  ProbeRef narrow(const std::string& ior) {
    return IDL::traits<JacOrbInterop::Probe>::narrow(orb_->string_to_object(ior));
  }
  ProbeRef with_timeout(const ProbeRef& probe, CORBA::PolicyType type,
                        std::chrono::microseconds t) {
    CORBA::Any value;
    value.insert(TimeBase::TimeT(t.count() * 10));
    return IDL::traits<JacOrbInterop::Probe>::narrow(probe->_set_policy_overrides(
        {orb_->create_policy(type, value)}, CORBA::SetOverrideType::ADD_OVERRIDE));
  }
  // Blocks the ordered Probe's only thread in hold(), so that what is sent to it next waits
  // in JacORB's queue until release().
  void block_the_ordered_probe() {
    ordered_->hold();
    std::int32_t held = probe_->held();
    for (int i = 0; i < 2000 && held != 1; ++i) {
      std::this_thread::sleep_for(10ms);
      held = probe_->held();
    }
    ASSERT_EQ(held, 1);
  }

  static std::unique_ptr<JacOrbPeer> peer_;
  OrbArgs args_;
  IDL::traits<CORBA::ORB>::ref_type orb_;
  ProbeRef probe_;
  ProbeRef ordered_;
};

std::unique_ptr<JacOrbPeer> JacOrbTime::peer_;

TEST_F(JacOrbTime, ARoundtripTimeoutOnAStalledServantIsTimeoutReplyWait) {
  auto bounded = with_timeout(probe_, Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, 300ms);
  try {
    bounded->sleep_ms(60'000);
    FAIL() << "no TIMEOUT";
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::timeout_reply_wait);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
  EXPECT_EQ(bounded->cube(5), 125) << "the connection still serves later calls";
}

TEST_F(JacOrbTime, ARoundtripTimeoutReachesThePollerAsTimeout) {
  auto bounded = with_timeout(probe_, Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, 300ms);
  auto poller = bounded->sendp_sleep_ms(60'000);
  std::int32_t result = 0;
  try {
    poller->sleep_ms(twenty_seconds, result);
    FAIL() << "no TIMEOUT";
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::timeout_reply_wait);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
}

// The requests wait in JacORB's queue behind a hold() until their RequestEndTime (sent 100 ms
// ahead) is past on the system clock, which client and server share.
TEST_F(JacOrbTime, JacOrbDoesNotServeARequestWhoseEndTimeHasPassed) {
  const std::int32_t notes_before = ordered_->notes();  // before its thread is blocked
  block_the_ordered_probe();
  auto expiring = with_timeout(ordered_, Messaging::RELATIVE_REQ_TIMEOUT_POLICY_TYPE, 100ms);
  expiring->note(4711);
  auto poller = expiring->sendp_cube(3);
  // Both end times were read from the clock before these calls returned, so they are at most
  // `sent` + 100 ms; the margin covers clock granularity.
  const auto sent = std::chrono::system_clock::now();
  std::this_thread::sleep_until(sent + 100ms + 50ms);
  probe_->release();

  std::int32_t result = 0;
  try {
    poller->cube(twenty_seconds, result);
    FAIL() << "served after its end time: " << result;
  } catch (const CORBA::TIMEOUT& e) {
    EXPECT_EQ(e.minor(), 0u) << "JacORB's own TIMEOUT";
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
  // The ordered Probe serves in arrival order, so the oneway's fate is settled by now.
  EXPECT_EQ(ordered_->notes(), notes_before) << "the expired oneway was served";
  EXPECT_NE(ordered_->last_note(), 4711);
}

TEST_F(JacOrbTime, JacOrbServesARequestWhoseEndTimeIsAhead) {
  const std::int32_t notes_before = ordered_->notes();  // before its thread is blocked
  block_the_ordered_probe();
  auto patient = with_timeout(ordered_, Messaging::RELATIVE_REQ_TIMEOUT_POLICY_TYPE, 600s);
  patient->note(4712);
  auto poller = patient->sendp_cube(3);
  probe_->release();
  std::int32_t result = 0;
  poller->cube(twenty_seconds, result);
  EXPECT_EQ(result, 27);
  EXPECT_EQ(ordered_->notes(), notes_before + 1);
  EXPECT_EQ(ordered_->last_note(), 4712);
}

}  // namespace
