// A supplier of the real-time Event Service: connects to the channel, pushes one EventSet
// of four sensor events (source 7, a value in each event's any), and disconnects.
//   supplier CHANNEL
// CHANNEL is the EventChannel's reference (IOR:, file://, corbaloc: or corbaname:).
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <cstdint>
#include <iostream>

#include "RtecEventChannelAdminC.h"
#include "RtecEventCommS.h"
#include "sensor_events.hpp"

namespace {

// The channel calls it when it is destroyed; a supplier may then stop pushing.
class Sensor final : public CORBA::servant_traits<RtecEventComm::PushSupplier>::base_type {
 public:
  void disconnect_push_supplier() override {}
};

RtecEventComm::Event event(std::int32_t type, std::int32_t value) {
  RtecEventComm::Event event;
  event.header().type(type);
  event.header().source(7);
  event.data().any_value().insert(value);
  return event;
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 2) {
      std::cerr << "usage: supplier CHANNEL\n";
      return 2;
    }
    auto root = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
    root->the_POAManager()->activate();

    auto channel = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(orb->string_to_object(argv[1]));
    auto sensor = IDL::traits<RtecEventComm::PushSupplier>::narrow(
        root->servant_to_reference(CORBA::make_reference<Sensor>()));
    auto proxy = channel->for_suppliers()->obtain_push_consumer();
    proxy->connect_push_supplier(sensor, {});  // an empty SupplierQOS: publishes anything

    RtecEventComm::EventSet events{event(sensor::position, 5214), event(sensor::altitude, 1200),
                                   event(sensor::fuel, 73), event(sensor::end_of_track, 0)};
    proxy->push(events);               // a oneway: returns once the request is sent
    proxy->disconnect_push_consumer(); // the same connection, so it follows the push
    std::cout << "pushed " << events.size() << " events" << std::endl;
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "supplier: " << e.what() << '\n';
    return 1;
  }
}
