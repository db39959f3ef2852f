// An event channel in one ORB and its clients (consumers, suppliers) in another, over
// loopback, for the event service's in-process tests.
#pragma once

#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>

#include <rtorb/events/event_channel.hpp>
#include <rtorb/poa/poa.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "RtecEventChannelAdminS.h"
#include "qos_builder.hpp"

namespace events_test {

using namespace std::chrono_literals;
using ChannelRef = IDL::traits<RtecEventChannelAdmin::EventChannel>::ref_type;
using ConsumerRef = IDL::traits<RtecEventComm::PushConsumer>::ref_type;
using SupplierRef = IDL::traits<RtecEventComm::PushSupplier>::ref_type;
using PoaRef = IDL::traits<PortableServer::POA>::ref_type;

inline CORBA::object_reference<CORBA::ORB> make_orb(const std::string& name, int threads) {
  static std::atomic<int> counter{0};
  std::vector<std::string> args{"events_test", "-ORBServerThreads", std::to_string(threads),
                                "-ORBEndpoint", "iiop://127.0.0.1:0"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  return CORBA::ORB_init(argc, argv.data(), name + std::to_string(counter++));
}

inline PoaRef active_root_poa(const CORBA::object_reference<CORBA::ORB>& orb) {
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  return poa;
}

// Records what it is pushed, and the OS scheduling of the thread that ran each push.
class Consumer final : public CORBA::servant_traits<RtecEventComm::PushConsumer>::base_type {
 public:
  void push(const RtecEventComm::EventSet& data) override {
    int policy = 0;
    sched_param param{};
    pthread_getschedparam(pthread_self(), &policy, &param);
    std::lock_guard lock(mutex_);
    sets_.push_back(data);
    for (const auto& e : data) events_.push_back(e);
    os_policy_ = policy;
    os_priority_ = param.sched_priority;
    changed_.notify_all();
  }
  void disconnect_push_consumer() override { disconnected = true; }

  // Waits (at most 20 s) for an event of `type`; false if none came.
  bool wait_for_type(std::int32_t type) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, 20s, [&] {
      for (const auto& e : events_) {
        if (e.header().type() == type) return true;
      }
      return false;
    });
  }
  std::vector<std::int32_t> types() {
    std::lock_guard lock(mutex_);
    std::vector<std::int32_t> out;
    for (const auto& e : events_) out.push_back(e.header().type());
    return out;
  }
  std::vector<RtecEventComm::EventSet> sets() {
    std::lock_guard lock(mutex_);
    return sets_;
  }
  std::pair<int, int> os_scheduling() {
    std::lock_guard lock(mutex_);
    return {os_policy_, os_priority_};
  }
  std::atomic<bool> disconnected{false};

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<RtecEventComm::Event> events_;
  std::vector<RtecEventComm::EventSet> sets_;
  int os_policy_ = -1;
  int os_priority_ = -1;
};

class Supplier final : public CORBA::servant_traits<RtecEventComm::PushSupplier>::base_type {
 public:
  void disconnect_push_supplier() override { disconnected = true; }
  std::atomic<bool> disconnected{false};
};

template <class T, class S>
typename IDL::traits<T>::ref_type activate(const PoaRef& poa, const CORBA::servant_reference<S>& servant) {
  return IDL::traits<T>::narrow(poa->id_to_reference(poa->activate_object(servant)));
}

inline RtecEventChannelAdmin::SupplierQOS supplier_qos() { return {}; }

// The channel in its own ORB, a client ORB, and helpers to connect through the channel's
// references as a remote client would.
class ChannelTest : public ::testing::Test {
 protected:
  void start(rtorb::events::DispatchingOptions dispatching = {},
             std::chrono::milliseconds push_timeout = std::chrono::milliseconds(1000)) {
    server_orb_ = make_orb("events-server", 4);
    client_orb_ = make_orb("events-client", 1);
    server_poa_ = active_root_poa(server_orb_);
    client_poa_ = active_root_poa(client_orb_);
    rtorb::events::ChannelOptions options;
    options.dispatching = dispatching;
    options.push_timeout = push_timeout;
    options.log = [this](const std::string& line) {
      std::lock_guard lock(log_mutex_);
      log_.push_back(line);
    };
    channel_ = std::make_unique<rtorb::events::EventChannel>(server_orb_, server_poa_, options);
    // The client sees the channel through a stringified reference, as a remote one would.
    remote_ = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(
        client_orb_->string_to_object(server_orb_->object_to_string(channel_->reference())));
  }
  void TearDown() override {
    channel_.reset();
    if (client_orb_) client_orb_->destroy();
    if (server_orb_) server_orb_->destroy();
  }

  struct Connected {
    CORBA::servant_reference<Consumer> servant;
    IDL::traits<RtecEventChannelAdmin::ProxyPushSupplier>::ref_type proxy;
  };
  Connected connect_consumer(const RtecEventChannelAdmin::ConsumerQOS& q, const PoaRef& poa = nullptr) {
    Connected c{CORBA::make_reference<Consumer>(), remote_->for_consumers()->obtain_push_supplier()};
    c.proxy->connect_push_consumer(activate<RtecEventComm::PushConsumer>(poa ? poa : client_poa_, c.servant), q);
    return c;
  }
  IDL::traits<RtecEventChannelAdmin::ProxyPushConsumer>::ref_type connect_supplier() {
    auto proxy = remote_->for_suppliers()->obtain_push_consumer();
    supplier_ = CORBA::make_reference<Supplier>();
    proxy->connect_push_supplier(activate<RtecEventComm::PushSupplier>(client_poa_, supplier_), supplier_qos());
    return proxy;
  }
  static RtecEventComm::EventSet events(std::initializer_list<std::int32_t> types) {
    RtecEventComm::EventSet set;
    for (std::int32_t type : types) set.push_back(event(type, 1));
    return set;
  }
  std::vector<std::string> log() {
    std::lock_guard lock(log_mutex_);
    return log_;
  }

  CORBA::object_reference<CORBA::ORB> server_orb_;
  CORBA::object_reference<CORBA::ORB> client_orb_;
  PoaRef server_poa_;
  PoaRef client_poa_;
  std::unique_ptr<rtorb::events::EventChannel> channel_;
  ChannelRef remote_;
  CORBA::servant_reference<Supplier> supplier_;
  std::mutex log_mutex_;
  std::vector<std::string> log_;
};

}  // namespace events_test
