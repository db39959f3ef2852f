// rtorb calling a JacORB 3.9 server (jacorb-probe-server): results, out and inout
// arguments, a user exception with its members and a system exception with its minor code
// and completion status, over GIOP 1.2, 1.1 and 1.0 (corbaloc:iiop:1.x@ references), and
// the server's shutdown operation.
#include <rtorb/corba/orb.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "jacorbC.h"
#include "jacorb_peer.hpp"

namespace {

using namespace std::chrono_literals;
using rtorb::interop::JacOrbPeer;
using rtorb::interop::OrbArgs;
using ProbeRef = IDL::traits<JacOrbInterop::Probe>::ref_type;

TEST(JacOrbServerLife, TheShutdownOperationEndsTheServer) {
  JacOrbPeer peer;
  OrbArgs args;
  auto orb = CORBA::ORB_init(args.argc(), args.argv(), "jacorb-life");
  {
    auto probe = IDL::traits<JacOrbInterop::Probe>::narrow(orb->string_to_object(peer.ior()));
    ASSERT_TRUE(probe);
    EXPECT_EQ(probe->cube(2), 8);
    probe->shutdown();
  }
  orb->destroy();
  EXPECT_TRUE(peer.process().exits_within(20s));
  EXPECT_EQ(peer.process().wait(1s), 0);
}

// One JVM for every GIOP version's test.
class JacOrbCalls : public ::testing::TestWithParam<const char*> {
 protected:
  static void SetUpTestSuite() { peer_ = std::make_unique<JacOrbPeer>(); }
  static void TearDownTestSuite() { peer_.reset(); }

  void SetUp() override {
    orb_ = CORBA::ORB_init(args_.argc(), args_.argv(),
                           std::string("jacorb-calls-") + GetParam());
    probe_ = IDL::traits<JacOrbInterop::Probe>::narrow(
        orb_->string_to_object(rtorb::interop::corbaloc_for(peer_->ior(), GetParam())));
    ASSERT_TRUE(probe_);
  }
  void TearDown() override {
    probe_ = nullptr;
    orb_->destroy();
  }

  static std::unique_ptr<JacOrbPeer> peer_;
  OrbArgs args_;
  IDL::traits<CORBA::ORB>::ref_type orb_;
  ProbeRef probe_;
};

std::unique_ptr<JacOrbPeer> JacOrbCalls::peer_;

TEST_P(JacOrbCalls, ResultsComeBack) {
  EXPECT_EQ(probe_->cube(3), 27);
  EXPECT_EQ(probe_->cube(-1290), -2146689000);
  EXPECT_EQ(probe_->cube(2000), -589934592);  // both sides wrap the same way
  EXPECT_EQ(probe_->echo_string("hello JacORB"), "hello JacORB");
  EXPECT_EQ(probe_->echo_string(""), "");
  const std::string long_text(100'000, 'x');  // larger than any one buffer on either side
  EXPECT_EQ(probe_->echo_string(long_text), long_text);
}

TEST_P(JacOrbCalls, OutAndInoutArgumentsComeBack) {
  std::int32_t b = 5;
  std::int32_t sum = 0;
  std::string text = "inout";
  EXPECT_EQ(probe_->add(7, b, sum, text), 12);
  EXPECT_EQ(sum, 12);
  EXPECT_EQ(b, 14);
  EXPECT_EQ(text, "inout!");
}

TEST_P(JacOrbCalls, AUserExceptionArrivesWithItsMembers) {
  try {
    probe_->refuse(42);
    FAIL() << "no exception";
  } catch (const JacOrbInterop::Refused& e) {
    EXPECT_EQ(e.code(), 42);
    EXPECT_EQ(e.reason(), "refused 42");
  }
}

TEST_P(JacOrbCalls, ASystemExceptionArrivesWithItsMinorAndCompletion) {
  try {
    probe_->fail(0x4a414307u);
    FAIL() << "no exception";
  } catch (const CORBA::NO_PERMISSION& e) {
    EXPECT_EQ(e.minor(), 0x4a414307u);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_YES);
  }
}

INSTANTIATE_TEST_SUITE_P(Giop, JacOrbCalls, ::testing::Values("1.2", "1.1", "1.0"),
                         [](const auto& info) {
                           std::string name = std::string("Giop") + info.param;
                           name.erase(name.find('.'), 1);
                           return name;
                         });

}  // namespace
