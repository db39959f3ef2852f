// Object-level policy overrides (CORBA 3.x, 8.3.10-8.3.12): a new reference carries them,
// the old one is unchanged, and _get_client_policy looks at the reference, then the
// thread, then the ORB. A client policy handler sees the overrides of every target built.
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/corba/raise.hpp>

#include <gtest/gtest.h>

#include <thread>

#include "client/object_core.hpp"
#include "core/seams/client_policy.hpp"
#include "orb/orb_core.hpp"

namespace rtorb::orb {
namespace {

class TestPolicy final : public CORBA::Policy {
 public:
  TestPolicy(CORBA::PolicyType type, int value) : type_(type), value_(value) {}
  CORBA::PolicyType policy_type() override { return type_; }
  CORBA::object_reference<CORBA::Policy> copy() override {
    return CORBA::make_reference<TestPolicy>(type_, value_);
  }
  int value() const { return value_; }

 private:
  CORBA::PolicyType type_;
  int value_;
};

CORBA::object_reference<CORBA::Policy> policy(CORBA::PolicyType type, int value) {
  return CORBA::make_reference<TestPolicy>(type, value);
}

int value_of(const CORBA::object_reference<CORBA::Policy>& p) {
  return dynamic_cast<TestPolicy&>(*p).value();
}

// Policy 9001 makes a target's connection the reference's own; 9002 cannot apply.
class PrivateEverything final : public ClientPolicyHandler {
 public:
  void shape_target(const CORBA::PolicyList& overrides, std::uint64_t reference_id,
                    Target& target) const override {
    for (const auto& p : overrides) {
      if (p->policy_type() == 9001) target.cache_key.private_owner = reference_id;
      if (p->policy_type() == 9002) raise<CORBA::INV_POLICY>(0, "not for this target");
    }
  }
  CORBA::PolicyTypeSeq shaped_types() const override { return {}; }  // the reference's only
};

// Policy 61 makes the connection the reference's own at every level; 62 cannot apply.
class PrivateAtEveryLevel final : public ClientPolicyHandler {
 public:
  void shape_target(const CORBA::PolicyList& overrides, std::uint64_t reference_id,
                    Target& target) const override {
    for (const auto& p : overrides) {
      if (p->policy_type() == 61) target.cache_key.private_owner = reference_id + value_of(p);
      if (p->policy_type() == 62) raise<CORBA::INV_POLICY>(0, "not for this target");
    }
  }
  CORBA::PolicyTypeSeq shaped_types() const override { return {61, 62}; }
};

// The owner a call on `object` would connect as, from this thread.
std::uint64_t call_owner(const CORBA::object_reference<CORBA::Object>& object) {
  std::shared_ptr<const Target> hold;
  return core_of(*object)->target(hold).cache_key.private_owner;
}

class PolicyOverrides : public ::testing::Test {
 protected:
  void SetUp() override {
    OrbOptions o;
    o.orb_id = std::string("overrides-") +
               ::testing::UnitTest::GetInstance()->current_test_info()->name();
    orb = OrbCore::create(std::move(o));
    object = orb->string_to_object("corbaloc::127.0.0.1:9/obj");
  }
  void TearDown() override { orb->destroy(); }
  CORBA::object_reference<CORBA::ORB> orb;
  CORBA::object_reference<CORBA::Object> object;
};

TEST_F(PolicyOverrides, ANewReferenceCarriesThemAndTheOldOneIsUnchanged) {
  auto with = object->_set_policy_overrides({policy(100, 1), policy(101, 2)},
                                            CORBA::SetOverrideType::SET_OVERRIDE);
  ASSERT_TRUE(with);
  EXPECT_TRUE(object->_get_policy_overrides({}).empty());
  EXPECT_EQ(with->_get_policy_overrides({}).size(), 2u);
  EXPECT_TRUE(with->_is_equivalent(object));

  // ADD_OVERRIDE replaces a policy of the same type and keeps the others.
  auto added = with->_set_policy_overrides({policy(100, 3)}, CORBA::SetOverrideType::ADD_OVERRIDE);
  const auto hundred = added->_get_policy_overrides({100});
  ASSERT_EQ(hundred.size(), 1u);
  EXPECT_EQ(value_of(hundred[0]), 3);
  EXPECT_EQ(added->_get_policy_overrides({}).size(), 2u);
  // SET_OVERRIDE replaces them all.
  auto set = added->_set_policy_overrides({policy(102, 4)}, CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_EQ(set->_get_policy_overrides({}).size(), 1u);
  EXPECT_TRUE(set->_get_policy_overrides({100}).empty());
}

TEST_F(PolicyOverrides, TheClientPolicyIsTheReferencesThenTheThreadsThenTheOrbs) {
  EXPECT_FALSE(object->_get_client_policy(100));
  auto manager = IDL::traits<CORBA::PolicyManager>::narrow(
      orb->resolve_initial_references("ORBPolicyManager"));
  manager->set_policy_overrides({policy(100, 1)}, CORBA::SetOverrideType::ADD_OVERRIDE);
  EXPECT_EQ(value_of(object->_get_client_policy(100)), 1);
  auto current = IDL::traits<CORBA::PolicyCurrent>::narrow(
      orb->resolve_initial_references("PolicyCurrent"));
  current->set_policy_overrides({policy(100, 2)}, CORBA::SetOverrideType::ADD_OVERRIDE);
  EXPECT_EQ(value_of(object->_get_client_policy(100)), 2);
  auto with = object->_set_policy_overrides({policy(100, 3)}, CORBA::SetOverrideType::ADD_OVERRIDE);
  EXPECT_EQ(value_of(with->_get_client_policy(100)), 3);
  current->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);  // the thread's, for later tests
}

TEST_F(PolicyOverrides, ANilPolicyIsBadParamAndALocalObjectHasNone) {
  try {
    object->_set_policy_overrides({policy(100, 1), nullptr}, CORBA::SetOverrideType::ADD_OVERRIDE);
    ADD_FAILURE() << "no BAD_PARAM";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), minor::bad_param_nil_policy);
  }
  auto local = policy(100, 1);
  EXPECT_THROW(local->_set_policy_overrides({}, CORBA::SetOverrideType::ADD_OVERRIDE),
               CORBA::NO_IMPLEMENT);
  EXPECT_THROW(local->_get_client_policy(100), CORBA::NO_IMPLEMENT);
}

TEST_F(PolicyOverrides, HandlersShapeTheTargetsOfReferencesWithOverridesOnly) {
  auto& core = CORBA::rtorb_core(*orb);
  core.seams().add_client_policy_handler(std::make_shared<PrivateEverything>());
  auto with = object->_set_policy_overrides({policy(9001, 0)}, CORBA::SetOverrideType::ADD_OVERRIDE);
  auto other = object->_set_policy_overrides({policy(9001, 0)}, CORBA::SetOverrideType::ADD_OVERRIDE);
  const auto plain_key = core_of(*object)->target()->cache_key;
  const auto private_key = core_of(*with)->target()->cache_key;
  EXPECT_EQ(plain_key.private_owner, 0u);
  EXPECT_NE(private_key.private_owner, 0u);
  EXPECT_NE(private_key.private_owner, core_of(*other)->target()->cache_key.private_owner);
  EXPECT_EQ(private_key.endpoint, plain_key.endpoint);
  // What a handler raises for overrides that cannot apply, _set_policy_overrides raises.
  EXPECT_THROW(object->_set_policy_overrides({policy(9002, 0)}, CORBA::SetOverrideType::ADD_OVERRIDE),
               CORBA::INV_POLICY);
}

TEST_F(PolicyOverrides, ShapingPoliciesOfTheThreadAndTheOrbShapeCallsBelowTheReferencesOwn) {
  CORBA::rtorb_core(*orb).seams().add_client_policy_handler(
      std::make_shared<PrivateAtEveryLevel>());
  auto manager = IDL::traits<CORBA::PolicyManager>::narrow(
      orb->resolve_initial_references("ORBPolicyManager"));
  auto current = IDL::traits<CORBA::PolicyCurrent>::narrow(
      orb->resolve_initial_references("PolicyCurrent"));
  EXPECT_EQ(call_owner(object), 0u);

  manager->set_policy_overrides({policy(61, 1000)}, CORBA::SetOverrideType::ADD_OVERRIDE);
  const std::uint64_t orb_owner = call_owner(object);
  EXPECT_GE(orb_owner, 1000u);
  EXPECT_EQ(call_owner(object), orb_owner);  // unchanged levels: the same target again

  current->set_policy_overrides({policy(61, 2000)}, CORBA::SetOverrideType::ADD_OVERRIDE);
  EXPECT_EQ(call_owner(object), orb_owner + 1000);  // the thread's before the ORB's
  std::uint64_t other_thread = 0;
  std::thread([&] { other_thread = call_owner(object); }).join();
  EXPECT_EQ(other_thread, orb_owner);  // another thread has no PolicyCurrent of its own

  auto own = object->_set_policy_overrides({policy(61, 3000)}, CORBA::SetOverrideType::ADD_OVERRIDE);
  EXPECT_EQ(call_owner(own), core_of(*own)->target()->cache_key.private_owner);  // its own wins

  // A shaping policy of a level that cannot apply fails the call, as on the reference.
  current->set_policy_overrides({policy(62, 0)}, CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_THROW(call_owner(object), CORBA::INV_POLICY);
  current->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_EQ(call_owner(object), orb_owner);
  manager->set_policy_overrides({}, CORBA::SetOverrideType::SET_OVERRIDE);
  EXPECT_EQ(call_owner(object), 0u);  // back to the reference's own target
}

}  // namespace
}  // namespace rtorb::orb
