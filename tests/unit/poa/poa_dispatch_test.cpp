// Dispatch: key routing, stale and foreign keys, PERSISTENT keys after a restart, POA
// Current, _this(), the Object operations every servant answers, and the thread policy.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <rtorb/corba/minor_code.hpp>
#include <mutex>
#include <thread>
#include <vector>

#include "poa/object_key.hpp"
#include "poa/reclamation.hpp"
#include "poa_test_support.hpp"
#include "test_support/racing_callers.hpp"

using namespace poa_test;
namespace PS = PortableServer;
using PS::ObjectId;
using PS::POA;

namespace {

struct DispatchFixture : ::testing::Test {
  std::shared_ptr<rtorb::poa::PoaSystem> system = make_system();
  CORBA::object_reference<POA> root = root_of(system);
  CORBA::servant_reference<EchoServant> servant = CORBA::make_reference<EchoServant>();
  DispatchFixture() { root->the_POAManager()->activate(); }
  ~DispatchFixture() override { system->shutdown(false); }

  std::unique_ptr<TestRequest> request(const CORBA::object_reference<CORBA::Object>& ref,
                                       const std::string& op,
                                       std::vector<std::uint8_t> args = {},
                                       bool response = true) {
    auto r = std::make_unique<TestRequest>(op, key_of(ref), std::move(args), response);
    system->dispatch(*r);
    return r;
  }
};

template <class E>
std::uint32_t minor_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.minor();
  }
  ADD_FAILURE() << "no exception";
  return 0;
}

CORBA::PolicyList persistent_user_id(const CORBA::object_reference<POA>& root) {
  return {root->create_lifespan_policy(PS::LifespanPolicyValue::PERSISTENT),
          root->create_id_assignment_policy(PS::IdAssignmentPolicyValue::USER_ID)};
}

}  // namespace

TEST_F(DispatchFixture, EveryServantAnswersTheObjectOperations) {
  auto ref = root->servant_to_reference(servant);
  auto is_a = [&](const std::string& id) {
    return request(ref, "_is_a", arguments([&](auto& os) { os.write_string(id); }))
        ->reply_stream()
        .read_boolean();
  };
  EXPECT_TRUE(is_a("IDL:Test/Echo:1.0"));
  EXPECT_TRUE(is_a("IDL:omg.org/CORBA/Object:1.0"));
  EXPECT_FALSE(is_a("IDL:Test/Other:1.0"));
  EXPECT_FALSE(request(ref, "_non_existent")->reply_stream().read_boolean());
  EXPECT_FALSE(request(ref, "_not_existent")->reply_stream().read_boolean());
  EXPECT_EQ(request(ref, "_repository_id")->reply_stream().read_string(), "IDL:Test/Echo:1.0");
  auto component_request = request(ref, "_component");
  auto component = component_request->reply_stream();
  EXPECT_EQ(component.read_string(), "");
  EXPECT_EQ(component.read_ulong(), 0u);
  EXPECT_THROW(request(ref, "_interface"), CORBA::NO_IMPLEMENT);
  EXPECT_EQ(minor_of<CORBA::BAD_OPERATION>([&] { request(ref, "bogus"); }),
            rtorb::minor::bad_operation_unknown);
}

TEST_F(DispatchFixture, OnewayRequestsWriteNoReply) {
  auto ref = root->servant_to_reference(servant);
  auto r = request(ref, "echo", arguments([](auto& os) { os.write_long(1); }), false);
  EXPECT_FALSE(r->replied());
  EXPECT_EQ(servant->calls, 1);
}

TEST_F(DispatchFixture, PoaCurrentDescribesTheRunningUpcall) {
  auto current = IDL::traits<PS::Current>::narrow(system->current());
  ASSERT_TRUE(current);
  EXPECT_THROW(current->get_POA(), PS::Current::NoContext);
  auto poa = root->create_POA("cur", root->the_POAManager(), {});
  const ObjectId id = poa->activate_object(servant);
  auto ref = poa->id_to_reference(id);
  bool checked = false;
  servant->hook = [&] {
    EXPECT_EQ(current->get_POA(), poa);
    EXPECT_EQ(current->get_object_id(), id);
    EXPECT_EQ(current->get_servant(), servant);
    EXPECT_EQ(key_of(current->get_reference()), key_of(ref));
    EXPECT_EQ(key_of(servant->this_reference()), key_of(ref));
    checked = true;
  };
  call(*system, ref, "echo");
  EXPECT_TRUE(checked);
  EXPECT_THROW(current->get_object_id(), PS::Current::NoContext);
}

// An upcall reads its servant from its active object map entry, holding no reference of
// its own: destroy without waiting, from inside the upcall, must leave that entry (and so
// the servant and POA Current's view) intact until the upcall ends, and still etherealize.
TEST_F(DispatchFixture, DestroyWithoutWaitingFromInsideAnUpcallKeepsItsServantToTheEnd) {
  struct Activator : PS::ServantActivator {
    std::vector<ObjectId> etherealized;
    CORBA::servant_reference<PS::Servant> incarnate(const ObjectId&,
                                                    CORBA::object_reference<POA>) override {
      return nullptr;
    }
    void etherealize(const ObjectId& id, CORBA::object_reference<POA>,
                     CORBA::servant_reference<PS::Servant>, bool, bool) override {
      etherealized.push_back(id);
    }
  };
  auto current = IDL::traits<PS::Current>::narrow(system->current());
  const CORBA::PolicyList policies = {root->create_request_processing_policy(
      PS::RequestProcessingPolicyValue::USE_SERVANT_MANAGER)};
  auto poa = root->create_POA("self-destructing", root->the_POAManager(), policies);
  auto activator = CORBA::make_reference<Activator>();
  poa->set_servant_manager(activator);
  auto doomed = CORBA::make_reference<EchoServant>();
  const ObjectId id = poa->activate_object(doomed);
  auto ref = poa->id_to_reference(id);
  std::weak_ptr<PS::Servant> watch = doomed.shared();
  bool checked = false;
  doomed->hook = [&] {
    poa->destroy(true, false);
    EXPECT_EQ(activator->etherealized.size(), 1u);
    EXPECT_EQ(current->get_object_id(), id);
    EXPECT_EQ(current->get_servant().shared(), watch.lock());
    checked = true;
  };
  auto request = call(*system, ref, "echo", 5);
  EXPECT_TRUE(checked);
  EXPECT_EQ(request->reply_stream().read_long(), 5);
  doomed->hook = nullptr;
  doomed = nullptr;
  poa = nullptr;
  ref = nullptr;
  EXPECT_TRUE(watch.expired());  // the entry left in place went with the POA
}

// Requests hold no reference to their POA (it is retired, not freed, while one may read
// it): a POA destroyed inside an upcall, whose every other reference goes there too, keeps
// itself until the upcall ends, so POA Current still names it; then it goes.
TEST_F(DispatchFixture, APoaDestroyedAndDroppedInsideAnUpcallLivesUntilTheUpcallEnds) {
  auto current = IDL::traits<PS::Current>::narrow(system->current());
  auto poa = root->create_POA("dropped", root->the_POAManager(), {});
  auto doomed = CORBA::make_reference<EchoServant>();
  const ObjectId id = poa->activate_object(doomed);
  auto ref = poa->id_to_reference(id);
  std::weak_ptr<PS::Servant> watch_servant = doomed.shared();
  std::weak_ptr<POA> watch_poa = poa.shared();
  bool checked = false;
  doomed->hook = [&] {
    poa->destroy(false, false);
    poa = nullptr;  // the test's reference; the parent let go in destroy
    auto seen = current->get_POA();
    EXPECT_EQ(seen.shared(), watch_poa.lock());
    EXPECT_NE(seen.shared(), nullptr);
    EXPECT_EQ(current->get_object_id(), id);
    checked = true;
  };
  EXPECT_EQ(call(*system, ref, "echo", 3)->reply_stream().read_long(), 3);
  EXPECT_TRUE(checked);
  doomed->hook = nullptr;
  doomed = nullptr;
  EXPECT_TRUE(watch_poa.expired());  // let go when the upcall ended
  EXPECT_TRUE(watch_servant.expired());
  EXPECT_EQ(minor_of<CORBA::OBJECT_NOT_EXIST>([&] { call(*system, ref, "echo"); }),
            rtorb::minor::object_not_exist_no_adapter);
}

// A request's read section covers finding its POA and pinning its object, not the upcall:
// a POA destroyed and dropped while an upcall elsewhere runs on is freed at once, however
// long that upcall takes.
TEST_F(DispatchFixture, ALongUpcallHoldsBackNoOtherPoasReclamation) {
  auto busy = root->create_POA("busy", root->the_POAManager(), {});
  auto worker = CORBA::make_reference<EchoServant>();
  auto worker_ref = busy->id_to_reference(busy->activate_object(worker));
  UpcallGate gate(*worker);
  std::thread caller([&] { call(*system, worker_ref, "echo"); });
  gate.wait_entered();
  auto doomed = root->create_POA("doomed", root->the_POAManager(), {});
  std::weak_ptr<POA> watch = doomed.shared();
  doomed->destroy(false, false);
  doomed = nullptr;
  EXPECT_TRUE(watch.expired());
  EXPECT_EQ(rtorb::poa::reclamation::pending(), 0u);  // freed, not waiting for the upcall
  gate.release();
  caller.join();
}

// Requests race a POA being created, used and destroyed over and over: each either reaches
// its servant or gets OBJECT_NOT_EXIST, and nothing reads a freed POA (ASan, TSan).
TEST_F(DispatchFixture, RequestsRacingPoaDestructionSeeItOrObjectNotExist) {
  rtorb::test::RacingCallers<CORBA::object_reference<CORBA::Object>> callers(
      2, [&](const auto& ref) {
        return call(*system, ref, "echo", 9)->reply_stream().read_long() == 9;
      });
  for (int round = 0; round < 300; ++round) {
    auto poa = root->create_POA("churn", root->the_POAManager(), {});
    const ObjectId id = poa->activate_object(CORBA::make_reference<EchoServant>());
    callers.aim(poa->id_to_reference(id));
    std::this_thread::yield();
    poa->destroy(true, false);
  }
  callers.stop();
  EXPECT_GT(callers.served() + callers.refused(), 0);
  EXPECT_EQ(callers.wrong(), 0);
}

TEST_F(DispatchFixture, ThisActivatesImplicitlyInTheRootPoa) {
  EXPECT_THROW(servant->this_reference(), CORBA::OBJ_ADAPTER);  // never activated: no ORB
  root->activate_object(servant);
  auto ref = servant->this_reference();
  EXPECT_EQ(root->reference_to_servant(ref), servant);
  auto other = CORBA::make_reference<EchoServant>();
  auto plain = root->create_POA("plain", nullptr, {});
  plain->activate_object(other);
  // Its default POA is the RootPOA, which activates it there too.
  auto via_root = other->this_reference();
  EXPECT_EQ(root->reference_to_servant(via_root), other);
}

TEST_F(DispatchFixture, StaleForeignAndGarbageKeysGiveObjectNotExist) {
  const ObjectId id = root->activate_object(servant);
  auto ref = root->id_to_reference(id);
  root->deactivate_object(id);
  root->activate_object(servant);  // a new id, maybe the same slot
  EXPECT_EQ(minor_of<CORBA::OBJECT_NOT_EXIST>([&] { call(*system, ref, "echo"); }),
            rtorb::minor::object_not_exist_not_active);

  auto other = make_system(0xabc);
  auto foreign = root_of(other)->create_reference("IDL:Test/Echo:1.0");
  EXPECT_FALSE(system->owns_key(key_of(foreign)));
  EXPECT_TRUE(system->owns_key(key_of(ref)));
  EXPECT_EQ(minor_of<CORBA::OBJECT_NOT_EXIST>([&] { call(*system, foreign, "echo"); }),
            rtorb::minor::object_not_exist_stale_key);
  other->shutdown(false);

  TestRequest garbage("echo", {1, 2, 3}, {});
  EXPECT_EQ(minor_of<CORBA::OBJECT_NOT_EXIST>([&] { system->dispatch(garbage); }),
            rtorb::minor::object_not_exist_bad_key);
  EXPECT_FALSE(system->locate(std::vector<std::uint8_t>{1, 2, 3}));
  EXPECT_FALSE(system->owns_key(std::vector<std::uint8_t>{}));
}

TEST_F(DispatchFixture, UserIdReferencesSurviveReactivation) {
  auto poa = root->create_POA(
      "u", root->the_POAManager(),
      {root->create_id_assignment_policy(PS::IdAssignmentPolicyValue::USER_ID)});
  const ObjectId id = PS::string_to_ObjectId("stable");
  poa->activate_object_with_id(id, servant);
  auto ref = poa->id_to_reference(id);
  poa->deactivate_object(id);
  EXPECT_FALSE(system->locate(key_of(ref)));
  auto second = CORBA::make_reference<EchoServant>();
  poa->activate_object_with_id(PS::string_to_ObjectId("other"),
                               CORBA::make_reference<EchoServant>());
  poa->activate_object_with_id(id, second);
  EXPECT_TRUE(system->locate(key_of(ref)));
  call(*system, ref, "echo");
  EXPECT_EQ(second->calls, 1);
}

TEST_F(DispatchFixture, PersistentReferencesWorkAfterARestart) {
  std::vector<std::uint8_t> key;
  {
    auto before = make_system(1);
    auto r = root_of(before);
    auto poa = r->create_POA("store", nullptr, persistent_user_id(r))
                   ->create_POA("inner", nullptr, persistent_user_id(r));
    poa->activate_object_with_id(PS::string_to_ObjectId("obj"),
                                 CORBA::make_reference<EchoServant>());
    key = key_of(poa->id_to_reference(PS::string_to_ObjectId("obj")));
    before->shutdown(false);
  }
  // The "restarted" server (another instance) recreates its POAs on demand.
  struct Activator : PS::AdapterActivator {
    CORBA::servant_reference<EchoServant> servant;
    bool unknown_adapter(CORBA::object_reference<POA> parent,
                         const std::string& name) override {
      auto poa = parent->create_POA(name, parent->the_POAManager(), persistent_user_id(parent));
      poa->the_activator(parent->the_activator());
      if (name == "inner") poa->activate_object_with_id(PS::string_to_ObjectId("obj"), servant);
      return true;
    }
  };
  auto activator = CORBA::make_reference<Activator>();
  activator->servant = servant;
  root->the_activator(activator);
  EXPECT_TRUE(system->owns_key(key));  // the ORB asks only for keys at its own endpoints
  EXPECT_FALSE(system->locate(key));   // locate activates nothing
  TestRequest r("echo", key, arguments([](auto& os) { os.write_long(77); }));
  system->dispatch(r);
  EXPECT_EQ(r.reply_stream().read_long(), 77);
  EXPECT_TRUE(system->locate(key));
  EXPECT_EQ(servant->calls, 1);
}

TEST_F(DispatchFixture, TransientPoaOfTheSameNameDoesNotTakePersistentKeys) {
  auto r = root;
  auto poa = root->create_POA("p", nullptr, persistent_user_id(root));
  poa->activate_object_with_id(PS::string_to_ObjectId("o"), servant);
  auto key = key_of(poa->id_to_reference(PS::string_to_ObjectId("o")));
  auto parsed = rtorb::poa::parse_key(key);
  ASSERT_TRUE(parsed && parsed->persistent);
  poa->destroy(false, false);
  root->create_POA("p", root->the_POAManager(), {});  // TRANSIENT now
  TestRequest request("echo", key, {});
  EXPECT_THROW(system->dispatch(request), CORBA::OBJECT_NOT_EXIST);
}

TEST_F(DispatchFixture, DeactivationWaitsForTheRunningUpcall) {
  struct Activator : PS::ServantActivator {
    int etherealized = 0;
    CORBA::servant_reference<PS::Servant> incarnate(const ObjectId&,
                                                    CORBA::object_reference<POA>) override {
      return nullptr;
    }
    void etherealize(const ObjectId&, CORBA::object_reference<POA>,
                     CORBA::servant_reference<PS::Servant>, bool, bool) override {
      ++etherealized;
    }
  };
  auto poa = root->create_POA("d", root->the_POAManager(),
                              {root->create_request_processing_policy(
                                  PS::RequestProcessingPolicyValue::USE_SERVANT_MANAGER)});
  auto activator = CORBA::make_reference<Activator>();
  poa->set_servant_manager(activator);
  const ObjectId id = poa->activate_object(servant);
  auto ref = poa->id_to_reference(id);
  servant->hook = [&] {
    poa->deactivate_object(id);
    EXPECT_EQ(activator->etherealized, 0);  // still running
    EXPECT_THROW(poa->id_to_servant(id), POA::ObjectNotActive);
    EXPECT_THROW(call(*system, ref, "echo"), CORBA::TRANSIENT);  // the activator will be back
  };
  call(*system, ref, "echo");
  EXPECT_EQ(activator->etherealized, 1);
}

TEST_F(DispatchFixture, SingleThreadPoaRunsOneUpcallAtATimeAndAllowsReentry) {
  auto poa = root->create_POA(
      "st", root->the_POAManager(),
      {root->create_thread_policy(PS::ThreadPolicyValue::SINGLE_THREAD_MODEL)});
  const ObjectId id = poa->activate_object(servant);
  auto ref = poa->id_to_reference(id);
  std::atomic<int> inside{0};
  std::atomic<int> most{0};
  std::atomic<int> depth{0};
  servant->hook = [&] {
    const int now = ++inside;
    most = std::max(most.load(), now);
    if (depth++ == 0) call(*system, ref, "echo");  // reentrant: same thread, no deadlock
    --depth;
    std::this_thread::yield();
    --inside;
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] {
      for (int j = 0; j < 50; ++j) call(*system, ref, "echo");
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(servant->calls, 400);
  EXPECT_LE(most, 2);  // the caller and its own nested call, never another thread
}

TEST_F(DispatchFixture, ShutdownDestroysEveryPoa) {
  auto poa = root->create_POA("s", nullptr, {});
  system->shutdown(true);
  EXPECT_THROW(poa->the_name(), CORBA::OBJECT_NOT_EXIST);
  EXPECT_THROW(root->the_name(), CORBA::OBJECT_NOT_EXIST);
  EXPECT_THROW(system->root(), CORBA::OBJECT_NOT_EXIST);
}

TEST_F(DispatchFixture, DestroyWithWaitReturnsAfterTheRunningUpcall) {
  auto poa = root->create_POA("w", root->the_POAManager(), {});
  auto ref = poa->id_to_reference(poa->activate_object(servant));
  std::atomic<bool> destroyed{false};
  UpcallGate gate(*servant);
  std::thread caller([&] { call(*system, ref, "echo"); });
  gate.wait_entered();
  std::thread destroyer([&] {
    poa->destroy(true, true);
    EXPECT_TRUE(gate.upcall_done());
    destroyed = true;
  });
  std::this_thread::yield();
  EXPECT_FALSE(destroyed);
  gate.release();
  caller.join();
  destroyer.join();
  EXPECT_TRUE(destroyed);
}

TEST_F(DispatchFixture, DeactivationRacingWithCallsEtherealizesEveryIncarnationOnce) {
  // Upcalls end without the POA's mutex; whichever of the last upcall and deactivate_object
  // sees the object idle finishes it, and never both.
  struct Activator : PS::ServantActivator {
    CORBA::servant_reference<EchoServant> servant = CORBA::make_reference<EchoServant>();
    std::atomic<int> incarnated{0};
    std::atomic<int> etherealized{0};
    CORBA::servant_reference<PS::Servant> incarnate(const ObjectId&,
                                                    CORBA::object_reference<POA>) override {
      ++incarnated;
      return servant;
    }
    void etherealize(const ObjectId&, CORBA::object_reference<POA>,
                     CORBA::servant_reference<PS::Servant>, bool, bool) override {
      ++etherealized;
    }
  };
  auto poa = root->create_POA(
      "race", root->the_POAManager(),
      {root->create_request_processing_policy(
           PS::RequestProcessingPolicyValue::USE_SERVANT_MANAGER),
       root->create_id_assignment_policy(PS::IdAssignmentPolicyValue::USER_ID)});
  auto activator = CORBA::make_reference<Activator>();
  poa->set_servant_manager(activator);
  const ObjectId id{'r'};
  auto ref = poa->create_reference_with_id(id, "IDL:Echo:1.0");
  std::atomic<int> served{0};
  std::atomic<bool> stop{false};
  std::vector<std::thread> callers;
  for (int t = 0; t < 3; ++t) {
    callers.emplace_back([&] {
      for (int i = 0; i < 300; ++i) {
        try {
          call(*system, ref, "echo");
          ++served;
        } catch (const CORBA::TRANSIENT&) {
          // Caught between deactivation and etherealization: the next call incarnates.
        }
      }
    });
  }
  std::thread deactivator([&] {
    while (!stop) {
      try {
        poa->deactivate_object(id);
      } catch (const POA::ObjectNotActive&) {
      }
      std::this_thread::yield();
    }
  });
  for (auto& t : callers) t.join();
  stop = true;
  deactivator.join();
  try {
    poa->deactivate_object(id);
  } catch (const POA::ObjectNotActive&) {
  }
  EXPECT_GT(served.load(), 0);
  EXPECT_EQ(activator->servant->calls, served.load());
  EXPECT_GT(activator->incarnated.load(), 0);
  EXPECT_EQ(activator->etherealized.load(), activator->incarnated.load());
}

TEST_F(DispatchFixture, CallsByKeySlotRacingDeactivationAndReactivationReachOnlyALiveServant) {
  // The key carries the slot and its generation, so each call first tries the lock-free
  // lookup; a reactivation gives the slot a new generation and old keys fall back to the
  // id. Every call either reaches the servant or finds the object inactive.
  auto poa = root->create_POA(
      "slots", root->the_POAManager(),
      {root->create_id_assignment_policy(PS::IdAssignmentPolicyValue::USER_ID)});
  const ObjectId id{'s'};
  poa->activate_object_with_id(id, servant);
  auto ref = poa->id_to_reference(id);
  std::atomic<int> served{0};
  std::atomic<int> not_active{0};
  std::atomic<bool> stop{false};
  std::vector<std::thread> callers;
  for (int t = 0; t < 3; ++t) {
    callers.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) {
        try {
          call(*system, ref, "echo");
          ++served;
        } catch (const CORBA::OBJECT_NOT_EXIST&) {
          ++not_active;
        }
      }
    });
  }
  std::thread flipper([&] {
    while (!stop) {
      poa->deactivate_object(id);
      for (;;) {  // the entry stays while a call is in it: then the id is still active
        try {
          poa->activate_object_with_id(id, servant);
          break;
        } catch (const POA::ObjectAlreadyActive&) {
          std::this_thread::yield();
        }
      }
    }
  });
  for (auto& t : callers) t.join();
  stop = true;
  flipper.join();
  EXPECT_GT(served.load(), 0);
  EXPECT_EQ(servant->calls.load(), served.load());
  EXPECT_EQ(served.load() + not_active.load(), 3 * 2000);
}

TEST_F(DispatchFixture, CallsRacingDestroyWithoutWaitingEndCleanly) {
  // destroy(false) removes the entries while calls may be inside the lock-free lookup
  // (without waiting for them or for upcalls): every call ends served or refused.
  auto poa = root->create_POA("doomed", root->the_POAManager(), {});
  auto ref = poa->id_to_reference(poa->activate_object(servant));
  std::atomic<int> served{0};
  std::atomic<int> refused{0};
  std::atomic<int> started{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 3; ++t) {
    callers.emplace_back([&] {
      for (int i = 0; i < 1'000'000; ++i) {  // until the POA is gone (bounded regardless)
        try {
          call(*system, ref, "echo");
          ++served;
        } catch (const CORBA::OBJECT_NOT_EXIST&) {
          ++refused;
          return;
        }
        if (i == 100) ++started;
      }
    });
  }
  while (started.load() < 3) std::this_thread::yield();
  poa->destroy(false, false);
  for (auto& t : callers) t.join();
  EXPECT_EQ(refused.load(), 3);
  EXPECT_EQ(servant->calls.load(), served.load());
}
