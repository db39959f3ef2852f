// Thru-POA collocation without marshaling (the default -ORBCollocation): a collocated stub
// calls the servant's member function inside a POA upcall. The tests tell the unmarshaled
// path from the marshaled one by an argument's address: only a call without marshaling
// hands the servant the caller's own string.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <future>
#include <mutex>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/current.hpp>
#include <rtorb/poa/poa.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "interfacesS.h"
#include "test_support/allocation_counter.hpp"
#include "test_support/racing_callers.hpp"


namespace {

using namespace std::chrono_literals;
using CurrentRef = IDL::traits<PortableServer::Current>::ref_type;

// What the servant saw during its last feed().
struct Seen {
  const std::string* food = nullptr;  // the address of the argument it was given
  std::string poa_name;
  PortableServer::ObjectId object_id;
  IDL::traits<CORBA::Object>::ref_type reference;
  const void* servant = nullptr;  // the servant POA Current names, as a DuckImpl
};

class DuckImpl final : public CORBA::servant_traits<Zoo::Duck>::base_type {
 public:
  explicit DuckImpl(CurrentRef current) : current_(std::move(current)) {}

  std::string name() override { return "duck"; }
  std::int32_t age() override { return age_; }
  void age(std::int32_t value) override {
    if (value == -1) throw CORBA::BAD_PARAM(7, CORBA::CompletionStatus::COMPLETED_NO);
    if (value == -2) throw Zoo::Closed("not declared by _set_age");
    if (value == -3) throw std::runtime_error("not a CORBA exception");
    age_ = value;
  }
  void feed(const IDL::traits<Zoo::Keeper>::ref_type&, const std::string& food) override {
    seen.food = &food;
    seen.poa_name = current_->get_POA()->the_name();
    seen.object_id = current_->get_object_id();
    seen.reference = current_->get_reference();
    seen.servant = dynamic_cast<const DuckImpl*>(current_->get_servant().operator->());
    if (food == "nothing") throw Zoo::Closed("closed");
  }
  void walk(std::uint32_t steps) override {
    const int now = ++inside_;
    int seen_most = most_inside_.load();
    while (now > seen_most && !most_inside_.compare_exchange_weak(seen_most, now)) {
    }
    if (steps > 0) {
      entered.set_value();
      release.get_future().wait();
    } else {
      std::this_thread::sleep_for(200us);
    }
    --inside_;
  }
  void swim(float) override { throw std::runtime_error("dropped: oneway"); }
  IDL::traits<Zoo::Duck>::ref_type mate() override { return _this(); }
  std::int32_t measure(std::int32_t scale, double& weight, std::string& tag) override {
    weight = scale;
    tag += "!";
    return scale;
  }

  Seen seen;
  std::promise<void> entered;  // walk(n > 0) arrived
  std::promise<void> release;  // lets it return
  int most_inside() const { return most_inside_; }

 private:
  CurrentRef current_;
  std::atomic<std::int32_t> age_{0};
  std::atomic<int> inside_{0};
  std::atomic<int> most_inside_{0};
};

class Activator final : public PortableServer::ServantActivator {
 public:
  explicit Activator(CORBA::servant_reference<DuckImpl> duck) : duck_(std::move(duck)) {}
  CORBA::servant_reference<PortableServer::Servant> incarnate(
      const PortableServer::ObjectId&, IDL::traits<PortableServer::POA>::ref_type) override {
    return duck_;
  }
  void etherealize(const PortableServer::ObjectId&, IDL::traits<PortableServer::POA>::ref_type,
                   CORBA::servant_reference<PortableServer::Servant>, bool, bool) override {
    ++etherealized;
  }
  std::atomic<int> etherealized{0};

 private:
  CORBA::servant_reference<DuckImpl> duck_;
};

// Hands out one servant for every request, counting them.
template <class S>
class Locator final : public PortableServer::ServantLocator {
 public:
  explicit Locator(CORBA::servant_reference<S> servant) : servant_(std::move(servant)) {}
  CORBA::servant_reference<PortableServer::Servant> preinvoke(
      const PortableServer::ObjectId&, IDL::traits<PortableServer::POA>::ref_type,
      const std::string&, Cookie&) override {
    ++calls;
    return servant_;
  }
  void postinvoke(const PortableServer::ObjectId&, IDL::traits<PortableServer::POA>::ref_type,
                  const std::string&, Cookie, CORBA::servant_reference<PortableServer::Servant>)
      override {}
  std::atomic<int> calls{0};

 private:
  CORBA::servant_reference<S> servant_;
};

// Sums its `in` sequence, first calling `next` with the values doubled while `depth` lasts;
// remembers where each upcall found its argument and whether a nested one changed it.
class TallyImpl final : public CORBA::servant_traits<Zoo::Tally>::base_type {
 public:
  std::int64_t sum(const Zoo::Counts& values, const IDL::traits<Zoo::Tally>::ref_type& next,
                   std::uint32_t depth) override {
    const std::int64_t own = total(values);
    std::int64_t nested = 0;
    if (depth > 0 && next) {
      Zoo::Counts doubled(values);
      for (auto& v : doubled) v *= 2;
      nested = next->sum(doubled, next, depth - 1);
    }
    if (total(values) != own) clobbered = true;
    seen.push_back(&values);
    return own + nested;
  }
  std::uint32_t sizes(const Zoo::Counts& a, const std::vector<std::uint8_t>& b,
                      const std::vector<std::string>& c) override {
    return static_cast<std::uint32_t>(a.size() * 10000 + b.size() * 100 + c.size());
  }
  bool clobbered = false;
  std::vector<const Zoo::Counts*> seen;

 private:
  static std::int64_t total(const Zoo::Counts& values) {
    std::int64_t t = 0;
    for (auto v : values) t += v;
    return t;
  }
};

std::atomic<int> orb_counter{0};

struct Collocated : ::testing::Test {
  Collocated() { poa->the_POAManager()->activate(); }
  ~Collocated() override { orb->destroy(); }

  static CORBA::object_reference<CORBA::ORB> make_orb() {
    std::vector<std::string> args = {"idl_collocated_tests"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int argc = static_cast<int>(args.size());
    return CORBA::ORB_init(argc, argv.data(),
                           "idl-collocated-test-" + std::to_string(orb_counter++));
  }
  IDL::traits<PortableServer::POA>::ref_type child(const std::string& name,
                                                     CORBA::PolicyList policies) {
    return poa->create_POA(name, poa->the_POAManager(), policies);
  }
  // A child POA whose servants `locator` finds for each request (NON_RETAIN).
  IDL::traits<PortableServer::POA>::ref_type located_by(
      const std::string& name, CORBA::object_reference<PortableServer::ServantManager> locator) {
    auto located = child(
        name,
        {poa->create_request_processing_policy(
             PortableServer::RequestProcessingPolicyValue::USE_SERVANT_MANAGER),
         poa->create_servant_retention_policy(PortableServer::ServantRetentionPolicyValue::NON_RETAIN)});
    located->set_servant_manager(locator);
    return located;
  }
  IDL::traits<Zoo::Duck>::ref_type duck_in(const IDL::traits<PortableServer::POA>::ref_type& p) {
    return IDL::traits<Zoo::Duck>::narrow(p->servant_to_reference(duck));
  }

  CORBA::object_reference<CORBA::ORB> orb = make_orb();
  IDL::traits<PortableServer::POA>::ref_type poa =
      IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  CurrentRef current =
      IDL::traits<PortableServer::Current>::narrow(orb->resolve_initial_references("POACurrent"));
  CORBA::servant_reference<DuckImpl> duck = CORBA::make_reference<DuckImpl>(current);
};

TEST_F(Collocated, TheServantRunsInAPoaUpcallWithoutMarshaling) {
  auto ref = duck_in(poa);
  const std::string food = "bread";
  ref->feed(nullptr, food);
  EXPECT_EQ(duck->seen.food, &food);  // not a copy: nothing was marshaled
  EXPECT_EQ(duck->seen.poa_name, "RootPOA");
  EXPECT_EQ(duck->seen.object_id, poa->servant_to_id(duck));
  EXPECT_TRUE(duck->seen.reference->_is_equivalent(ref));
  EXPECT_EQ(duck->seen.servant, static_cast<const void*>(duck.operator->()));
  EXPECT_TRUE(ref->mate()->_is_equivalent(ref));  // _this() inside the upcall
  double weight = 0;
  std::string tag = "t";
  EXPECT_EQ(ref->measure(3, weight, tag), 3);
  EXPECT_EQ(weight, 3.0);
  EXPECT_EQ(tag, "t!");
}

TEST_F(Collocated, AHoldingManagerSendsTheCallThroughTheMarshaledPath) {
  auto ref = duck_in(poa);
  poa->the_POAManager()->hold_requests(false);
  const std::string food = "bread";
  auto call = std::async(std::launch::async, [&] { ref->feed(nullptr, food); });
  EXPECT_EQ(call.wait_for(50ms), std::future_status::timeout);
  poa->the_POAManager()->activate();
  ASSERT_EQ(call.wait_for(10s), std::future_status::ready);
  call.get();
  EXPECT_EQ(duck->seen.object_id, poa->servant_to_id(duck));
}

TEST_F(Collocated, HoldWithWaitForCompletionWaitsForTheRunningCall) {
  // The call is counted on the object's entry, not in the manager: the wait sees it anyway.
  auto ref = duck_in(poa);
  auto call = std::async(std::launch::async, [&] { ref->walk(1); });
  duck->entered.get_future().wait();
  auto hold = std::async(std::launch::async,
                         [&] { poa->the_POAManager()->hold_requests(true); });
  EXPECT_EQ(hold.wait_for(20ms), std::future_status::timeout);
  duck->release.set_value();
  ASSERT_EQ(call.wait_for(10s), std::future_status::ready);
  ASSERT_EQ(hold.wait_for(10s), std::future_status::ready);
  hold.get();
  poa->the_POAManager()->activate();
}

TEST_F(Collocated, DeclaredAndSystemExceptionsPassAndOthersBecomeUnknown) {
  auto ref = duck_in(poa);
  EXPECT_THROW(ref->feed(nullptr, "nothing"), Zoo::Closed);
  try {
    ref->age(-1);
    FAIL() << "no exception";
  } catch (const CORBA::BAD_PARAM& e) {
    EXPECT_EQ(e.minor(), 7u);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_NO);
  }
  try {
    ref->age(-2);
    FAIL() << "no exception";
  } catch (const CORBA::UNKNOWN& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::unknown_undeclared_user_exception);
    EXPECT_EQ(e.completed(), CORBA::CompletionStatus::COMPLETED_MAYBE);
  }
  try {
    ref->age(-3);
    FAIL() << "no exception";
  } catch (const CORBA::UNKNOWN& e) {
    EXPECT_EQ(e.minor(), rtorb::minor::unknown_cxx_exception);
  }
  EXPECT_NO_THROW(ref->swim(1.0F));  // a oneway's exceptions reach nobody
  ref->age(4);
  EXPECT_EQ(ref->age(), 4);
}

TEST_F(Collocated, DeactivationWaitsForTheCallBeforeEtherealizing) {
  auto activator = CORBA::make_reference<Activator>(duck);
  auto managed = child("managed", {poa->create_request_processing_policy(
                                       PortableServer::RequestProcessingPolicyValue::USE_SERVANT_MANAGER),
                                   poa->create_id_assignment_policy(
                                       PortableServer::IdAssignmentPolicyValue::USER_ID)});
  managed->set_servant_manager(activator);
  const auto id = PortableServer::string_to_ObjectId("one");
  auto ref = IDL::traits<Zoo::Duck>::narrow(
      managed->create_reference_with_id(id, "IDL:Zoo/Duck:1.0"));
  EXPECT_EQ(ref->name(), "duck");  // incarnates (marshaled); the next calls find it active
  const std::string food = "seed";
  ref->feed(nullptr, food);
  EXPECT_EQ(duck->seen.food, &food);
  auto call = std::async(std::launch::async, [&] { ref->walk(1); });
  duck->entered.get_future().wait();
  managed->deactivate_object(id);
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(activator->etherealized, 0);  // the call is still in progress
  auto destroy = std::async(std::launch::async, [&] { managed->destroy(false, true); });
  EXPECT_EQ(destroy.wait_for(20ms), std::future_status::timeout);
  duck->release.set_value();
  ASSERT_EQ(call.wait_for(10s), std::future_status::ready);
  ASSERT_EQ(destroy.wait_for(10s), std::future_status::ready);
  EXPECT_EQ(activator->etherealized, 1);
}

TEST_F(Collocated, SingleThreadModelSerializesCalls) {
  auto serial = child("serial", {poa->create_thread_policy(
                                    PortableServer::ThreadPolicyValue::SINGLE_THREAD_MODEL)});
  serial->activate_object(duck);
  auto ref = duck_in(serial);
  std::vector<std::future<void>> callers;
  for (int t = 0; t < 3; ++t) {
    callers.push_back(std::async(std::launch::async, [&] {
      for (int i = 0; i < 20; ++i) ref->walk(0);
    }));
  }
  for (auto& c : callers) c.get();
  EXPECT_EQ(duck->most_inside(), 1);
  const std::string food = "bread";
  ref->feed(nullptr, food);
  EXPECT_EQ(duck->seen.food, &food);
  EXPECT_EQ(duck->seen.poa_name, "serial");
}

TEST_F(Collocated, TheDefaultServantIsCalledWithTheRequestsObjectId) {
  auto defaulted = child(
      "default",
      {poa->create_request_processing_policy(
           PortableServer::RequestProcessingPolicyValue::USE_DEFAULT_SERVANT),
       poa->create_servant_retention_policy(PortableServer::ServantRetentionPolicyValue::NON_RETAIN),
       poa->create_id_uniqueness_policy(PortableServer::IdUniquenessPolicyValue::MULTIPLE_ID),
       poa->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)});
  defaulted->set_servant(duck);
  const auto id = PortableServer::string_to_ObjectId("any");
  auto ref = IDL::traits<Zoo::Duck>::narrow(
      defaulted->create_reference_with_id(id, "IDL:Zoo/Duck:1.0"));
  const std::string food = "bread";
  ref->feed(nullptr, food);
  EXPECT_EQ(duck->seen.food, &food);
  EXPECT_EQ(duck->seen.object_id, id);
  EXPECT_EQ(duck->seen.poa_name, "default");
}

TEST_F(Collocated, AServantLocatorIsServedThroughTheMarshaledPath) {
  auto locator = CORBA::make_reference<Locator<DuckImpl>>(duck);
  auto located = located_by("located", locator);
  auto ref = IDL::traits<Zoo::Duck>::narrow(located->create_reference("IDL:Zoo/Duck:1.0"));
  const std::string food = "bread";
  ref->feed(nullptr, food);
  EXPECT_EQ(locator->calls, 1);
  EXPECT_NE(duck->seen.food, &food);  // a copy: the request was marshaled
  EXPECT_EQ(duck->seen.poa_name, "located");
}

// A located servant is reached through the marshaled path, so its skeleton runs on the
// calling thread: nested sum() calls nest skeletons, seven deep, more than the four vectors
// a thread keeps for `in` sequences (rtorb::idl::InSequence). Each upcall must keep its own
// argument while the ones it called use theirs.
TEST_F(Collocated, NestedSkeletonsOnOneThreadEachHaveTheirOwnInSequence) {
  auto tally = CORBA::make_reference<TallyImpl>();
  auto locator = CORBA::make_reference<Locator<TallyImpl>>(tally);
  auto located = located_by("tallies", locator);
  auto ref = IDL::traits<Zoo::Tally>::narrow(located->create_reference("IDL:Zoo/Tally:1.0"));

  EXPECT_EQ(ref->sum({1, 2, 3}, ref, 6), 6 * 127);  // 6 + 12 + 24 + ... + 384
  EXPECT_EQ(locator->calls, 7);
  EXPECT_FALSE(tally->clobbered);
  ASSERT_EQ(tally->seen.size(), 7u);
  for (std::size_t i = 0; i < tally->seen.size(); ++i) {
    for (std::size_t j = i + 1; j < tally->seen.size(); ++j) {
      EXPECT_NE(tally->seen[i], tally->seen[j]) << "upcalls " << i << " and " << j;
    }
  }
  // One call after another: the same kept vector, for two arguments of the same type in
  // one call two of them.
  tally->seen.clear();
  ref->sum({4}, nullptr, 0);
  ref->sum({5, 6}, nullptr, 0);
  ASSERT_EQ(tally->seen.size(), 2u);
  EXPECT_EQ(tally->seen[0], tally->seen[1]);
  EXPECT_EQ(ref->sizes({1, 2, 3}, {7, 8}, {"x"}), 30201u);
}

TEST_F(Collocated, ADeactivatedObjectIsGone) {
  auto ref = duck_in(poa);
  poa->deactivate_object(poa->servant_to_id(duck));
  EXPECT_THROW(ref->name(), CORBA::OBJECT_NOT_EXIST);
}

TEST_F(Collocated, CallsRacingDeactivationAndReactivationReachOnlyALiveServant) {
  // The reference's key carries the slot, so each call first pins the entry without the
  // POA's lock; a reactivation gives the slot a new generation and the call falls back to
  // the id. Every call reaches the servant, with POA Current naming its object, or finds
  // the object inactive.
  auto user = child("racing", {poa->create_id_assignment_policy(
                                  PortableServer::IdAssignmentPolicyValue::USER_ID)});
  const auto id = PortableServer::string_to_ObjectId("racer");
  user->activate_object_with_id(id, duck);
  auto ref = IDL::traits<Zoo::Duck>::narrow(user->id_to_reference(id));
  std::atomic<int> served{0};
  std::atomic<int> not_active{0};
  std::atomic<int> misnamed{0};
  std::atomic<bool> stop{false};
  std::vector<std::thread> callers;
  for (int t = 0; t < 3; ++t) {
    callers.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) {
        try {
          // _this() is made from POA Current (a reactivation's reference carries the slot's
          // new generation, so the id is compared, not the key).
          if (user->reference_to_id(ref->mate()) != id) ++misnamed;
          ++served;
        } catch (const CORBA::OBJECT_NOT_EXIST&) {
          ++not_active;
        }
      }
    });
  }
  std::thread flipper([&] {
    while (!stop) {
      // A call is served before the object goes again: every round still races the calls
      // in flight, but a flipper that never lets go of the CPU cannot leave every call
      // finding the object inactive (seen under load: 0 of 3,000 served).
      const int before = served.load();
      while (!stop && served.load() == before) std::this_thread::yield();
      user->deactivate_object(id);
      for (;;) {  // the entry stays while a call is in it: then the id is still active
        try {
          user->activate_object_with_id(id, duck);
          break;
        } catch (const PortableServer::POA::ObjectAlreadyActive&) {
          std::this_thread::yield();
        }
      }
    }
  });
  for (auto& t : callers) t.join();
  stop = true;
  flipper.join();
  EXPECT_GT(served.load(), 0);
  EXPECT_EQ(misnamed.load(), 0);
  EXPECT_EQ(served.load() + not_active.load(), 3 * 1000);
}

TEST_F(Collocated, CallsRacingTheirPoasDestructionReachTheServantOrFindItGone) {
  // A collocated call holds no reference to its POA (it is retired, not freed, while a
  // call may still be finding it; docs/poa.md, "Reclaiming POAs"): calls racing a POA
  // created and destroyed over and over each reach the servant or are refused, and nothing
  // reads a freed POA (asan, tsan).
  rtorb::test::RacingCallers<IDL::traits<Zoo::Duck>::ref_type> callers(
      2, [](const auto& ref) { return ref->name() == "duck"; });
  for (int round = 0; round < 300; ++round) {
    auto churn = child("churn", {});
    const auto id = churn->activate_object(duck);
    callers.aim(IDL::traits<Zoo::Duck>::narrow(churn->id_to_reference(id)));
    std::this_thread::yield();
    churn->destroy(false, false);
  }
  callers.stop();
  EXPECT_GT(callers.served() + callers.refused(), 0);
  EXPECT_EQ(callers.wrong(), 0);
}

TEST_F(Collocated, ACallAllocatesNothing) {
  auto ref = duck_in(poa);
  ref->age(1);  // warms the per-thread memos
  rtorb::test::start_counting_thread_allocations();
  for (int i = 0; i < 10; ++i) ref->age(i);
  const std::int32_t age = ref->age();
  EXPECT_EQ(rtorb::test::stop_counting_thread_allocations(), 0u);
  EXPECT_EQ(age, 9);
}

}  // namespace
