// A consumer of the real-time Event Service: subscribes to a sensor's position and altitude
// events and its end-of-track event (any source), prints each event the channel pushes,
// and disconnects after the end of track. Events of other types never reach it.
//   consumer CHANNEL READY-FILE
// CHANNEL is the EventChannel's reference (IOR:, file://, corbaloc: or corbaname:); the
// consumer writes READY-FILE once it is connected, so a supplier may start.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>

#include "RtecEventChannelAdminC.h"
#include "RtecEventCommS.h"
#include "sensor_events.hpp"

namespace {

class Display final : public CORBA::servant_traits<RtecEventComm::PushConsumer>::base_type {
 public:
  // A oneway: the channel does not wait for it. Called on the ORB's threads.
  void push(const RtecEventComm::EventSet& events) override {
    std::lock_guard lock(mutex_);
    for (const auto& event : events) {
      std::int32_t value = 0;
      event.data().any_value().extract(value);
      std::cout << sensor::name(event.header().type()) << " from source " << event.header().source()
                << ": " << value << std::endl;
      if (event.header().type() == sensor::end_of_track) ended_ = true;
    }
    ended_changed_.notify_all();
  }

  // The channel disconnects us (it is being destroyed): nothing more will come.
  void disconnect_push_consumer() override {
    std::lock_guard lock(mutex_);
    disconnected_ = true;
    ended_changed_.notify_all();
  }

  // True once the end of track arrived; false if the channel went away or time ran out.
  bool wait_for_end(std::chrono::seconds limit) {
    std::unique_lock lock(mutex_);
    ended_changed_.wait_for(lock, limit, [this] { return ended_ || disconnected_; });
    return ended_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ended_changed_;
  bool ended_ = false;
  bool disconnected_ = false;
};

// Any of three types, from any source (source 0 is a wildcard, as type 0 is).
RtecEventChannelAdmin::ConsumerQOS subscription() {
  RtecEventChannelAdmin::ConsumerQOS qos;
  for (std::int32_t type : {sensor::position, sensor::altitude, sensor::end_of_track}) {
    RtecEventChannelAdmin::Dependency dependency;
    dependency.event().header().type(type);
    dependency.event().header().source(0);
    dependency.rt_info(0);  // the rate group (a CORBA priority) in priority dispatching
    qos.dependencies().push_back(dependency);
  }
  return qos;
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 3) {
      std::cerr << "usage: consumer CHANNEL READY-FILE\n";
      return 2;
    }
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();
    std::thread server([orb] { orb->run(); });

    auto channel = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(orb->string_to_object(argv[1]));
    auto display = CORBA::make_reference<Display>();
    auto consumer = IDL::traits<RtecEventComm::PushConsumer>::narrow(root->servant_to_reference(display));
    auto proxy = channel->for_consumers()->obtain_push_supplier();
    proxy->connect_push_consumer(consumer, subscription());
    std::ofstream(argv[2]) << "connected\n";

    const bool ended = display->wait_for_end(std::chrono::seconds(10));  // events arrive in push()
    if (ended) proxy->disconnect_push_supplier();  // the channel forgets this consumer
    orb->shutdown(true);
    server.join();
    orb->destroy();
    if (!ended) std::cerr << "consumer: the channel ended, or no end of track within 10 s\n";
    return ended ? 0 : 1;
  } catch (const CORBA::Exception& e) {
    std::cerr << "consumer: " << e.what() << '\n';
    return 1;
  }
}
