// omniORB peer standing in for omniEvents' example push consumer (pushcons, in its sources
// but not in Debian's packages): built on omniEvents' own CosEvent stubs, it connects a push
// consumer to CHANNEL, prints "ready", then "event V" for each any holding a CORBA::ULong V
// ("event ?" for anything else: the TypeCode must survive the channel), and after COUNT
// events disconnects and exits 0. SIGTERM ends it early.
//
//   omni-cos-consumer CHANNEL COUNT [-ORBendPoint giop:tcp:127.0.0.1:] [-ORB options]
#include <omniORB4/CORBA.h>

#include <cstdio>
#include <cstdlib>

#include <omniEvents/CosEventChannelAdmin.hh>

namespace {

omni_mutex done_mutex;
omni_condition done(&done_mutex);
CORBA::ULong left = 0;  // guarded by done_mutex

class Consumer final : public POA_CosEventComm::PushConsumer {
 public:
  void push(const CORBA::Any& data) override {
    omni_mutex_lock lock(done_mutex);
    if (left == 0) return;
    CORBA::ULong value = 0;
    if (data >>= value) {
      std::printf("event %lu\n", static_cast<unsigned long>(value));
    } else {
      std::printf("event ?\n");
    }
    std::fflush(stdout);
    if (--left == 0) done.broadcast();
  }
  void disconnect_push_consumer() override {
    omni_mutex_lock lock(done_mutex);
    std::printf("disconnected\n");
    std::fflush(stdout);
    left = 0;
    done.broadcast();
  }
};

}  // namespace

int main(int argc, char* argv[]) {
  try {
    CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
    if (argc != 3) {
      std::fprintf(stderr, "usage: omni-cos-consumer CHANNEL COUNT [-ORB options]\n");
      return 2;
    }
    left = static_cast<CORBA::ULong>(std::strtoul(argv[2], nullptr, 10));
    CORBA::Object_var poa_object = orb->resolve_initial_references("RootPOA");
    PortableServer::POA_var poa = PortableServer::POA::_narrow(poa_object);
    poa->the_POAManager()->activate();
    Consumer* servant = new Consumer;
    PortableServer::ObjectId_var id = poa->activate_object(servant);
    CORBA::Object_var consumer_object = poa->id_to_reference(id);
    CosEventComm::PushConsumer_var consumer = CosEventComm::PushConsumer::_narrow(consumer_object);

    CORBA::Object_var object = orb->string_to_object(argv[1]);
    CosEventChannelAdmin::EventChannel_var channel = CosEventChannelAdmin::EventChannel::_narrow(object);
    CosEventChannelAdmin::ConsumerAdmin_var admin = channel->for_consumers();
    CosEventChannelAdmin::ProxyPushSupplier_var proxy = admin->obtain_push_supplier();
    proxy->connect_push_consumer(consumer);
    std::printf("ready\n");
    std::fflush(stdout);
    {
      omni_mutex_lock lock(done_mutex);
      while (left > 0) done.wait();
    }
    try {
      proxy->disconnect_push_supplier();
    } catch (const CORBA::Exception&) {
      // The channel disconnected us first.
    }
    servant->_remove_ref();
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::fprintf(stderr, "omni-cos-consumer: %s\n", e._name());
    return 1;
  }
}
