// The pull proxies: a pull consumer pulls from its own queue; a pull supplier is polled by
// a thread of its own, with the channel's call timeout.
#include <rtorb/corba/raise.hpp>
#include <rtorb/cosevent/minor_code.hpp>

#include "proxies.hpp"

namespace rtorb::cosevent {

void PullSupplierProxy::connect_pull_consumer(
    const IDL::traits<CosEventComm::PullConsumer>::ref_type& consumer) {
  auto channel = core();
  std::lock_guard lock(mutex_);
  require_idle_locked();
  // A nil consumer is allowed (specification 2.2.2): it is then never told of a disconnect.
  if (consumer) {
    consumer_ = IDL::traits<CosEventComm::PullConsumer>::narrow(channel->timed(consumer));
  }
  queue_ = std::make_shared<EventQueue>(channel->options().queue_length,
                                        channel->options().full_policy);
  state_ = State::connected;
  channel->subscribe(queue_);
}

std::shared_ptr<EventQueue> PullSupplierProxy::connected_queue() const {
  std::lock_guard lock(mutex_);
  if (state_ != State::connected) throw CosEventComm::Disconnected();
  return queue_;
}

CORBA::Any PullSupplierProxy::pull() {
  const std::shared_ptr<EventQueue> queue = connected_queue();
  std::optional<CORBA::Any> event = queue->pop();
  if (!event) throw CosEventComm::Disconnected();
  if (auto channel = core_.lock()) channel->count_delivered();
  return std::move(*event);
}

CORBA::Any PullSupplierProxy::try_pull(bool& has_event) {
  const std::shared_ptr<EventQueue> queue = connected_queue();
  std::optional<CORBA::Any> event = queue->try_pop();
  has_event = event.has_value();
  if (!event) {
    if (queue->closed()) throw CosEventComm::Disconnected();
    return {};
  }
  if (auto channel = core_.lock()) channel->count_delivered();
  return std::move(*event);
}

void PullSupplierProxy::disconnect_pull_supplier() { shut(false); }

void PullSupplierProxy::shut(bool tell_peer) {
  IDL::traits<CosEventComm::PullConsumer>::ref_type consumer;
  std::shared_ptr<EventQueue> queue;
  {
    std::lock_guard lock(mutex_);
    consumer = std::move(consumer_);
    queue = std::move(queue_);
    if (!end()) return;
  }
  if (auto channel = core_.lock()) channel->unsubscribe(queue);
  queue->close();  // wakes a pull in progress, which raises Disconnected
  if (!tell_peer || !consumer) return;
  try {
    consumer->disconnect_pull_consumer();
  } catch (const CORBA::Exception&) {
    // The consumer is gone already: nothing is owed to it.
  }
}

void PullConsumerProxy::connect_pull_supplier(
    const IDL::traits<CosEventComm::PullSupplier>::ref_type& supplier) {
  auto channel = core();
  if (!supplier) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_nil_pull_supplier,
                            "connect_pull_supplier: a nil supplier cannot be pulled from");
  }
  std::lock_guard lock(mutex_);
  require_idle_locked();
  supplier_ = IDL::traits<CosEventComm::PullSupplier>::narrow(channel->timed(supplier));
  state_ = State::connected;
  channel->supplier_connected(+1);
  auto self = std::dynamic_pointer_cast<PullConsumerProxy>(shared_from_this());
  channel->spawn([self, supplier = supplier_] { self->poll(supplier); });
}

// The poller: try_pull until disconnected. A failed try_pull (the supplier raised, died or
// did not answer within the call timeout) ends this supplier's connection only.
void PullConsumerProxy::poll(const IDL::traits<CosEventComm::PullSupplier>::ref_type& supplier) {
  while (state_.load() == State::connected) {
    std::string failure;
    try {
      bool has_event = false;
      CORBA::Any event = supplier->try_pull(has_event);
      auto channel = core_.lock();
      if (!channel) return;
      if (has_event) {
        channel->publish(event);
        continue;
      }
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, channel->options().pull_period,
                     [this] { return state_.load() != State::connected; });
      continue;
    } catch (const CosEventComm::Disconnected&) {
      failure = "the supplier raised Disconnected";
    } catch (const CORBA::Exception& e) {
      failure = e.what();
    }
    if (state_.load() != State::connected) return;
    if (auto channel = core_.lock()) channel->count_failure(false, failure);
    shut(false);
    return;
  }
}

void PullConsumerProxy::disconnect_pull_consumer() { shut(false); }

void PullConsumerProxy::shut(bool tell_peer) {
  IDL::traits<CosEventComm::PullSupplier>::ref_type supplier;
  {
    std::lock_guard lock(mutex_);
    supplier = std::move(supplier_);
    if (!end()) return;
  }
  wake_.notify_all();
  if (auto channel = core_.lock()) channel->supplier_connected(-1);
  if (!tell_peer) return;
  try {
    supplier->disconnect_pull_supplier();
  } catch (const CORBA::Exception&) {
    // The supplier is gone already: nothing is owed to it.
  }
}

}  // namespace rtorb::cosevent
