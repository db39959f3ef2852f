// events-test-peer: the clients of the event service's process tests.
//   events-test-peer consumer CHANNEL [--types T,T..] [--conjunction T,T] [--rt-info N]
//     connects, prints "READY", then one line "PUSH t t .." per push received, until SIGTERM
//   events-test-peer supplier CHANNEL T,T.. [--repeat N]
//     connects, pushes the types as one set (N times, 10 ms apart), disconnects, exits 0
//   events-test-peer destroy CHANNEL
//     calls EventChannel::destroy and exits 0
//   events-test-peer probe CHANNEL
//     sends bad input and prints one line per case: "nil_consumer BAD_PARAM <minor>" ...
// CHANNEL is anything string_to_object takes (IOR:, corbaname:).
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "RtecEventChannelAdminS.h"
#include "test_support/stop_signals.hpp"

namespace {

using OrbRef = CORBA::object_reference<CORBA::ORB>;
using ChannelRef = IDL::traits<RtecEventChannelAdmin::EventChannel>::ref_type;

std::vector<std::int32_t> parse_types(const std::string& list) {
  std::vector<std::int32_t> types;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) types.push_back(std::stoi(item));
  return types;
}

RtecEventChannelAdmin::Dependency dependency(std::int32_t type, std::int32_t source, RtecBase::handle_t rt_info) {
  RtecEventChannelAdmin::Dependency d;
  d.event().header().type(type);
  d.event().header().source(source);
  d.rt_info(rt_info);
  return d;
}

class PrintingConsumer final : public CORBA::servant_traits<RtecEventComm::PushConsumer>::base_type {
 public:
  void push(const RtecEventComm::EventSet& data) override {
    std::lock_guard lock(mutex_);
    std::cout << "PUSH";
    for (const auto& e : data) std::cout << ' ' << e.header().type();
    std::cout << std::endl;
  }
  void disconnect_push_consumer() override {}

 private:
  std::mutex mutex_;
};

class QuietSupplier final : public CORBA::servant_traits<RtecEventComm::PushSupplier>::base_type {
 public:
  void disconnect_push_supplier() override {}
};

std::string option(const std::vector<std::string>& args, const std::string& name) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == name) return args[i + 1];
  }
  return {};
}

RtecEventChannelAdmin::ConsumerQOS consumer_qos(const std::vector<std::string>& args) {
  const std::string rt = option(args, "--rt-info");
  const RtecBase::handle_t rt_info = rt.empty() ? 0 : std::stoi(rt);
  RtecEventChannelAdmin::ConsumerQOS qos;
  if (const std::string all = option(args, "--conjunction"); !all.empty()) {
    const auto types = parse_types(all);
    qos.dependencies().push_back(dependency(8, static_cast<std::int32_t>(types.size()), rt_info));
    for (auto type : types) qos.dependencies().push_back(dependency(type, 0, rt_info));
  }
  for (auto type : parse_types(option(args, "--types"))) {
    qos.dependencies().push_back(dependency(type, 0, rt_info));
  }
  return qos;
}

int run_consumer(const OrbRef& orb, const ChannelRef& channel, const std::vector<std::string>& args,
                 const rtorb::test::StopSignals& stop) {
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  auto consumer = IDL::traits<RtecEventComm::PushConsumer>::narrow(
      poa->id_to_reference(poa->activate_object(CORBA::make_reference<PrintingConsumer>())));
  auto proxy = channel->for_consumers()->obtain_push_supplier();
  proxy->connect_push_consumer(consumer, consumer_qos(args));
  std::cout << "READY" << std::endl;
  std::thread server([orb] { orb->run(); });
  stop.wait();
  orb->shutdown(true);
  server.join();
  return 0;
}

int run_supplier(const OrbRef& orb, const ChannelRef& channel, const std::vector<std::string>& args) {
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  auto supplier = IDL::traits<RtecEventComm::PushSupplier>::narrow(
      poa->id_to_reference(poa->activate_object(CORBA::make_reference<QuietSupplier>())));
  auto proxy = channel->for_suppliers()->obtain_push_consumer();
  proxy->connect_push_supplier(supplier, {});
  RtecEventComm::EventSet set;
  for (auto type : parse_types(args.at(3))) {
    RtecEventComm::Event e;
    e.header().type(type);
    e.header().source(1);
    set.push_back(e);
  }
  const std::string repeat = option(args, "--repeat");
  const int times = repeat.empty() ? 1 : std::stoi(repeat);
  for (int i = 0; i < times; ++i) {
    if (i > 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    proxy->push(set);
  }
  proxy->disconnect_push_consumer();
  return 0;
}

template <class F>
void probe_case(const char* name, F attempt) {
  try {
    attempt();
    std::cout << name << " accepted" << std::endl;
  } catch (const CORBA::SystemException& e) {
    std::cout << name << ' ' << e._name() << " 0x" << std::hex << e.minor() << std::dec << std::endl;
  } catch (const CORBA::UserException& e) {
    std::cout << name << ' ' << e._name() << std::endl;
  }
}

int run_probe(const OrbRef& orb, const ChannelRef& channel) {
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  auto consumer = IDL::traits<RtecEventComm::PushConsumer>::narrow(
      poa->id_to_reference(poa->activate_object(CORBA::make_reference<PrintingConsumer>())));
  RtecEventChannelAdmin::ConsumerQOS good;
  good.dependencies().push_back(dependency(20, 0, 0));
  RtecEventChannelAdmin::ConsumerQOS malformed;
  malformed.dependencies().push_back(dependency(9, 4, 0));  // a disjunction of 4, none follow
  auto admin = channel->for_consumers();
  probe_case("nil_consumer", [&] { admin->obtain_push_supplier()->connect_push_consumer(nullptr, good); });
  probe_case("malformed_qos", [&] { admin->obtain_push_supplier()->connect_push_consumer(consumer, malformed); });
  auto proxy = admin->obtain_push_supplier();
  proxy->connect_push_consumer(consumer, good);
  probe_case("second_connect", [&] { proxy->connect_push_consumer(consumer, good); });
  proxy->disconnect_push_supplier();
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  const rtorb::test::StopSignals stop;
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const std::vector<std::string> args(argv, argv + argc);
    if (args.size() < 3) {
      std::cerr << "usage: events-test-peer consumer|supplier|probe CHANNEL ...\n";
      return 2;
    }
    auto channel = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(orb->string_to_object(args[2]));
    int status = 2;
    if (args[1] == "consumer") status = run_consumer(orb, channel, args, stop);
    if (args[1] == "supplier") status = run_supplier(orb, channel, args);
    if (args[1] == "probe") status = run_probe(orb, channel);
    if (args[1] == "destroy") {
      channel->destroy();
      status = 0;
    }
    orb->destroy();
    return status;
  } catch (const CORBA::Exception& e) {
    std::cerr << "events-test-peer: " << e.what() << '\n';
    return 1;
  }
}
