// The push proxies: a supplier's pushes go into every consumer queue; each push consumer
// has a dispatcher thread that pushes from its queue with the channel's call timeout.
#include <rtorb/corba/raise.hpp>
#include <rtorb/cosevent/minor_code.hpp>

#include "proxies.hpp"

namespace rtorb::cosevent {

void PushConsumerProxy::connect_push_supplier(
    const IDL::traits<CosEventComm::PushSupplier>::ref_type& supplier) {
  auto channel = core();
  std::lock_guard lock(mutex_);
  require_idle_locked();
  // A nil supplier is allowed (specification 2.2.1): it is then never told of a disconnect.
  if (supplier) {
    supplier_ = IDL::traits<CosEventComm::PushSupplier>::narrow(channel->timed(supplier));
  }
  state_ = State::connected;
  channel->supplier_connected(+1);
}

void PushConsumerProxy::push(const CORBA::Any& data) {
  if (state_.load(std::memory_order_acquire) != State::connected) {
    throw CosEventComm::Disconnected();
  }
  core()->publish(data);
}

void PushConsumerProxy::disconnect_push_consumer() { shut(false); }

void PushConsumerProxy::shut(bool tell_peer) {
  IDL::traits<CosEventComm::PushSupplier>::ref_type supplier;
  {
    std::lock_guard lock(mutex_);
    supplier = std::move(supplier_);
    if (!end()) return;
  }
  if (auto channel = core_.lock()) channel->supplier_connected(-1);
  if (!tell_peer || !supplier) return;
  try {
    supplier->disconnect_push_supplier();
  } catch (const CORBA::Exception&) {
    // The supplier is gone already: nothing is owed to it.
  }
}

void PushSupplierProxy::connect_push_consumer(
    const IDL::traits<CosEventComm::PushConsumer>::ref_type& consumer) {
  auto channel = core();
  if (!consumer) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_nil_push_consumer,
                            "connect_push_consumer: a nil consumer cannot be pushed to");
  }
  std::lock_guard lock(mutex_);
  require_idle_locked();
  consumer_ = IDL::traits<CosEventComm::PushConsumer>::narrow(channel->timed(consumer));
  queue_ = std::make_shared<EventQueue>(channel->options().queue_length,
                                        channel->options().full_policy);
  state_ = State::connected;
  channel->subscribe(queue_);
  auto self = std::dynamic_pointer_cast<PushSupplierProxy>(shared_from_this());
  channel->spawn([self, queue = queue_, consumer = consumer_] { self->dispatch(queue, consumer); });
}

// The dispatcher: one consumer's pushes, in order. A push that fails (the consumer raised,
// died, or did not answer within the call timeout) ends this consumer's connection only.
void PushSupplierProxy::dispatch(const std::shared_ptr<EventQueue>& queue,
                                 const IDL::traits<CosEventComm::PushConsumer>::ref_type& consumer) {
  while (std::optional<CORBA::Any> event = queue->pop()) {
    std::string failure;
    try {
      consumer->push(*event);
      if (auto channel = core_.lock()) channel->count_delivered();
      continue;
    } catch (const CosEventComm::Disconnected&) {
      failure = "the consumer raised Disconnected";
    } catch (const CORBA::Exception& e) {
      failure = e.what();
    }
    if (queue->closed()) return;  // disconnected meanwhile: not a failure of the consumer
    if (auto channel = core_.lock()) channel->count_failure(true, failure);
    shut(false);  // a consumer that failed is not called again
    return;
  }
}

void PushSupplierProxy::disconnect_push_supplier() { shut(false); }

void PushSupplierProxy::shut(bool tell_peer) {
  IDL::traits<CosEventComm::PushConsumer>::ref_type consumer;
  std::shared_ptr<EventQueue> queue;
  {
    std::lock_guard lock(mutex_);
    consumer = std::move(consumer_);
    queue = std::move(queue_);
    if (!end()) return;
  }
  if (auto channel = core_.lock()) channel->unsubscribe(queue);
  queue->close();
  if (!tell_peer) return;
  try {
    consumer->disconnect_push_consumer();
  } catch (const CORBA::Exception&) {
    // The consumer is gone already: nothing is owed to it.
  }
}

}  // namespace rtorb::cosevent
