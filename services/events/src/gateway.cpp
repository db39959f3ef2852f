// The gateway: an observer of the far channel, a consumer of the near one, a supplier of
// the far one, and a thread that replaces the near subscription when the far one changes
// (off the observer's upcall, so the far channel's connect never waits on the near one).
#include <rtorb/events/gateway.hpp>
#include <rtorb/events/push_consumer_servant.hpp>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "RtecEventChannelAdminS.h"

namespace rtorb::events {

using ProxySupplierRef = IDL::traits<RtecEventChannelAdmin::ProxyPushSupplier>::ref_type;
using ProxyConsumerRef = IDL::traits<RtecEventChannelAdmin::ProxyPushConsumer>::ref_type;

class GatewayCore : public std::enable_shared_from_this<GatewayCore> {
 public:
  GatewayCore(IDL::traits<PortableServer::POA>::ref_type poa, Gateway::ChannelRef from, Gateway::ChannelRef to)
      : poa_(std::move(poa)), from_(std::move(from)), to_(std::move(to)) {}
  void start();
  void stop();
  void forward(const RtecEventComm::EventSet& events);
  void subscriptions_changed(const RtecEventChannelAdmin::ConsumerQOS& union_of_far);
  GatewayStatistics statistics() const {
    return {forwarded_.load(), changes_.load(), entries_.load(), failures_.load()};
  }

 private:
  void run();
  void resubscribe(RtecEventChannelAdmin::ConsumerQOS qos);
  template <class T, class S>
  typename IDL::traits<T>::ref_type activate(const CORBA::servant_reference<S>& servant) {
    oids_.push_back(poa_->activate_object(servant));
    return IDL::traits<T>::narrow(poa_->id_to_reference(oids_.back()));
  }

  IDL::traits<PortableServer::POA>::ref_type poa_;
  Gateway::ChannelRef from_;
  Gateway::ChannelRef to_;
  std::vector<PortableServer::ObjectId> oids_;
  IDL::traits<RtecEventComm::PushConsumer>::ref_type consumer_;
  ProxyConsumerRef far_proxy_;          // set in start(), read by forward()
  ProxySupplierRef near_proxy_;         // the gateway thread's alone
  std::optional<RtecEventChannelAdmin::Observer_Handle> observer_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::optional<RtecEventChannelAdmin::ConsumerQOS> pending_;
  bool stopping_ = false;
  std::thread thread_;
  std::atomic<std::uint64_t> forwarded_{0};
  std::atomic<std::uint64_t> changes_{0};
  std::atomic<std::uint64_t> entries_{0};
  std::atomic<std::uint64_t> failures_{0};
};

namespace {

// Receives into the thread's kept set (PushConsumerServant): forwarding allocates nothing.
class ForwardingConsumer final : public PushConsumerServant {
 public:
  explicit ForwardingConsumer(std::weak_ptr<GatewayCore> core) : core_(std::move(core)) {}
  void push(const RtecEventComm::EventSet& data) override {
    if (auto core = core_.lock()) core->forward(data);
  }
  void disconnect_push_consumer() override {}

 private:
  std::weak_ptr<GatewayCore> core_;
};

class GatewaySupplier final : public CORBA::servant_traits<RtecEventComm::PushSupplier>::base_type {
 public:
  void disconnect_push_supplier() override {}
};

class GatewayObserver final : public CORBA::servant_traits<RtecEventChannelAdmin::Observer>::base_type {
 public:
  explicit GatewayObserver(std::weak_ptr<GatewayCore> core) : core_(std::move(core)) {}
  void update_consumer(const RtecEventChannelAdmin::ConsumerQOS& sub) override {
    if (auto core = core_.lock()) core->subscriptions_changed(sub);
  }
  void update_supplier(const RtecEventChannelAdmin::SupplierQOS&) override {}

 private:
  std::weak_ptr<GatewayCore> core_;
};

}  // namespace

void GatewayCore::start() {
  thread_ = std::thread([this] { run(); });
  consumer_ = activate<RtecEventComm::PushConsumer>(CORBA::make_reference<ForwardingConsumer>(weak_from_this()));
  auto supplier = activate<RtecEventComm::PushSupplier>(CORBA::make_reference<GatewaySupplier>());
  auto far_proxy = to_->for_suppliers()->obtain_push_consumer();
  RtecEventChannelAdmin::SupplierQOS qos;
  qos.is_gateway(true);
  far_proxy->connect_push_supplier(supplier, qos);
  {
    std::lock_guard lock(mutex_);
    far_proxy_ = far_proxy;
  }
  observer_ = to_->append_observer(
      activate<RtecEventChannelAdmin::Observer>(CORBA::make_reference<GatewayObserver>(weak_from_this())));
}

void GatewayCore::forward(const RtecEventComm::EventSet& events) {
  ProxyConsumerRef proxy;
  {
    std::lock_guard lock(mutex_);
    proxy = far_proxy_;
  }
  if (!proxy) return;
  try {
    proxy->push(events);
    forwarded_.fetch_add(events.size());
  } catch (const CORBA::Exception&) {
    failures_.fetch_add(1);
  }
}

void GatewayCore::subscriptions_changed(const RtecEventChannelAdmin::ConsumerQOS& union_of_far) {
  {
    std::lock_guard lock(mutex_);
    pending_ = union_of_far;
  }
  changed_.notify_one();
}

void GatewayCore::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return stopping_ || pending_; });
    if (stopping_) return;
    auto qos = std::move(*pending_);
    pending_.reset();
    lock.unlock();
    resubscribe(std::move(qos));
    lock.lock();
  }
}

// Replaces the near subscription: the old proxy goes, a new one takes the far union (none
// when the far channel has no consumers).
void GatewayCore::resubscribe(RtecEventChannelAdmin::ConsumerQOS qos) {
  try {
    if (near_proxy_) near_proxy_->disconnect_push_supplier();
    near_proxy_ = nullptr;
    if (!qos.dependencies().empty()) {
      qos.is_gateway(true);
      auto proxy = from_->for_consumers()->obtain_push_supplier();
      proxy->connect_push_consumer(consumer_, qos);
      near_proxy_ = proxy;
    }
    entries_.store(qos.dependencies().size());
    changes_.fetch_add(1);  // counted once in force, so a caller may push after seeing it
  } catch (const CORBA::Exception&) {
    failures_.fetch_add(1);
  }
}

void GatewayCore::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
  auto quietly = [this](auto call) {
    try {
      call();
    } catch (const CORBA::Exception&) {
      failures_.fetch_add(1);
    }
  };
  if (observer_) quietly([&] { to_->remove_observer(*observer_); });
  if (near_proxy_) quietly([&] { near_proxy_->disconnect_push_supplier(); });
  if (far_proxy_) quietly([&] { far_proxy_->disconnect_push_consumer(); });
  for (const auto& oid : oids_) quietly([&] { poa_->deactivate_object(oid); });
}

Gateway::Gateway(IDL::traits<PortableServer::POA>::ref_type poa, ChannelRef from, ChannelRef to)
    : core_(std::make_shared<GatewayCore>(std::move(poa), std::move(from), std::move(to))) {
  try {
    core_->start();
  } catch (...) {
    core_->stop();
    throw;
  }
}

Gateway::~Gateway() { core_->stop(); }

GatewayStatistics Gateway::statistics() const { return core_->statistics(); }

}  // namespace rtorb::events
