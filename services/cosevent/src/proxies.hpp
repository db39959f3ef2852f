// The four proxies of the channel, one servant per connection. Each lives idle (obtained),
// then connected (one connect_ call), then disconnected for good: by its peer, by the
// channel's destroy, or by a failed call to its peer (counted and logged).
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "CosEventChannelAdminS.h"
#include "channel_core.hpp"
#include "event_queue.hpp"

namespace rtorb::cosevent {

// What the four proxies share: the state and the rules of its changes.
class ProxyBase : public ProxyLink {
 protected:
  enum class State { idle, connected, disconnected };

  explicit ProxyBase(const std::shared_ptr<ChannelCore>& core) : core_(core) {}
  // Raises AlreadyConnected when connected, OBJECT_NOT_EXIST once disconnected.
  void require_idle_locked() const;  // requires mutex_
  // Whether the proxy was connected; it is disconnected afterwards either way, and retired.
  bool end();
  std::shared_ptr<ChannelCore> core() const;  // OBJECT_NOT_EXIST once the channel is gone

  std::weak_ptr<ChannelCore> core_;
  mutable std::mutex mutex_;
  std::atomic<State> state_{State::idle};  // changed under mutex_, read without it
};

// What a push supplier pushes to: each event goes to every consumer's queue.
class PushConsumerProxy final
    : public CORBA::servant_traits<CosEventChannelAdmin::ProxyPushConsumer>::base_type,
      public ProxyBase {
 public:
  explicit PushConsumerProxy(const std::shared_ptr<ChannelCore>& core) : ProxyBase(core) {}
  void connect_push_supplier(const IDL::traits<CosEventComm::PushSupplier>::ref_type& supplier) override;
  void push(const CORBA::Any& data) override;  // Disconnected unless connected
  void disconnect_push_consumer() override;
  void shut(bool tell_peer) override;

 private:
  IDL::traits<CosEventComm::PushSupplier>::ref_type supplier_;  // guarded by mutex_; may be nil
};

// Pushes to one push consumer from a dispatcher thread of its own, through its own queue.
class PushSupplierProxy final
    : public CORBA::servant_traits<CosEventChannelAdmin::ProxyPushSupplier>::base_type,
      public ProxyBase {
 public:
  explicit PushSupplierProxy(const std::shared_ptr<ChannelCore>& core) : ProxyBase(core) {}
  // BAD_PARAM bad_param_nil_push_consumer for nil.
  void connect_push_consumer(const IDL::traits<CosEventComm::PushConsumer>::ref_type& consumer) override;
  void disconnect_push_supplier() override;
  void shut(bool tell_peer) override;

 private:
  void dispatch(const std::shared_ptr<EventQueue>& queue,
                const IDL::traits<CosEventComm::PushConsumer>::ref_type& consumer);

  IDL::traits<CosEventComm::PushConsumer>::ref_type consumer_;  // guarded by mutex_
  std::shared_ptr<EventQueue> queue_;                            // guarded by mutex_
};

// What a pull consumer pulls from: its own queue.
class PullSupplierProxy final
    : public CORBA::servant_traits<CosEventChannelAdmin::ProxyPullSupplier>::base_type,
      public ProxyBase {
 public:
  explicit PullSupplierProxy(const std::shared_ptr<ChannelCore>& core) : ProxyBase(core) {}
  void connect_pull_consumer(const IDL::traits<CosEventComm::PullConsumer>::ref_type& consumer) override;
  // Waits for an event (holding a server thread); Disconnected unless connected, or when
  // the proxy is disconnected meanwhile.
  CORBA::Any pull() override;
  CORBA::Any try_pull(bool& has_event) override;
  void disconnect_pull_supplier() override;
  void shut(bool tell_peer) override;

 private:
  std::shared_ptr<EventQueue> connected_queue() const;  // Disconnected unless connected

  IDL::traits<CosEventComm::PullConsumer>::ref_type consumer_;  // guarded by mutex_; may be nil
  std::shared_ptr<EventQueue> queue_;                            // guarded by mutex_
};

// Pulls from one pull supplier on a poller thread of its own: try_pull, and a pause of
// options().pull_period when it had nothing.
class PullConsumerProxy final
    : public CORBA::servant_traits<CosEventChannelAdmin::ProxyPullConsumer>::base_type,
      public ProxyBase {
 public:
  explicit PullConsumerProxy(const std::shared_ptr<ChannelCore>& core) : ProxyBase(core) {}
  // BAD_PARAM bad_param_nil_pull_supplier for nil.
  void connect_pull_supplier(const IDL::traits<CosEventComm::PullSupplier>::ref_type& supplier) override;
  void disconnect_pull_consumer() override;
  void shut(bool tell_peer) override;

 private:
  void poll(const IDL::traits<CosEventComm::PullSupplier>::ref_type& supplier);

  IDL::traits<CosEventComm::PullSupplier>::ref_type supplier_;  // guarded by mutex_
  std::condition_variable wake_;  // the poller's pause ends early on shut
};

}  // namespace rtorb::cosevent
