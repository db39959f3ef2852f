// omniORB peer standing in for omniEvents' example push supplier (pushsupp, in its sources
// but not in Debian's packages): built on omniEvents' own CosEvent stubs, it pushes
// CORBA::ULong 1 to COUNT to the channel CHANNEL (an IOR or corbaloc URI) as pushsupp does,
// disconnects and prints "pushed COUNT".
//
//   omni-cos-supplier CHANNEL COUNT [-ORB options]
#include <omniORB4/CORBA.h>

#include <cstdio>
#include <cstdlib>

#include <omniEvents/CosEventChannelAdmin.hh>

int main(int argc, char* argv[]) {
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    if (argc != 3) {
      std::fprintf(stderr, "usage: omni-cos-supplier CHANNEL COUNT [-ORB options]\n");
      return 2;
    }
    const CORBA::ULong count = static_cast<CORBA::ULong>(std::strtoul(argv[2], nullptr, 10));
    CORBA::Object_var object = orb->string_to_object(argv[1]);
    CosEventChannelAdmin::EventChannel_var channel = CosEventChannelAdmin::EventChannel::_narrow(object);
    CosEventChannelAdmin::SupplierAdmin_var admin = channel->for_suppliers();
    CosEventChannelAdmin::ProxyPushConsumer_var proxy = admin->obtain_push_consumer();
    proxy->connect_push_supplier(CosEventComm::PushSupplier::_nil());
    for (CORBA::ULong i = 1; i <= count; ++i) {
      CORBA::Any event;
      event <<= i;
      proxy->push(event);
    }
    proxy->disconnect_push_consumer();
    std::printf("pushed %lu\n", static_cast<unsigned long>(count));
    std::fflush(stdout);
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "omni-cos-supplier: %s\n", e._name());
    return 1;
  }
}
