// POAManager states as requests see them.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "poa/poa_manager_impl.hpp"
#include "poa/reclamation.hpp"
#include "poa_test_support.hpp"

using namespace poa_test;
namespace PS = PortableServer;
using State = PS::POAManager::State;

namespace {

struct ManagerFixture : ::testing::Test {
  std::shared_ptr<rtorb::poa::PoaSystem> system = make_system(0x77, 2);
  CORBA::object_reference<PS::POA> root = root_of(system);
  CORBA::object_reference<PS::POAManager> manager = root->the_POAManager();
  CORBA::servant_reference<EchoServant> servant = CORBA::make_reference<EchoServant>();
  CORBA::object_reference<CORBA::Object> ref = root->servant_to_reference(servant);
  ~ManagerFixture() override { system->shutdown(false); }
};

}  // namespace

TEST_F(ManagerFixture, ActiveManagerLetsRequestsThrough) {
  manager->activate();
  EXPECT_EQ(manager->get_state(), State::ACTIVE);
  auto request = call(*system, ref, "echo", 41);
  EXPECT_EQ(request->reply_stream().read_long(), 41);
}

TEST_F(ManagerFixture, DiscardingManagerRaisesTransient) {
  manager->discard_requests(false);
  EXPECT_EQ(manager->get_state(), State::DISCARDING);
  try {
    call(*system, ref, "echo");
    FAIL();
  } catch (const CORBA::TRANSIENT& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::transient_poa_discarding);
  }
  EXPECT_EQ(servant->calls, 0);
}

TEST_F(ManagerFixture, InactiveManagerRaisesObjAdapterAndCannotComeBack) {
  manager->deactivate(false, false);
  EXPECT_EQ(manager->get_state(), State::INACTIVE);
  EXPECT_THROW(call(*system, ref, "echo"), CORBA::OBJ_ADAPTER);
  EXPECT_THROW(manager->activate(), PS::POAManager::AdapterInactive);
  EXPECT_THROW(manager->hold_requests(false), PS::POAManager::AdapterInactive);
}

TEST_F(ManagerFixture, HoldingManagerHoldsRequestsUntilActivated) {
  EXPECT_EQ(manager->get_state(), State::HOLDING);
  std::atomic<std::int32_t> result{0};
  std::thread caller(
      [&] { result = call(*system, ref, "echo", 5)->reply_stream().read_long(); });
  // The held request has not run; activating releases it.
  while (servant->calls == 0 && result == 0) {
    manager->activate();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  caller.join();
  EXPECT_EQ(result, 5);
}

TEST_F(ManagerFixture, HoldingQueueBeyondItsBoundRaisesTransient) {
  // Bound 2: of three callers, two wait and one is refused, whatever the order.
  std::atomic<int> refused{0};
  std::atomic<int> served{0};
  std::vector<std::thread> callers;
  for (int i = 0; i < 3; ++i) {
    callers.emplace_back([&] {
      try {
        call(*system, ref, "echo", 1);
        ++served;
      } catch (const CORBA::TRANSIENT&) {
        ++refused;
      }
    });
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (refused == 0 && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
  manager->activate();
  for (auto& t : callers) t.join();
  EXPECT_EQ(refused, 1);
  EXPECT_EQ(served, 2);
}

TEST_F(ManagerFixture, DeactivateWithEtherealizeLeavesNoRequestRunning) {
  manager->activate();
  call(*system, ref, "echo");
  manager->deactivate(true, true);
  EXPECT_EQ(manager->get_state(), State::INACTIVE);
}

TEST_F(ManagerFixture, WaitForCompletionInsideAnUpcallRaisesBadInvOrder) {
  manager->activate();
  servant->hook = [&] {
    try {
      manager->hold_requests(true);
      ADD_FAILURE();
    } catch (const CORBA::BAD_INV_ORDER& e) {
      EXPECT_EQ(e.minor(), rtorb::minor::bad_inv_order_wait_in_upcall);
    }
  };
  call(*system, ref, "echo");
  EXPECT_EQ(manager->get_state(), State::ACTIVE);
}

TEST_F(ManagerFixture, ShutdownReleasesRequestsHeldByAHoldingManager) {
  std::atomic<bool> refused{false};
  std::thread caller([&] {
    try {
      call(*system, ref, "echo");
    } catch (const CORBA::SystemException&) {
      refused = true;
    }
  });
  // Whether the caller is already held or arrives later, it is refused.
  system->shutdown(false);
  caller.join();
  EXPECT_TRUE(refused);
  EXPECT_EQ(servant->calls, 0);
}

// A request to an active object is counted on its map entry, not in the manager: the
// manager's wait_for_completion must wait for it all the same, in every state change.
class WaitForCompletion : public ManagerFixture,
                          public ::testing::WithParamInterface<State> {};

TEST_P(WaitForCompletion, WaitsForTheRunningUpcallOnAnActiveObject) {
  manager->activate();
  UpcallGate gate(*servant);
  std::thread caller([&] { call(*system, ref, "echo"); });
  gate.wait_entered();
  std::atomic<bool> returned{false};
  std::thread changer([&] {
    switch (GetParam()) {
      case State::HOLDING: manager->hold_requests(true); break;
      case State::DISCARDING: manager->discard_requests(true); break;
      default: manager->deactivate(false, true); break;
    }
    EXPECT_TRUE(gate.upcall_done());
    returned = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(returned);
  EXPECT_EQ(manager->get_state(), GetParam());
  gate.release();
  caller.join();
  changer.join();
  EXPECT_TRUE(returned);
}

INSTANTIATE_TEST_SUITE_P(States, WaitForCompletion,
                         ::testing::Values(State::HOLDING, State::DISCARDING, State::INACTIVE));

// A POA destroyed without waiting, and no longer referenced by anyone, still counts the
// upcall running in it: the manager's wait_for_completion waits for it.
TEST_F(ManagerFixture, HoldWithWaitWaitsForAnUpcallInADestroyedUnreferencedPoa) {
  manager->activate();
  auto poa = root->create_POA("gone", manager, {});
  auto inner = CORBA::make_reference<EchoServant>();
  auto inner_ref = poa->id_to_reference(poa->activate_object(inner));
  UpcallGate gate(*inner);
  std::thread caller([&] { call(*system, inner_ref, "echo"); });
  gate.wait_entered();
  poa->destroy(false, false);
  poa = nullptr;
  std::atomic<bool> returned{false};
  std::thread changer([&] {
    manager->hold_requests(true);
    EXPECT_TRUE(gate.upcall_done());
    returned = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(returned);
  gate.release();
  caller.join();
  changer.join();
  EXPECT_TRUE(returned);
}

TEST_F(ManagerFixture, NoUpcallRunsOnceHoldWithWaitReturns) {
  // Callers race hold_requests(true): when it returns, none of their upcalls may still be
  // running, and none may start until the manager is active again.
  manager->activate();
  std::atomic<int> inside{0};
  std::atomic<int> after_hold{0};
  std::atomic<bool> held{false};
  servant->hook = [&] {
    ++inside;
    if (held) ++after_hold;
    std::this_thread::yield();
    --inside;
  };
  std::atomic<bool> stop{false};
  std::vector<std::thread> callers;
  for (int t = 0; t < 2; ++t) {  // the fixture holds at most 2 requests
    callers.emplace_back([&] {
      while (!stop) call(*system, ref, "echo");
    });
  }
  for (int round = 0; round < 50; ++round) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    manager->hold_requests(true);
    held = true;
    EXPECT_EQ(inside.load(), 0) << "round " << round;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    EXPECT_EQ(after_hold.load(), 0) << "round " << round;
    held = false;
    manager->activate();
  }
  stop = true;
  for (auto& t : callers) t.join();
  EXPECT_GT(servant->calls.load(), 0);
}

TEST_F(ManagerFixture, APoaGoingWhileItsManagerForgetsGonePoasGoesAlone) {
  // A POA's destructor has its manager forget the POAs that are gone, under the manager's
  // mutex, while other POAs of that manager may be losing their last references on other
  // threads. Had it taken a reference to one of them, that reference could become the
  // POA's last and free it right there: its destructor would take the same mutex on the
  // same thread, a deadlock (ctest's time limit fails the test). Here one thread forgets
  // without pause while this one lets POAs of the manager go, each once that thread is
  // walking the list with the POA in it.
  auto* impl = dynamic_cast<rtorb::poa::PoaManagerImpl*>(manager.shared().get());
  ASSERT_NE(impl, nullptr);
  std::atomic<bool> stop{false};
  std::atomic<long> walks{0};
  std::thread forgetter([&] {
    while (!stop) {
      impl->forget_gone_poas();
      ++walks;
    }
  });
  for (int round = 0; round < 100; ++round) {
    auto poa = root->create_POA("going", manager, {});
    poa->destroy(false, false);
    for (const long seen = walks.load(); walks.load() < seen + 2;) std::this_thread::yield();
    poa = nullptr;
  }
  stop = true;
  forgetter.join();
  EXPECT_EQ(rtorb::poa::reclamation::pending(), 0u);
}
