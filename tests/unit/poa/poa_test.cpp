// POA operations and their policy rules, without an ORB (FakeServices).
#include <gtest/gtest.h>

#include "poa/object_key.hpp"
#include "poa/poa_impl.hpp"
#include "poa_test_support.hpp"

using namespace poa_test;
using PortableServer::ObjectId;
using PortableServer::POA;
namespace PS = PortableServer;

namespace {

struct PoaFixture : ::testing::Test {
  std::shared_ptr<rtorb::poa::PoaSystem> system = make_system();
  CORBA::object_reference<POA> root = root_of(system);
  ~PoaFixture() override { system->shutdown(false); }

  CORBA::object_reference<POA> child(const std::string& name, CORBA::PolicyList policies) {
    return root->create_POA(name, root->the_POAManager(), policies);
  }
  CORBA::object_reference<POA> user_id_poa(const std::string& name = "user") {
    return child(name,
                 {root->create_id_assignment_policy(PS::IdAssignmentPolicyValue::USER_ID)});
  }
};

CORBA::servant_reference<EchoServant> make_servant() {
  return CORBA::make_reference<EchoServant>();
}

}  // namespace

TEST_F(PoaFixture, RootPoaHasTheStandardRootPolicies) {
  EXPECT_EQ(root->the_name(), "RootPOA");
  EXPECT_FALSE(root->the_parent());
  EXPECT_TRUE(root->the_children().empty());
  EXPECT_EQ(root->the_POAManager()->get_state(), PS::POAManager::State::HOLDING);
  auto impl = std::static_pointer_cast<rtorb::poa::PoaImpl>(root.shared());
  EXPECT_TRUE(impl->policies().implicit_activation());
  EXPECT_TRUE(impl->policies().system_id());
  EXPECT_TRUE(impl->policies().retain());
  EXPECT_FALSE(impl->policies().persistent());
}

TEST_F(PoaFixture, NarrowFindsThePoaBehindAnObjectReference) {
  CORBA::object_reference<CORBA::Object> object = root;
  EXPECT_EQ(IDL::traits<POA>::narrow(object), root);
  EXPECT_FALSE(IDL::traits<PS::Current>::narrow(object));
  EXPECT_TRUE(root->_is_a("IDL:omg.org/PortableServer/POA:2.3"));
}

TEST_F(PoaFixture, CreatePoaBuildsATreeAndRefusesDuplicateNames) {
  auto a = child("a", {});
  auto b = a->create_POA("b", nullptr, {});
  EXPECT_EQ(a->the_parent(), root);
  EXPECT_EQ(b->the_parent(), a);
  EXPECT_EQ(root->the_children().size(), 1u);
  EXPECT_EQ(root->find_POA("a", false), a);
  EXPECT_EQ(a->find_POA("b", false), b);
  EXPECT_NE(b->the_POAManager(), root->the_POAManager());
  EXPECT_EQ(b->the_POAManager()->get_state(), PS::POAManager::State::HOLDING);
  EXPECT_THROW(root->create_POA("a", nullptr, {}), POA::AdapterAlreadyExists);
  EXPECT_THROW(root->find_POA("zz", true), POA::AdapterNonExistent);
}

TEST_F(PoaFixture, ConflictingPoliciesRaiseInvalidPolicyWithTheIndex) {
  try {
    child("x",
          {root->create_lifespan_policy(PS::LifespanPolicyValue::PERSISTENT),
           root->create_servant_retention_policy(PS::ServantRetentionPolicyValue::NON_RETAIN)});
    FAIL();
  } catch (const POA::InvalidPolicy& e) {
    EXPECT_EQ(e.index(), 1);
  }
  EXPECT_THROW(
      child("y", {root->create_implicit_activation_policy(
                      PS::ImplicitActivationPolicyValue::IMPLICIT_ACTIVATION),
                  root->create_id_assignment_policy(PS::IdAssignmentPolicyValue::USER_ID)}),
      POA::InvalidPolicy);
  EXPECT_THROW(child("z", {root->create_request_processing_policy(
                              PS::RequestProcessingPolicyValue::USE_DEFAULT_SERVANT)}),
               POA::InvalidPolicy);
  EXPECT_THROW(child("n", {nullptr}), POA::InvalidPolicy);
}

TEST_F(PoaFixture, PolicyObjectsReportTheirTypeAndCopy) {
  auto p = root->create_thread_policy(PS::ThreadPolicyValue::SINGLE_THREAD_MODEL);
  EXPECT_EQ(p->policy_type(), PS::THREAD_POLICY_ID);
  EXPECT_EQ(p->value(), PS::ThreadPolicyValue::SINGLE_THREAD_MODEL);
  auto copy = IDL::traits<PS::ThreadPolicy>::narrow(p->copy());
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->value(), PS::ThreadPolicyValue::SINGLE_THREAD_MODEL);
}

TEST_F(PoaFixture, ActivateObjectGivesIdsAndReferencesBothWays) {
  auto servant = make_servant();
  const ObjectId id = root->activate_object(servant);
  EXPECT_EQ(id.size(), 16u);
  EXPECT_EQ(root->servant_to_id(servant), id);
  EXPECT_EQ(root->id_to_servant(id), servant);
  auto ref = root->id_to_reference(id);
  EXPECT_EQ(ref->_repository_id(), "IDL:Test/Echo:1.0");
  EXPECT_EQ(root->reference_to_id(ref), id);
  EXPECT_EQ(root->reference_to_servant(ref), servant);
  EXPECT_EQ(key_of(root->servant_to_reference(servant)), key_of(ref));
  EXPECT_THROW(root->activate_object(servant), POA::ServantAlreadyActive);
}

TEST_F(PoaFixture, DeactivateObjectForgetsTheIdAndTheServant) {
  auto servant = make_servant();
  const ObjectId id = root->activate_object(servant);
  root->deactivate_object(id);
  EXPECT_THROW(root->id_to_servant(id), POA::ObjectNotActive);
  EXPECT_THROW(root->id_to_reference(id), POA::ObjectNotActive);
  EXPECT_THROW(root->deactivate_object(id), POA::ObjectNotActive);
  // RootPOA has IMPLICIT_ACTIVATION: servant_to_id activates again under a new id.
  EXPECT_NE(root->servant_to_id(servant), id);
}

TEST_F(PoaFixture, UserIdPoaActivatesWithTheGivenId) {
  auto poa = user_id_poa();
  auto servant = make_servant();
  const ObjectId id = PS::string_to_ObjectId("counter");
  EXPECT_THROW(poa->activate_object(servant), POA::WrongPolicy);
  poa->activate_object_with_id(id, servant);
  EXPECT_THROW(poa->activate_object_with_id(id, make_servant()), POA::ObjectAlreadyActive);
  EXPECT_THROW(poa->activate_object_with_id(PS::string_to_ObjectId("other"), servant),
               POA::ServantAlreadyActive);
  EXPECT_EQ(poa->servant_to_id(servant), id);
  EXPECT_EQ(poa->reference_to_id(poa->id_to_reference(id)), id);
  EXPECT_THROW(poa->create_reference("IDL:Test/Echo:1.0"), POA::WrongPolicy);
  auto unborn =
      poa->create_reference_with_id(PS::string_to_ObjectId("later"), "IDL:Test/Echo:1.0");
  EXPECT_EQ(poa->reference_to_id(unborn), PS::string_to_ObjectId("later"));
  EXPECT_THROW(poa->reference_to_servant(unborn), POA::ObjectNotActive);
}

TEST_F(PoaFixture, SystemIdPoaRefusesIdsItDidNotMake) {
  auto poa = child("sys", {});
  EXPECT_THROW(poa->activate_object_with_id(PS::string_to_ObjectId("mine"), make_servant()),
               CORBA::BAD_PARAM);
  auto ref = poa->create_reference("IDL:Test/Echo:1.0");
  const ObjectId id = poa->reference_to_id(ref);
  auto servant = make_servant();
  poa->activate_object_with_id(id, servant);
  EXPECT_EQ(poa->reference_to_servant(ref), servant);
}

TEST_F(PoaFixture, NoImplicitActivationMakesServantToIdFail) {
  auto poa = child("plain", {});
  auto servant = make_servant();
  EXPECT_THROW(poa->servant_to_id(servant), POA::ServantNotActive);
  EXPECT_THROW(poa->servant_to_reference(servant), POA::ServantNotActive);
}

TEST_F(PoaFixture, MultipleIdPoaActivatesOneServantManyTimes) {
  auto poa = child(
      "multi", {root->create_id_uniqueness_policy(PS::IdUniquenessPolicyValue::MULTIPLE_ID)});
  auto servant = make_servant();
  const auto a = poa->activate_object(servant);
  const auto b = poa->activate_object(servant);
  EXPECT_NE(a, b);
  EXPECT_THROW(poa->servant_to_id(servant), POA::WrongPolicy);
}

TEST_F(PoaFixture, WrongPolicyIsRaisedWhereTheSpecificationSaysSo) {
  auto non_retain = child(
      "nr", {root->create_servant_retention_policy(PS::ServantRetentionPolicyValue::NON_RETAIN),
             root->create_request_processing_policy(
                 PS::RequestProcessingPolicyValue::USE_SERVANT_MANAGER)});
  auto servant = make_servant();
  const ObjectId id{1, 2, 3};
  EXPECT_THROW(non_retain->activate_object(servant), POA::WrongPolicy);
  EXPECT_THROW(non_retain->activate_object_with_id(id, servant), POA::WrongPolicy);
  EXPECT_THROW(non_retain->deactivate_object(id), POA::WrongPolicy);
  EXPECT_THROW(non_retain->servant_to_id(servant), POA::WrongPolicy);
  EXPECT_THROW(non_retain->servant_to_reference(servant), POA::WrongPolicy);
  EXPECT_THROW(non_retain->id_to_servant(id), POA::WrongPolicy);
  EXPECT_THROW(non_retain->id_to_reference(id), POA::WrongPolicy);
  EXPECT_THROW(non_retain->get_servant(), POA::WrongPolicy);
  EXPECT_THROW(non_retain->set_servant(servant), POA::WrongPolicy);
  EXPECT_THROW(root->get_servant_manager(), POA::WrongPolicy);
  EXPECT_THROW(root->set_servant_manager(nullptr), POA::WrongPolicy);
  EXPECT_THROW(root->get_servant(), POA::WrongPolicy);
}

TEST_F(PoaFixture, DefaultServantAnswersForEveryId) {
  auto poa = child(
      "ds", {root->create_request_processing_policy(
                 PS::RequestProcessingPolicyValue::USE_DEFAULT_SERVANT),
             root->create_id_uniqueness_policy(PS::IdUniquenessPolicyValue::MULTIPLE_ID)});
  EXPECT_THROW(poa->get_servant(), POA::NoServant);
  auto servant = make_servant();
  poa->set_servant(servant);
  EXPECT_EQ(poa->get_servant(), servant);
  EXPECT_EQ(poa->id_to_servant(ObjectId{9}), servant);
  auto ref = poa->create_reference("IDL:Test/Echo:1.0");
  EXPECT_EQ(poa->reference_to_servant(ref), servant);
}

TEST_F(PoaFixture, ReferencesOfAnotherPoaRaiseWrongAdapter) {
  auto a = child("a", {});
  auto ref = root->create_reference("IDL:Test/Echo:1.0");
  EXPECT_THROW(a->reference_to_id(ref), POA::WrongAdapter);
  EXPECT_THROW(a->reference_to_id(nullptr), POA::WrongAdapter);
  auto other = make_system(99);
  auto foreign = root_of(other)->create_reference("IDL:Test/Echo:1.0");
  EXPECT_THROW(root->reference_to_id(foreign), POA::WrongAdapter);
  other->shutdown(false);
}

TEST_F(PoaFixture, DestroyRemovesThePoaAndItsChildren) {
  auto a = child("a", {});
  auto b = a->create_POA("b", nullptr, {});
  auto ref = a->create_reference("IDL:Test/Echo:1.0");
  a->destroy(false, false);
  EXPECT_TRUE(root->the_children().empty());
  EXPECT_THROW(a->the_name(), CORBA::OBJECT_NOT_EXIST);
  EXPECT_THROW(b->the_name(), CORBA::OBJECT_NOT_EXIST);
  EXPECT_THROW(call(*system, ref, "echo"), CORBA::OBJECT_NOT_EXIST);
  // The name can be used again; old references stay dead.
  auto again = child("a", {});
  again->the_POAManager()->activate();
  EXPECT_THROW(call(*system, ref, "echo"), CORBA::OBJECT_NOT_EXIST);
}

TEST_F(PoaFixture, AdapterActivatorCreatesPoasOnDemand) {
  struct Activator : PS::AdapterActivator {
    int calls = 0;
    bool unknown_adapter(CORBA::object_reference<POA> parent,
                         const std::string& name) override {
      ++calls;
      if (name != "lazy") return false;
      parent->create_POA(name, nullptr, {});
      return true;
    }
  };
  auto activator = CORBA::make_reference<Activator>();
  root->the_activator(activator);
  EXPECT_EQ(root->the_activator(), activator);
  auto lazy = root->find_POA("lazy", true);
  EXPECT_EQ(lazy->the_name(), "lazy");
  EXPECT_EQ(root->find_POA("lazy", true), lazy);
  EXPECT_THROW(root->find_POA("nope", true), POA::AdapterNonExistent);
  EXPECT_EQ(activator->calls, 2);
}

TEST_F(PoaFixture, PoaIdsDifferBetweenPoas) {
  auto a = child("a", {});
  EXPECT_NE(a->id(), root->id());
}
