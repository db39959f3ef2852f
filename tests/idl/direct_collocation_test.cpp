// -ORBCollocation direct: generated stubs call the servant's member functions when the
// POA would dispatch straight to it, and fall back to the POA path (which applies every
// POA rule) otherwise. A servant tells the two apart through POA Current: a direct call has
// no request, so get_object_id raises NoContext.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <future>
#include <new>
#include <rtorb/corba/orb.hpp>
#include <rtorb/orb/direct_call.hpp>
#include <rtorb/poa/poa.hpp>
#include <string>
#include <thread>
#include <vector>

#include "interfacesS.h"
#include "test_support/allocation_counter.hpp"


namespace {

using namespace std::chrono_literals;

// Records whether each call arrived through a POA request (POA Current has a context).
class Witness {
 public:
  explicit Witness(CORBA::object_reference<PortableServer::Current> current)
      : current_(std::move(current)) {}
  void note() {
    if (!enabled) return;
    ++calls_;
    try {
      current_->get_object_id();
      ++through_poa_;
    } catch (const PortableServer::Current::NoContext&) {
    }
  }
  int calls() const { return calls_; }
  int through_poa() const { return through_poa_; }
  std::atomic<bool> enabled{true};  // off: calls are not examined (POA Current allocates)

 private:
  CORBA::object_reference<PortableServer::Current> current_;
  std::atomic<int> calls_{0};
  std::atomic<int> through_poa_{0};
};

class DuckImpl final : public CORBA::servant_traits<Zoo::Duck>::base_type {
 public:
  explicit DuckImpl(Witness& witness) : witness_(witness) {}
  std::string name() override { return note("duck"); }
  std::int32_t age() override { return note(age_.load()); }
  void age(std::int32_t value) override {
    witness_.note();
    if (value < 0) throw CORBA::BAD_PARAM(7, CORBA::CompletionStatus::COMPLETED_NO);
    age_ = value;
  }
  void feed(const IDL::traits<Zoo::Keeper>::ref_type& by, const std::string& food) override {
    witness_.note();
    if (!by) throw Zoo::Closed("nobody feeds " + food);
  }
  void walk(std::uint32_t steps) override {
    witness_.note();
    ++in_call_;
    std::this_thread::sleep_for(std::chrono::microseconds(steps));
    age_ += 1;
    --in_call_;
  }
  void swim(float metres) override {
    witness_.note();
    swum_ = metres;
  }
  IDL::traits<Zoo::Duck>::ref_type mate() override { return note(_this()); }
  std::int32_t measure(std::int32_t scale, double& weight, std::string& tag) override {
    witness_.note();
    weight = scale * 1.5;
    tag += "!";
    return scale * 2;
  }
  float swum() const { return swum_; }
  int in_call() const { return in_call_; }

 private:
  template <class T>
  T note(T value) {
    witness_.note();
    return value;
  }
  Witness& witness_;
  std::atomic<std::int32_t> age_{0};
  std::atomic<float> swum_{0};
  std::atomic<int> in_call_{0};
};

class KeeperImpl final : public CORBA::servant_traits<Zoo::Keeper>::base_type {
 public:
  explicit KeeperImpl(Witness& witness) : witness_(witness) {}
  Zoo::Enclosure inspect(const Zoo::Enclosure& e) override {
    witness_.note();
    Zoo::Enclosure out = e;
    out.extra(e.resident());
    return out;
  }
  IDL::traits<Zoo::Mallard>::ref_type favourite(
      const IDL::traits<CORBA::Object>::ref_type& hint) override {
    witness_.note();
    return IDL::traits<Zoo::Mallard>::narrow(hint);
  }
  std::int32_t _cxx_default(std::int32_t in) override {
    witness_.note();
    return in + 100;
  }

 private:
  Witness& witness_;
};

std::atomic<int> orb_counter{0};

CORBA::object_reference<CORBA::ORB> make_orb(const char* collocation) {
  std::vector<std::string> args = {"idl_direct_tests", "-ORBCollocation", collocation,
                                   "-ORBServerThreads", "2"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data(), "idl-direct-test-" + std::to_string(orb_counter++));
}

struct Direct : ::testing::Test {
  explicit Direct(const char* collocation = "direct") : orb(make_orb(collocation)) {
    poa->the_POAManager()->activate();
  }
  ~Direct() override { orb->destroy(); }

  template <class I>
  typename IDL::traits<I>::ref_type ref(
      const CORBA::servant_reference<PortableServer::Servant>& servant) {
    return IDL::traits<I>::narrow(poa->servant_to_reference(servant));
  }

  CORBA::object_reference<CORBA::ORB> orb;
  IDL::traits<PortableServer::POA>::ref_type poa =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  Witness witness{IDL::traits<PortableServer::Current>::narrow(
      orb->resolve_initial_references("POACurrent"))};
  CORBA::servant_reference<DuckImpl> duck_servant = CORBA::make_reference<DuckImpl>(witness);
  CORBA::servant_reference<KeeperImpl> keeper_servant =
      CORBA::make_reference<KeeperImpl>(witness);
};

struct ThruPoa : Direct {
  ThruPoa() : Direct("thru_poa") {}
};

TEST_F(Direct, EveryParameterDirectionCallsTheServantDirectly) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  auto keeper = ref<Zoo::Keeper>(keeper_servant);
  ASSERT_TRUE(duck && keeper);
  EXPECT_TRUE(rtorb::orb::direct_upcall_of(*duck));
  double weight = 0;
  std::string tag = "t";
  EXPECT_EQ(duck->measure(4, weight, tag), 8);
  EXPECT_EQ(weight, 6.0);
  EXPECT_EQ(tag, "t!");
  duck->age(5);
  EXPECT_EQ(duck->age(), 5);
  EXPECT_EQ(duck->name(), "duck");
  duck->swim(2.5F);  // oneway: synchronous when direct
  EXPECT_EQ(duck_servant->swum(), 2.5F);
  EXPECT_TRUE(duck->mate()->_is_equivalent(duck));
  const Zoo::Enclosure seen = keeper->inspect(Zoo::Enclosure(duck, {duck, nullptr}, nullptr));
  EXPECT_EQ(seen.extra(), duck);
  EXPECT_EQ(keeper->favourite(duck), duck);
  EXPECT_EQ(keeper->_cxx_default(1), 101);
  EXPECT_EQ(witness.calls(), 9);
  EXPECT_EQ(witness.through_poa(), 0);
}

TEST_F(Direct, OperationsInheritedThroughTheDiamondGoDirect) {
  auto walker = ref<Zoo::Walker>(duck_servant);
  auto swimmer = ref<Zoo::Swimmer>(duck_servant);
  auto animal = ref<Zoo::Animal>(duck_servant);
  ASSERT_TRUE(walker && swimmer && animal);
  walker->age(1);
  walker->walk(2);
  swimmer->swim(1.5F);
  EXPECT_EQ(swimmer->age(), 2);
  EXPECT_EQ(animal->name(), "duck");
  EXPECT_EQ(witness.calls(), 5);
  EXPECT_EQ(witness.through_poa(), 0);
}

// A reference's memo keeps the servant as the upcall class of the first interface a stub
// asked for; calls through the other interfaces of the same reference must still reach the
// right subobject (the classes sit at different offsets in the diamond).
TEST_F(Direct, OneReferenceCalledThroughEveryInterfaceOfTheDiamond) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  for (std::int32_t i = 1; i <= 3; ++i) {
    duck->walk(1);                      // Walker
    duck->swim(static_cast<float>(i));  // Swimmer
    duck->age(duck->age() + 10);        // Animal
    double weight = 0;
    std::string tag = "t";
    EXPECT_EQ(duck->measure(i, weight, tag), 2 * i);  // Duck
    EXPECT_EQ(weight, 1.5 * i);
    EXPECT_EQ(tag, "t!");
    EXPECT_EQ(duck_servant->swum(), static_cast<float>(i));
  }
  EXPECT_EQ(duck->age(), 33);
  EXPECT_EQ(witness.calls(), 3 * 5 + 1);
  EXPECT_EQ(witness.through_poa(), 0);
}

TEST_F(Direct, ThreadsRacingThroughDifferentInterfacesOfOneReference) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  witness.enabled = false;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) {
        if (t % 2 == 0) {
          if (duck->name() != "duck") ++wrong;
        } else {
          double weight = 0;
          std::string tag;
          if (duck->measure(i, weight, tag) != 2 * i || tag != "!") ++wrong;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST_F(Direct, ADirectCallAllocatesNothing) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  duck->walk(1);  // warms the per-thread memos
  EXPECT_EQ(witness.through_poa(), 0);
  witness.enabled = false;
  // The counter works (through a pointer the optimiser cannot see through).
  void* (*volatile allocate)(std::size_t) = static_cast<void* (*)(std::size_t)>(&::operator new);
  void (*volatile release)(void*) noexcept = static_cast<void (*)(void*) noexcept>(&::operator delete);
  rtorb::test::start_counting_thread_allocations();
  release(allocate(8));
  ASSERT_EQ(rtorb::test::stop_counting_thread_allocations(), 1u);
  rtorb::test::start_counting_thread_allocations();
  for (int i = 0; i < 10; ++i) duck->walk(1);
  const std::int32_t age = duck->age();
  EXPECT_EQ(rtorb::test::stop_counting_thread_allocations(), 0u);
  EXPECT_EQ(age, 11);
}

TEST_F(Direct, AReactivatedIdReachesItsNewServantDirectly) {
  auto policies = CORBA::PolicyList{
      poa->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  auto child = poa->create_POA("user", poa->the_POAManager(), policies);
  const auto id = PortableServer::string_to_ObjectId("duck");
  child->activate_object_with_id(id, duck_servant);
  auto duck = IDL::traits<Zoo::Duck>::narrow(child->id_to_reference(id));
  duck->age(3);
  EXPECT_EQ(duck_servant->age(), 3);
  child->deactivate_object(id);
  auto second = CORBA::make_reference<DuckImpl>(witness);
  child->activate_object_with_id(id, second);
  duck->age(4);  // the memo named the first servant: it is rebuilt
  EXPECT_EQ(second->age(), 4);
  EXPECT_EQ(duck_servant->age(), 3);
  EXPECT_EQ(witness.through_poa(), 0);
}

TEST_F(Direct, AManagerStateChangeEndsTheMemo) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  EXPECT_TRUE(rtorb::orb::direct_upcall_of(*duck));
  poa->the_POAManager()->discard_requests(false);
  EXPECT_FALSE(rtorb::orb::direct_upcall_of(*duck));
  EXPECT_THROW(duck->age(), CORBA::TRANSIENT);
  poa->the_POAManager()->activate();
  EXPECT_TRUE(rtorb::orb::direct_upcall_of(*duck));
}

TEST_F(Direct, AReferenceRebindsABoundedNumberOfTimesThenUsesThePoa) {
  auto policies = CORBA::PolicyList{
      poa->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  auto child = poa->create_POA("churn", poa->the_POAManager(), policies);
  const auto id = PortableServer::string_to_ObjectId("duck");
  auto duck = IDL::traits<Zoo::Duck>::narrow(
      child->create_reference_with_id(id, "IDL:Zoo/Duck:1.0"));
  for (int i = 0; i < 20; ++i) {
    child->activate_object_with_id(id, CORBA::make_reference<DuckImpl>(witness));
    EXPECT_EQ(duck->name(), "duck");
    child->deactivate_object(id);
  }
  // Eight servants were memoised, the other twelve calls went through the POA.
  EXPECT_EQ(witness.calls(), 20);
  EXPECT_EQ(witness.through_poa(), 12);
}

TEST(DirectOption, UnknownCollocationValuesAreRefused) {
  try {
    make_orb("sometimes");
    FAIL() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_NE(std::string(e.what()).find("thru_poa"), std::string::npos) << e.what();
  }
}

TEST_F(Direct, UserAndSystemExceptionsPropagateUnchanged) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  try {
    duck->feed(nullptr, "bread");
    FAIL() << "no exception";
  } catch (const Zoo::Closed& closed) {
    EXPECT_EQ(closed.reason(), "nobody feeds bread");
  }
  try {
    duck->age(-1);
    FAIL() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), 7u);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
  EXPECT_EQ(witness.through_poa(), 0);
}

TEST_F(Direct, ADeactivatedObjectFallsBackAndIsGone) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  EXPECT_EQ(duck->age(), 0);
  poa->deactivate_object(poa->servant_to_id(duck_servant));
  EXPECT_FALSE(rtorb::orb::direct_upcall_of(*duck));
  EXPECT_THROW(duck->age(), CORBA::OBJECT_NOT_EXIST);
  EXPECT_EQ(witness.calls(), 1);
}

TEST_F(Direct, AHoldingManagerMakesCallsWaitInThePoa) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  poa->the_POAManager()->hold_requests(false);
  EXPECT_FALSE(rtorb::orb::direct_upcall_of(*duck));
  auto call = std::async(std::launch::async, [&] { return duck->name(); });
  EXPECT_EQ(call.wait_for(50ms), std::future_status::timeout);
  poa->the_POAManager()->activate();
  ASSERT_EQ(call.wait_for(10s), std::future_status::ready);
  EXPECT_EQ(call.get(), "duck");  // held in the POA, unless it started after activate()
  EXPECT_TRUE(rtorb::orb::direct_upcall_of(*duck));
}

TEST_F(Direct, ADiscardingManagerGivesTransient) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  poa->the_POAManager()->discard_requests(false);
  EXPECT_FALSE(rtorb::orb::direct_upcall_of(*duck));
  EXPECT_THROW(duck->name(), CORBA::TRANSIENT);
  EXPECT_EQ(witness.calls(), 0);
}

TEST_F(Direct, ServantManagersAndDefaultServantsAreNotBypassed) {
  auto policies = CORBA::PolicyList{
      poa->create_request_processing_policy(
          PortableServer::RequestProcessingPolicyValue::USE_DEFAULT_SERVANT),
      poa->create_servant_retention_policy(PortableServer::ServantRetentionPolicyValue::NON_RETAIN),
      poa->create_id_uniqueness_policy(PortableServer::IdUniquenessPolicyValue::MULTIPLE_ID),
      poa->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  auto child = poa->create_POA("default", poa->the_POAManager(), policies);
  child->set_servant(duck_servant);
  auto duck = IDL::traits<Zoo::Duck>::narrow(
      child->create_reference_with_id(PortableServer::string_to_ObjectId("any"),
                                      "IDL:Zoo/Duck:1.0"));
  ASSERT_TRUE(duck);
  EXPECT_FALSE(rtorb::orb::direct_upcall_of(*duck));
  EXPECT_EQ(duck->name(), "duck");
  EXPECT_EQ(witness.through_poa(), 1);
}

TEST_F(Direct, AReferenceFromAnotherOrbIsNotDirect) {
  auto other = make_orb("direct");
  auto duck = IDL::traits<Zoo::Duck>::narrow(
      other->string_to_object(orb->object_to_string(poa->servant_to_reference(duck_servant))));
  ASSERT_TRUE(duck);
  EXPECT_FALSE(rtorb::orb::direct_upcall_of(*duck));
  EXPECT_EQ(duck->name(), "duck");
  EXPECT_EQ(witness.through_poa(), 1);
  duck = nullptr;
  other->destroy();
}

TEST_F(ThruPoa, CollocatedCallsGoThroughThePoa) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  EXPECT_FALSE(rtorb::orb::direct_upcall_of(*duck));
  EXPECT_EQ(duck->name(), "duck");
  duck->walk(1);
  EXPECT_EQ(witness.through_poa(), 2);
}

// Deactivation while direct calls run: they are not upcalls in progress, but the
// reference's memo keeps the servant alive until they return; calls that start after
// deactivate_object returned fall back and get OBJECT_NOT_EXIST.
TEST_F(Direct, DeactivationDuringDirectCallsKeepsTheServantAlive) {
  auto duck = ref<Zoo::Duck>(duck_servant);
  const auto id = poa->servant_to_id(duck_servant);
  DuckImpl* raw = duck_servant.operator->();
  duck_servant = nullptr;  // the POA holds the only reference now
  std::atomic<int> started{0};
  std::vector<std::future<int>> callers;
  for (int t = 0; t < 2; ++t) {
    callers.push_back(std::async(std::launch::async, [&] {
      int calls = 0;
      try {
        for (; calls < 100000; ++calls) {
          duck->walk(20);
          ++started;
        }
      } catch (const CORBA::OBJECT_NOT_EXIST&) {
      }
      return calls;
    }));
  }
  while (started < 200) std::this_thread::yield();
  EXPECT_GT(raw->age(), 0);
  poa->deactivate_object(id);
  for (auto& caller : callers) {
    ASSERT_EQ(caller.wait_for(30s), std::future_status::ready);
    EXPECT_LT(caller.get(), 100000);
  }
  EXPECT_THROW(duck->walk(1), CORBA::OBJECT_NOT_EXIST);
}

}  // namespace
