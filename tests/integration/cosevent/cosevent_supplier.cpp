// cosevent-supplier CHANNEL COUNT: an rtorb push supplier. Connects (nil supplier) to the
// CosEvent channel CHANNEL (an IOR, corbaloc or corbaname URI), pushes CORBA::ULong 1 to
// COUNT as omniEvents' example supplier does, disconnects and prints "pushed COUNT".
#include <rtorb/corba/orb.hpp>

#include <iostream>
#include <string>

#include "CosEventChannelAdminC.h"

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    if (argc != 3) {
      std::cerr << "usage: cosevent-supplier CHANNEL COUNT\n";
      return 2;
    }
    const auto count = static_cast<std::uint32_t>(std::stoul(argv[2]));
    auto channel = IDL::traits<CosEventChannelAdmin::EventChannel>::narrow(orb->string_to_object(argv[1]));
    auto proxy = channel->for_suppliers()->obtain_push_consumer();
    proxy->connect_push_supplier(nullptr);
    for (std::uint32_t i = 1; i <= count; ++i) {
      CORBA::Any event;
      event.insert(i);
      proxy->push(event);
    }
    proxy->disconnect_push_consumer();
    std::cout << "pushed " << count << std::endl;
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "cosevent-supplier: " << e.what() << '\n';
    return 1;
  }
}
