// cosevent-consumer CHANNEL COUNT [--pull]: an rtorb consumer of the CosEvent channel
// CHANNEL. Prints "ready" once connected, then "event V" for each CORBA::ULong V it gets
// ("event ?" for an any holding something else), and exits 0 after COUNT events (having
// disconnected). A push consumer by default; --pull pulls instead.
#include <rtorb/corba/orb.hpp>
#include <rtorb/poa/poa.hpp>

#include <condition_variable>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <chrono>

#include "CosEventChannelAdminS.h"

namespace {

void print(const CORBA::Any& event) {
  std::uint32_t value = 0;
  if (event.extract(value)) {
    std::cout << "event " << value << std::endl;
  } else {
    std::cout << "event ?" << std::endl;
  }
}

class Consumer final : public CORBA::servant_traits<CosEventComm::PushConsumer>::base_type {
 public:
  explicit Consumer(std::uint32_t count) : left_(count) {}
  void push(const CORBA::Any& data) override {
    std::lock_guard lock(mutex_);
    if (left_ == 0) return;
    print(data);
    if (--left_ == 0) done_.notify_all();
  }
  void disconnect_push_consumer() override {
    std::lock_guard lock(mutex_);
    std::cout << "disconnected" << std::endl;
    left_ = 0;
    done_.notify_all();
  }
  void wait() {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return left_ == 0; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable done_;
  std::uint32_t left_;  // guarded by mutex_
};

void push_mode(const CORBA::object_reference<CORBA::ORB>& orb,
               const IDL::traits<CosEventChannelAdmin::EventChannel>::ref_type& channel,
               std::uint32_t count) {
  auto poa = IDL::traits<PortableServer::POA>::narrow(orb->resolve_initial_references("RootPOA"));
  poa->the_POAManager()->activate();
  auto servant = CORBA::make_reference<Consumer>(count);
  auto consumer = IDL::traits<CosEventComm::PushConsumer>::narrow(poa->servant_to_reference(servant));
  auto proxy = channel->for_consumers()->obtain_push_supplier();
  proxy->connect_push_consumer(consumer);
  std::cout << "ready" << std::endl;
  servant->wait();
  try {
    proxy->disconnect_push_supplier();
  } catch (const CORBA::Exception&) {
    // The channel disconnected us first.
  }
}

// omniEvents' pull() does not wait: with nothing queued it raises TRANSIENT (COMPLETED_NO)
// and leaves the waiting to omniORB's clients, which retry TRANSIENT. rtorb retries no
// call by itself, so this consumer does, after a pause.
CORBA::Any pull_one(const IDL::traits<CosEventChannelAdmin::ProxyPullSupplier>::ref_type& proxy) {
  for (;;) {
    try {
      return proxy->pull();
    } catch (const CORBA::TRANSIENT& e) {
      if (e.completed() != CORBA::CompletionStatus::COMPLETED_NO) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
}

void pull_mode(const IDL::traits<CosEventChannelAdmin::EventChannel>::ref_type& channel,
               std::uint32_t count) {
  auto proxy = channel->for_consumers()->obtain_pull_supplier();
  proxy->connect_pull_consumer(nullptr);
  std::cout << "ready" << std::endl;
  for (std::uint32_t i = 0; i < count; ++i) print(pull_one(proxy));
  proxy->disconnect_pull_supplier();
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    auto orb = CORBA::ORB_init(argc, argv);
    const bool pull = argc == 4 && std::string(argv[3]) == "--pull";
    if (argc != 3 && !pull) {
      std::cerr << "usage: cosevent-consumer CHANNEL COUNT [--pull] [ORB options]\n";
      return 2;
    }
    const auto count = static_cast<std::uint32_t>(std::stoul(argv[2]));
    auto channel = IDL::traits<CosEventChannelAdmin::EventChannel>::narrow(orb->string_to_object(argv[1]));
    if (pull) {
      pull_mode(channel, count);
    } else {
      push_mode(orb, channel, count);
    }
    orb->destroy();
    return 0;
  } catch (const CORBA::Exception& e) {
    std::cerr << "cosevent-consumer: " << e.what() << '\n';
    return 1;
  }
}
