// ORB::create_policy for the Messaging types, and PolicyError for what it refuses
// (CORBA 3.x, 8.3.8 and 4.9.2).
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

class CreatePolicy : public ::testing::Test {
 protected:
  void SetUp() override {
    int argc = 1;
    char name[] = "create_policy_test";
    char* argv[] = {name, nullptr};
    orb = CORBA::ORB_init(argc, argv,
                          std::string("create-policy-") +
                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  void TearDown() override { orb->destroy(); }

  template <class T>
  static CORBA::Any any_of(T value) {
    CORBA::Any a;
    a.insert(value);
    return a;
  }
  CORBA::PolicyErrorCode refusal(CORBA::PolicyType type, const CORBA::Any& value) {
    try {
      orb->create_policy(type, value);
    } catch (const CORBA::PolicyError& e) {
      return e.reason();
    }
    ADD_FAILURE() << "create_policy(" << type << ") raised nothing";
    return -1;
  }

  IDL::traits<CORBA::ORB>::ref_type orb;
};

TEST_F(CreatePolicy, MakesASyncScopePolicyFromAShort) {
  auto p = orb->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE,
                              any_of<std::int16_t>(Messaging::SYNC_WITH_SERVER));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->policy_type(), Messaging::SYNC_SCOPE_POLICY_TYPE);
  auto scope = IDL::traits<Messaging::SyncScopePolicy>::narrow(p);
  ASSERT_TRUE(scope);
  EXPECT_EQ(scope->synchronization(), Messaging::SYNC_WITH_SERVER);
  EXPECT_TRUE(p->_is_a("IDL:omg.org/Messaging/SyncScopePolicy:1.0"));
  EXPECT_TRUE(p->_is_a("IDL:omg.org/CORBA/Policy:1.0"));
}

TEST_F(CreatePolicy, MakesARebindPolicyFromAShort) {
  auto p = IDL::traits<Messaging::RebindPolicy>::narrow(
      orb->create_policy(Messaging::REBIND_POLICY_TYPE, any_of<std::int16_t>(Messaging::NO_RECONNECT)));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->rebind_mode(), Messaging::NO_RECONNECT);
  auto copy = IDL::traits<Messaging::RebindPolicy>::narrow(p->copy());
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->rebind_mode(), Messaging::NO_RECONNECT);
}

TEST_F(CreatePolicy, MakesBothRelativeTimeoutsFromATimeT) {
  auto request = IDL::traits<Messaging::RelativeRequestTimeoutPolicy>::narrow(orb->create_policy(
      Messaging::RELATIVE_REQ_TIMEOUT_POLICY_TYPE, any_of<TimeBase::TimeT>(5'000'000)));
  ASSERT_TRUE(request);
  EXPECT_EQ(request->relative_expiry(), 5'000'000u);
  auto roundtrip = IDL::traits<Messaging::RelativeRoundtripTimeoutPolicy>::narrow(orb->create_policy(
      Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, any_of<TimeBase::TimeT>(2'000'000)));
  ASSERT_TRUE(roundtrip);
  EXPECT_EQ(roundtrip->relative_expiry(), 2'000'000u);
  EXPECT_EQ(roundtrip->policy_type(), Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE);
}

TEST_F(CreatePolicy, AnAnyOfTheWrongTypeIsBadPolicyType) {
  EXPECT_EQ(refusal(Messaging::SYNC_SCOPE_POLICY_TYPE, any_of<std::int32_t>(2)), CORBA::BAD_POLICY_TYPE);
  EXPECT_EQ(refusal(Messaging::REBIND_POLICY_TYPE, any_of<std::string>("NO_REBIND")),
            CORBA::BAD_POLICY_TYPE);
  EXPECT_EQ(refusal(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, any_of<std::int16_t>(1)),
            CORBA::BAD_POLICY_TYPE);
  EXPECT_EQ(refusal(Messaging::RELATIVE_REQ_TIMEOUT_POLICY_TYPE, CORBA::Any{}), CORBA::BAD_POLICY_TYPE);
}

TEST_F(CreatePolicy, AValueOutOfRangeIsBadPolicyValue) {
  EXPECT_EQ(refusal(Messaging::SYNC_SCOPE_POLICY_TYPE, any_of<std::int16_t>(4)), CORBA::BAD_POLICY_VALUE);
  EXPECT_EQ(refusal(Messaging::SYNC_SCOPE_POLICY_TYPE, any_of<std::int16_t>(-1)), CORBA::BAD_POLICY_VALUE);
  EXPECT_EQ(refusal(Messaging::REBIND_POLICY_TYPE, any_of<std::int16_t>(3)), CORBA::BAD_POLICY_VALUE);
}

TEST_F(CreatePolicy, AnUnknownTypeIsBadPolicy) {
  EXPECT_EQ(refusal(9999, any_of<std::int16_t>(0)), CORBA::BAD_POLICY);
  EXPECT_EQ(refusal(0, any_of<std::int16_t>(0)), CORBA::BAD_POLICY);
}

TEST_F(CreatePolicy, AMessagingTypeNotImplementedIsUnsupportedPolicy) {
  EXPECT_EQ(refusal(Messaging::REQUEST_PRIORITY_POLICY_TYPE, any_of<std::int16_t>(0)),
            CORBA::UNSUPPORTED_POLICY);
  EXPECT_EQ(refusal(Messaging::QUEUE_ORDER_POLICY_TYPE, any_of<std::int16_t>(0)),
            CORBA::UNSUPPORTED_POLICY);
}

TEST_F(CreatePolicy, AfterDestroyRaisesObjectNotExist) {
  auto orb2 = orb;
  orb->destroy();
  EXPECT_THROW(orb2->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, any_of<std::int16_t>(0)),
               CORBA::OBJECT_NOT_EXIST);
  SetUp();  // TearDown destroys again
}

}  // namespace
