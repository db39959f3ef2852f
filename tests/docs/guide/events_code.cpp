// docs/guide/events.md's snippets that are not in examples/events (the page's supplier and
// consumer are that example's code, compiled and run by tests/integration/events): the
// channel in the application's own process, a consumer that receives without allocating,
// the filter groups, a heartbeat and a reconnect after the channel restarted.
#include <rtorb/corba/orb.hpp>
#include <rtorb/events/event_channel.hpp>
#include <rtorb/events/filter.hpp>
#include <rtorb/events/push_consumer_servant.hpp>
#include <rtorb/poa/poa.hpp>

#include <atomic>
#include <cstdint>
#include <iostream>

#include "RtecEventChannelAdminC.h"
#include "RtecEventCommS.h"

namespace guide::events {

using ConsumerRef = IDL::traits<RtecEventComm::PushConsumer>::ref_type;
using ProxySupplierRef = IDL::traits<RtecEventChannelAdmin::ProxyPushSupplier>::ref_type;

void use(const rtorb::events::ChannelStatistics&) {}

// "Receiving without allocating".
class Gauge final : public rtorb::events::PushConsumerServant {  // instead of servant_traits<...>::base_type
 public:
  void push(const RtecEventComm::EventSet& events) override {  // `events` lives until push returns
    for (const auto& event : events) latest_ = event.header().type();
  }
  void disconnect_push_consumer() override {}

 private:
  std::atomic<std::int32_t> latest_{0};
};

// "The channel in your own process".
void channel_in_process(int argc, char* argv[]) {
  auto orb = CORBA::ORB_init(argc, argv);
  auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  rtorb::events::ChannelOptions options;
  options.dispatching.mode = rtorb::events::DispatchingMode::priority;  // a queue and thread per rate group
  options.dispatching.full_policy = rtorb::events::FullPolicy::drop_oldest;
  rtorb::events::EventChannel channel(orb, root, options);
  root->the_POAManager()->activate();
  std::cout << orb->object_to_string(channel.reference()) << '\n';  // what rtorb-event-service publishes
  use(channel.statistics());                                        // per queue: in, dispatched, dropped...
  orb->run();
}

RtecEventChannelAdmin::Dependency entry(std::int32_t type, std::int32_t source) {
  RtecEventChannelAdmin::Dependency dependency;
  dependency.event().header().type(type);
  dependency.event().header().source(source);
  return dependency;
}

// "Filters": a conjunction of two types, then a type from one source.
RtecEventChannelAdmin::ConsumerQOS conjunction() {
  namespace type = rtorb::events::event_type;
  RtecEventChannelAdmin::ConsumerQOS qos;
  auto& list = qos.dependencies();
  list.push_back(entry(type::conjunction_designator, 2));  // a group of the 2 entries that follow:
  list.push_back(entry(20, 0));                             //   a position event
  list.push_back(entry(21, 0));                             //   and an altitude event, pushed together
  list.push_back(entry(22, 7));                             // or a fuel event from source 7 alone
  return qos;
}

// "When the channel restarts": a heartbeat every second.
RtecEventChannelAdmin::ConsumerQOS with_heartbeat(RtecEventChannelAdmin::ConsumerQOS qos) {
  RtecEventChannelAdmin::Dependency heartbeat;
  heartbeat.event().header().type(rtorb::events::event_type::interval_timeout);
  heartbeat.event().header().creation_time(10'000'000);  // the period in 100 ns units: 1 s
  qos.dependencies().push_back(heartbeat);
  return qos;
}

// "When the channel restarts": connect again through the stable corbaloc key.
ProxySupplierRef reconnect(const CORBA::object_reference<CORBA::ORB>& orb, const ConsumerRef& consumer,
                           const RtecEventChannelAdmin::ConsumerQOS& qos) {
  auto channel = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(
      orb->string_to_object("corbaloc::127.0.0.1:5000/EventService"));
  auto proxy = channel->for_consumers()->obtain_push_supplier();
  proxy->connect_push_consumer(consumer, qos);
  return proxy;
}

// "When the channel restarts": ask the proxy.
void check(const CORBA::object_reference<CORBA::ORB>& orb, ProxySupplierRef& proxy, const ConsumerRef& consumer,
           const RtecEventChannelAdmin::ConsumerQOS& qos) {
  if (proxy->_non_existent()) proxy = reconnect(orb, consumer, qos);
}

}  // namespace guide::events
