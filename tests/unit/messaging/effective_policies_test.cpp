// The policy a call runs under: the reference's override, then the thread's (PolicyCurrent),
// then the ORB's (ORBPolicyManager), then the default; per policy type, read once per level.
#include <rtorb/corba/orb.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "client/call_policies.hpp"
#include "client/object_core.hpp"

namespace {

using namespace std::chrono_literals;
using rtorb::orb::CallPolicies;
using rtorb::orb::OnewayWait;
using rtorb::orb::RebindMode;

class EffectivePolicies : public ::testing::Test {
 protected:
  void SetUp() override {
    int argc = 1;
    char name[] = "effective_policies_test";
    char* argv[] = {name, nullptr};
    orb = CORBA::ORB_init(argc, argv,
                          std::string("effective-") +
                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
    object = orb->string_to_object("corbaloc::127.0.0.1:9/obj");
    orb_level = IDL::traits<CORBA::PolicyManager>::narrow(
        orb->resolve_initial_references("ORBPolicyManager"));
    thread_level = IDL::traits<CORBA::PolicyCurrent>::narrow(
        orb->resolve_initial_references("PolicyCurrent"));
  }
  void TearDown() override {
    thread_level->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
    orb->destroy();
  }

  CORBA::object_reference<CORBA::Policy> roundtrip(TimeBase::TimeT t) {
    CORBA::Any a;
    a.insert(t);
    return orb->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, a);
  }
  CORBA::object_reference<CORBA::Policy> sync_scope(Messaging::SyncScope s) {
    CORBA::Any a;
    a.insert(s);
    return orb->create_policy(Messaging::SYNC_SCOPE_POLICY_TYPE, a);
  }
  CORBA::object_reference<CORBA::Policy> rebind(Messaging::RebindMode m) {
    CORBA::Any a;
    a.insert(m);
    return orb->create_policy(Messaging::REBIND_POLICY_TYPE, a);
  }
  static std::optional<CallPolicies> effective(const IDL::traits<CORBA::Object>::ref_type& o) {
    CallPolicies out;
    if (!rtorb::orb::effective_call_policies(*rtorb::orb::core_of(*o), out)) return std::nullopt;
    return out;
  }
  static TimeBase::TimeT expiry(const CORBA::object_reference<CORBA::Policy>& p) {
    return IDL::traits<Messaging::RelativeRoundtripTimeoutPolicy>::narrow(p)->relative_expiry();
  }

  IDL::traits<CORBA::ORB>::ref_type orb;
  IDL::traits<CORBA::Object>::ref_type object;
  IDL::traits<CORBA::PolicyManager>::ref_type orb_level;
  IDL::traits<CORBA::PolicyCurrent>::ref_type thread_level;
};

TEST_F(EffectivePolicies, NoOverridesAnywhereMeansTheDefaults) {
  EXPECT_EQ(effective(object), std::nullopt);
  EXPECT_FALSE(object->_get_client_policy(Messaging::SYNC_SCOPE_POLICY_TYPE));
}

TEST_F(EffectivePolicies, EachLevelOverridesTheOneBelowTypeByType) {
  orb_level->set_policy_overrides({roundtrip(10'000'000), rebind(Messaging::NO_REBIND)},
                                  CORBA::SetOverrideType::ADD_OVERRIDE);
  auto at_orb = effective(object);
  ASSERT_TRUE(at_orb);
  EXPECT_EQ(at_orb->roundtrip_timeout, 1s);
  EXPECT_EQ(at_orb->rebind, RebindMode::no_rebind);
  EXPECT_EQ(at_orb->oneway_wait, std::nullopt);

  thread_level->set_policy_overrides({roundtrip(20'000'000), sync_scope(Messaging::SYNC_NONE)},
                                     CORBA::SetOverrideType::ADD_OVERRIDE);
  auto at_thread = effective(object);
  ASSERT_TRUE(at_thread);
  EXPECT_EQ(at_thread->roundtrip_timeout, 2s);
  EXPECT_EQ(at_thread->oneway_wait, OnewayWait::none);
  EXPECT_EQ(at_thread->rebind, RebindMode::no_rebind);

  auto overridden = object->_set_policy_overrides({roundtrip(30'000'000)},
                                                  CORBA::SetOverrideType::ADD_OVERRIDE);
  auto at_object = effective(overridden);
  ASSERT_TRUE(at_object);
  EXPECT_EQ(at_object->roundtrip_timeout, 3s);
  EXPECT_EQ(at_object->oneway_wait, OnewayWait::none);
  EXPECT_EQ(at_object->rebind, RebindMode::no_rebind);
  EXPECT_EQ(effective(object)->roundtrip_timeout, 2s) << "the old reference is unchanged";

  EXPECT_EQ(expiry(overridden->_get_client_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE)), 30'000'000u);
  EXPECT_EQ(expiry(object->_get_client_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE)), 20'000'000u);
}

TEST_F(EffectivePolicies, AThreadsOverridesAreItsOwn) {
  thread_level->set_policy_overrides({sync_scope(Messaging::SYNC_WITH_TARGET)},
                                     CORBA::SetOverrideType::ADD_OVERRIDE);
  EXPECT_EQ(effective(object)->oneway_wait, OnewayWait::target);
  std::optional<CallPolicies> elsewhere{CallPolicies{}};
  std::thread([&] { elsewhere = effective(object); }).join();
  EXPECT_EQ(elsewhere, std::nullopt);
}

TEST_F(EffectivePolicies, ChangesAtTheOrbAndThreadLevelsAreSeenByTheNextCall) {
  thread_level->set_policy_overrides({sync_scope(Messaging::SYNC_WITH_SERVER)},
                                     CORBA::SetOverrideType::ADD_OVERRIDE);
  EXPECT_EQ(effective(object)->oneway_wait, OnewayWait::server);
  thread_level->set_policy_overrides({sync_scope(Messaging::SYNC_NONE)},
                                     CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_EQ(effective(object)->oneway_wait, OnewayWait::none);
  thread_level->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_EQ(effective(object), std::nullopt);

  orb_level->set_policy_overrides({roundtrip(1'000)}, CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_EQ(effective(object)->roundtrip_timeout, 100us);
  orb_level->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_EQ(effective(object), std::nullopt);
}

TEST_F(EffectivePolicies, PoliciesOfOtherLayersAreLeftAlone) {
  // A reference overriding only a type the Messaging reader does not know: no call policies.
  class Foreign final : public CORBA::Policy {
   public:
    CORBA::PolicyType policy_type() override { return 9001; }
    CORBA::object_reference<CORBA::Policy> copy() override { return CORBA::make_reference<Foreign>(); }
  };
  auto overridden = object->_set_policy_overrides({CORBA::make_reference<Foreign>()},
                                                  CORBA::SetOverrideType::ADD_OVERRIDE);
  EXPECT_EQ(effective(overridden), std::nullopt);
}

}  // namespace
