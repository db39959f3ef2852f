// Dispatching in steady state allocates nothing (docs/events.md, "allocation"): every
// operator new in the process is counted while a supplier in one ORB pushes events with a
// small payload through the channel in another to consumers in the first. Each receiver
// of a push (the channel's ORB for the supplier's, each consumer's for the channel's)
// reads the `in` EventSet into storage its thread keeps (rtorb::events::PushConsumerServant
// for the consumers), and the channel's queueing, filtering and pushing add none: zero.
// A consumer on the generated skeleton instead reads each set, and each payload, into new
// vectors: two allocations per event it receives, which the last test pins down.
#include <gtest/gtest.h>

#include <rtorb/events/event_channel.hpp>
#include <rtorb/events/push_consumer_servant.hpp>
#include <rtorb/poa/poa.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "RtecEventChannelAdminS.h"
#include "test_support/allocation_counter.hpp"

namespace {

using namespace std::chrono_literals;

CORBA::object_reference<CORBA::ORB> make_orb(const std::string& id) {
  std::vector<std::string> args{"events_allocations", "-ORBId", id, "-ORBServerThreads", "2",
                                "-ORBEndpoint", "iiop://127.0.0.1:0"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data());
}

// Counts what it receives; `Base` is how it receives (the kept set, or the skeleton's).
template <class Base>
class Counting final : public Base {
 public:
  void push(const RtecEventComm::EventSet& data) override { received.fetch_add(data.size()); }
  void disconnect_push_consumer() override {}
  std::atomic<std::size_t> received{0};
};
using CountingConsumer = Counting<rtorb::events::PushConsumerServant>;
using SkeletonCountingConsumer = Counting<CORBA::servant_traits<RtecEventComm::PushConsumer>::base_type>;

class QuietSupplier final : public CORBA::servant_traits<RtecEventComm::PushSupplier>::base_type {
 public:
  void disconnect_push_supplier() override {}
};

class EventAllocations : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    const std::string suffix = std::string(GetParam()) + "-" +
                               ::testing::UnitTest::GetInstance()->current_test_info()->name();
    channel_orb_ = make_orb("ec-" + suffix);
    client_orb_ = make_orb("clients-" + suffix);
    auto channel_poa = IDL::traits<PortableServer::POA>::narrow(channel_orb_->resolve_initial_references("RootPOA"));
    channel_poa->the_POAManager()->activate();
    client_poa_ = IDL::traits<PortableServer::POA>::narrow(client_orb_->resolve_initial_references("RootPOA"));
    client_poa_->the_POAManager()->activate();
    rtorb::events::ChannelOptions options;
    options.dispatching = *rtorb::events::parse_dispatching(GetParam());
    options.dispatching.full_policy = rtorb::events::FullPolicy::block;  // nothing dropped
    channel_ = std::make_unique<rtorb::events::EventChannel>(channel_orb_, channel_poa, options);
    remote_ = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(
        client_orb_->string_to_object(channel_orb_->object_to_string(channel_->reference())));
  }
  void TearDown() override {
    channel_.reset();
    client_orb_->destroy();
    channel_orb_->destroy();
  }

  template <class T, class S>
  typename IDL::traits<T>::ref_type activate(const CORBA::servant_reference<S>& servant) {
    return IDL::traits<T>::narrow(client_poa_->id_to_reference(client_poa_->activate_object(servant)));
  }

  // Pushes `count` events and waits (20 s at most) until every consumer has them all.
  void push_and_wait(std::size_t count, std::size_t& expected) {
    for (std::size_t i = 0; i < count; ++i) proxy_->push(set_);
    expected += count;
    for (int i = 0; i < 2000; ++i) {
      bool all = true;
      for (auto& received : received_) all = all && received() >= expected;
      if (all) return;
      std::this_thread::sleep_for(10ms);
    }
    FAIL() << "the consumers did not get every event";
  }

  // Connects `count` consumers of type 20 and a supplier, warms every slot, thread and
  // connection up, and returns the allocations of the process while `counted` more events
  // reach every consumer.
  template <class Consumer>
  std::size_t allocations_dispatching(std::size_t count, std::size_t counted) {
    RtecEventChannelAdmin::ConsumerQOS qos;
    qos.dependencies().push_back({});
    qos.dependencies()[0].event().header().type(20);
    for (std::size_t i = 0; i < count; ++i) {
      auto consumer = CORBA::make_reference<Consumer>();
      received_.push_back([consumer] { return consumer->received.load(); });
      remote_->for_consumers()->obtain_push_supplier()->connect_push_consumer(
          activate<RtecEventComm::PushConsumer>(consumer), qos);
    }
    proxy_ = remote_->for_suppliers()->obtain_push_consumer();
    proxy_->connect_push_supplier(activate<RtecEventComm::PushSupplier>(CORBA::make_reference<QuietSupplier>()), {});
    set_.resize(1);
    set_[0].header().type(20);
    set_[0].data().payload().assign(64, 0x5a);
    std::size_t expected = 0;
    push_and_wait(2000, expected);
    rtorb::test::start_counting_allocations();
    push_and_wait(counted, expected);
    return rtorb::test::stop_counting_allocations();
  }

  CORBA::object_reference<CORBA::ORB> channel_orb_;
  CORBA::object_reference<CORBA::ORB> client_orb_;
  IDL::traits<PortableServer::POA>::ref_type client_poa_;
  std::unique_ptr<rtorb::events::EventChannel> channel_;
  IDL::traits<RtecEventChannelAdmin::EventChannel>::ref_type remote_;
  std::vector<std::function<std::size_t()>> received_;  // what each consumer has received
  IDL::traits<RtecEventChannelAdmin::ProxyPushConsumer>::ref_type proxy_;
  RtecEventComm::EventSet set_;
};

constexpr std::size_t counted_events = 500;
// A receiving thread that served none of the warm-up allocates its kept set (the vector
// and one payload) once: two server threads in each of the two ORBs.
constexpr std::size_t first_use_of_a_thread = 2 * 2 * 2;

TEST_P(EventAllocations, DispatchingToThreeConsumersAllocatesNothing) {
  const std::size_t allocations = allocations_dispatching<CountingConsumer>(3, counted_events);
  EXPECT_LE(allocations, first_use_of_a_thread)
      << "per event: " << static_cast<double>(allocations) / counted_events;
}

// What PushConsumerServant saves: the generated skeleton reads each set and its payload
// into new vectors, two allocations per event for each such consumer, and nothing else.
TEST_P(EventAllocations, ConsumersOnTheGeneratedSkeletonAllocateTheirTwoMappingVectors) {
  constexpr std::size_t consumers = 3;
  const std::size_t allocations = allocations_dispatching<SkeletonCountingConsumer>(consumers, counted_events);
  const std::size_t mapping = counted_events * 2 * consumers;
  EXPECT_GE(allocations, mapping);
  EXPECT_LE(allocations, mapping + first_use_of_a_thread)
      << "per event: " << static_cast<double>(allocations) / counted_events;
}

INSTANTIATE_TEST_SUITE_P(Modes, EventAllocations, ::testing::Values("reactive", "pool:1", "priority"),
                         [](const auto& info) {
                           std::string name = info.param;
                           return name.substr(0, name.find(':'));
                         });

}  // namespace
