// rtorb's BufferingConstraint: made by create_policy, read into the core's OnewayBuffering
// at each override level; the any's struct round-trips through CDR.
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/buffering_constraint.hpp>

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "client/call_policies.hpp"
#include "client/object_core.hpp"

namespace {

using namespace std::chrono_literals;

class BufferingPolicy : public ::testing::Test {
 protected:
  void SetUp() override {
    int argc = 1;
    char name[] = "buffering_policy_test";
    char* argv[] = {name, nullptr};
    orb = CORBA::ORB_init(argc, argv,
                          std::string("buffering-") +
                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
    object = orb->string_to_object("corbaloc::127.0.0.1:9/obj");
  }
  void TearDown() override { orb->destroy(); }

  CORBA::object_reference<CORBA::Policy> buffering(const rtorb::messaging::BufferingConstraint& c) {
    CORBA::Any a;
    a.insert(c);
    return orb->create_policy(rtorb::messaging::BUFFERING_CONSTRAINT_POLICY_TYPE, a);
  }
  std::optional<rtorb::orb::OnewayBuffering> effective(const IDL::traits<CORBA::Object>::ref_type& o) {
    rtorb::orb::CallPolicies out;
    if (!rtorb::orb::effective_call_policies(*rtorb::orb::core_of(*o), out)) return std::nullopt;
    return out.buffering;
  }

  IDL::traits<CORBA::ORB>::ref_type orb;
  IDL::traits<CORBA::Object>::ref_type object;
};

TEST_F(BufferingPolicy, TheAnyCarriesTheStructWithItsTypeCode) {
  const rtorb::messaging::BufferingConstraint c{rtorb::messaging::BUFFER_MESSAGE_COUNT | rtorb::messaging::BUFFER_TIMEOUT, 123, 9, 0};
  CORBA::Any a;
  a.insert(c);
  EXPECT_EQ(a.type()->kind(), rtorb::cdr::TCKind::tk_struct);
  rtorb::messaging::BufferingConstraint back;
  ASSERT_TRUE(a.extract(back));
  EXPECT_EQ(back, c);
}

TEST_F(BufferingPolicy, AReferenceOverrideBecomesTheCallsBuffering) {
  auto o = object->_set_policy_overrides(
      {buffering({rtorb::messaging::BUFFER_MESSAGE_COUNT | rtorb::messaging::BUFFER_MESSAGE_BYTES | rtorb::messaging::BUFFER_TIMEOUT,
                  20 * 10'000, 8, 4096})},
      CORBA::SetOverrideType::ADD_OVERRIDE);
  const auto b = effective(o);
  ASSERT_TRUE(b);
  EXPECT_FALSE(b->at_once);
  EXPECT_EQ(b->count, 8u);
  EXPECT_EQ(b->bytes, 4096u);
  EXPECT_EQ(b->timeout, 20ms);
}

TEST_F(BufferingPolicy, FlushModeSendsAtOnceAndUnselectedLimitsAreNotUsed) {
  auto flush = object->_set_policy_overrides({buffering({rtorb::messaging::BUFFER_FLUSH, 99, 99, 99})},
                                             CORBA::SetOverrideType::ADD_OVERRIDE);
  const auto b = effective(flush);
  ASSERT_TRUE(b);
  EXPECT_TRUE(b->at_once);
  EXPECT_EQ(b->count, 0u);
  EXPECT_EQ(b->bytes, 0u);
  EXPECT_EQ(b->timeout, 0ns);
}

TEST_F(BufferingPolicy, TheThreadLevelAppliesWhenTheReferenceSetsNone) {
  auto current = IDL::traits<CORBA::PolicyCurrent>::narrow(orb->resolve_initial_references("PolicyCurrent"));
  current->set_policy_overrides({buffering({rtorb::messaging::BUFFER_MESSAGE_COUNT, 0, 3, 0})},
                                CORBA::SetOverrideType::SET_OVERRIDE);
  const auto b = effective(object);
  current->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->count, 3u);
}

TEST_F(BufferingPolicy, BadModeBitsAndZeroLimitsAreBadPolicyValue) {
  for (const rtorb::messaging::BufferingConstraint& c :
       {rtorb::messaging::BufferingConstraint{0x10, 0, 0, 0}, rtorb::messaging::BufferingConstraint{rtorb::messaging::BUFFER_TIMEOUT, 0, 1, 1},
        rtorb::messaging::BufferingConstraint{rtorb::messaging::BUFFER_MESSAGE_COUNT, 1, 0, 1},
        rtorb::messaging::BufferingConstraint{rtorb::messaging::BUFFER_MESSAGE_BYTES, 1, 1, 0}}) {
    try {
      buffering(c);
      ADD_FAILURE() << "mode " << c.mode << " accepted";
    } catch (const CORBA::PolicyError& e) {
      EXPECT_EQ(e.reason(), CORBA::BAD_POLICY_VALUE);
    }
  }
}

// Code written against the first spelling, namespace Rtorb, still compiles and names the
// same entities (with a deprecation warning, silenced here).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST(BufferingConstraintNames, TheDeprecatedRtorbNamespaceNamesTheSameEntities) {
  static_assert(std::is_same_v<Rtorb::BufferingConstraint, rtorb::messaging::BufferingConstraint>);
  static_assert(std::is_same_v<Rtorb::BufferingConstraintPolicy,
                               rtorb::messaging::BufferingConstraintPolicy>);
  EXPECT_EQ(Rtorb::BUFFERING_CONSTRAINT_POLICY_TYPE,
            rtorb::messaging::BUFFERING_CONSTRAINT_POLICY_TYPE);
  EXPECT_EQ(Rtorb::BUFFER_MESSAGE_COUNT, rtorb::messaging::BUFFER_MESSAGE_COUNT);
  void (*old_flush)(const CORBA::object_reference<CORBA::ORB>&) = &Rtorb::flush;
  EXPECT_EQ(old_flush, &rtorb::messaging::flush);
}
#pragma GCC diagnostic pop

}  // namespace
