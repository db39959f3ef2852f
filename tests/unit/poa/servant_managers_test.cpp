// ServantActivator, ServantLocator and ForwardRequest through dispatch.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "core/object_adapter.hpp"
#include "poa_test_support.hpp"

using namespace poa_test;
namespace PS = PortableServer;
using PS::ObjectId;
using PS::POA;

namespace {

struct Activator : PS::ServantActivator {
  std::atomic<int> incarnations{0};
  int etherealizations = 0;
  bool last_cleanup = false;
  bool forward = false;
  CORBA::object_reference<CORBA::Object> forward_to;
  CORBA::servant_reference<PS::Servant> incarnate(const ObjectId&,
                                                  CORBA::object_reference<POA>) override {
    if (forward) throw PS::ForwardRequest(forward_to);
    ++incarnations;
    return CORBA::make_reference<EchoServant>();
  }
  void etherealize(const ObjectId&, CORBA::object_reference<POA>,
                   CORBA::servant_reference<PS::Servant>, bool cleanup_in_progress,
                   bool) override {
    ++etherealizations;
    last_cleanup = cleanup_in_progress;
  }
};

struct Locator : PS::ServantLocator {
  CORBA::servant_reference<EchoServant> servant = CORBA::make_reference<EchoServant>();
  int pre = 0;
  int post = 0;
  std::string last_operation;
  bool cookie_matched = false;
  int token = 0;
  bool raise_in_post = false;
  CORBA::servant_reference<PS::Servant> preinvoke(const ObjectId&, CORBA::object_reference<POA>,
                                                  const std::string& operation,
                                                  Cookie& cookie) override {
    ++pre;
    last_operation = operation;
    cookie = &token;
    return servant;
  }
  void postinvoke(const ObjectId&, CORBA::object_reference<POA>, const std::string&,
                  Cookie cookie, CORBA::servant_reference<PS::Servant>) override {
    ++post;
    cookie_matched = cookie == &token;
    if (raise_in_post) throw CORBA::NO_RESOURCES(7);
  }
};

struct ServantManagerFixture : ::testing::Test {
  std::shared_ptr<rtorb::poa::PoaSystem> system = make_system();
  CORBA::object_reference<POA> root = root_of(system);
  ServantManagerFixture() { root->the_POAManager()->activate(); }
  ~ServantManagerFixture() override { system->shutdown(false); }
  CORBA::object_reference<POA> activator_poa() {
    return root->create_POA(
        "act", root->the_POAManager(),
        {root->create_request_processing_policy(
             PS::RequestProcessingPolicyValue::USE_SERVANT_MANAGER),
         root->create_id_assignment_policy(PS::IdAssignmentPolicyValue::USER_ID)});
  }
  CORBA::object_reference<POA> locator_poa() {
    return root->create_POA(
        "loc", root->the_POAManager(),
        {root->create_request_processing_policy(
             PS::RequestProcessingPolicyValue::USE_SERVANT_MANAGER),
         root->create_servant_retention_policy(PS::ServantRetentionPolicyValue::NON_RETAIN)});
  }
};

}  // namespace

TEST_F(ServantManagerFixture, ServantActivatorIncarnatesOnceAndEtherealizesOnDeactivate) {
  auto poa = activator_poa();
  auto activator = CORBA::make_reference<Activator>();
  poa->set_servant_manager(activator);
  EXPECT_EQ(poa->get_servant_manager(), activator);
  EXPECT_THROW(poa->set_servant_manager(activator), CORBA::BAD_INV_ORDER);
  const ObjectId id = PS::string_to_ObjectId("lazy");
  auto ref = poa->create_reference_with_id(id, "IDL:Test/Echo:1.0");
  EXPECT_EQ(call(*system, ref, "echo", 3)->reply_stream().read_long(), 3);
  call(*system, ref, "echo", 4);
  EXPECT_EQ(activator->incarnations, 1);
  EXPECT_TRUE(poa->id_to_servant(id));
  poa->deactivate_object(id);
  EXPECT_EQ(activator->etherealizations, 1);
  EXPECT_FALSE(activator->last_cleanup);
  call(*system, ref, "echo", 5);
  EXPECT_EQ(activator->incarnations, 2);
  poa->destroy(true, true);
  EXPECT_EQ(activator->etherealizations, 2);
  EXPECT_TRUE(activator->last_cleanup);
}

TEST_F(ServantManagerFixture, ServantLocatorBracketsEveryRequestWithItsCookie) {
  auto poa = locator_poa();
  auto locator = CORBA::make_reference<Locator>();
  EXPECT_THROW(poa->set_servant_manager(CORBA::make_reference<Activator>()),
               CORBA::OBJ_ADAPTER);
  poa->set_servant_manager(locator);
  auto ref = poa->create_reference("IDL:Test/Echo:1.0");
  EXPECT_EQ(call(*system, ref, "echo", 8)->reply_stream().read_long(), 8);
  call(*system, ref, "echo", 9);
  EXPECT_EQ(locator->pre, 2);
  EXPECT_EQ(locator->post, 2);
  EXPECT_EQ(locator->last_operation, "echo");
  EXPECT_TRUE(locator->cookie_matched);
  EXPECT_EQ(locator->servant->calls, 2);
}

TEST_F(ServantManagerFixture, PostinvokeRunsWhenTheUpcallRaises) {
  auto poa = locator_poa();
  auto locator = CORBA::make_reference<Locator>();
  poa->set_servant_manager(locator);
  auto ref = poa->create_reference("IDL:Test/Echo:1.0");
  EXPECT_THROW(call(*system, ref, "no_such_operation"), CORBA::BAD_OPERATION);
  EXPECT_EQ(locator->post, 1);
}

TEST_F(ServantManagerFixture, ForwardRequestBecomesALocationForward) {
  auto poa = activator_poa();
  auto activator = CORBA::make_reference<Activator>();
  activator->forward = true;
  activator->forward_to = root->create_reference("IDL:Test/Echo:1.0");
  poa->set_servant_manager(activator);
  auto ref = poa->create_reference_with_id(PS::string_to_ObjectId("x"), "IDL:Test/Echo:1.0");
  try {
    call(*system, ref, "echo");
    FAIL();
  } catch (const rtorb::orb::LocationForward& forward) {
    EXPECT_EQ(forward.target, activator->forward_to);
    EXPECT_FALSE(forward.permanent);
  }
}

TEST_F(ServantManagerFixture, MissingServantManagerRaisesObjAdapter) {
  auto poa = locator_poa();
  auto ref = poa->create_reference("IDL:Test/Echo:1.0");
  try {
    call(*system, ref, "echo");
    FAIL();
  } catch (const CORBA::OBJ_ADAPTER& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::obj_adapter_no_servant_manager);
  }
}

TEST_F(ServantManagerFixture, ConcurrentFirstRequestsIncarnateOnce) {
  auto poa = activator_poa();
  auto activator = CORBA::make_reference<Activator>();
  poa->set_servant_manager(activator);
  auto ref =
      poa->create_reference_with_id(PS::string_to_ObjectId("shared"), "IDL:Test/Echo:1.0");
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] {
      for (int j = 0; j < 20; ++j) call(*system, ref, "echo", j);
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(activator->incarnations, 1);
}

TEST_F(ServantManagerFixture, PostinvokeExceptionReplacesOnlyASuccessfulReply) {
  auto poa = locator_poa();
  auto locator = CORBA::make_reference<Locator>();
  locator->raise_in_post = true;
  poa->set_servant_manager(locator);
  auto ref = poa->create_reference("IDL:Test/Echo:1.0");
  EXPECT_THROW(call(*system, ref, "echo"), CORBA::NO_RESOURCES);
  EXPECT_THROW(call(*system, ref, "no_such_operation"), CORBA::BAD_OPERATION);
  EXPECT_EQ(locator->post, 2);
  poa->destroy(false, true);  // no upcall left counted
}
