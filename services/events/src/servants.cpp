// The servants forward to ChannelCore, which a destroyed channel no longer has.
#include "servants.hpp"

#include <rtorb/corba/raise.hpp>
#include <rtorb/events/minor_codes.hpp>

#include "channel_core.hpp"
#include "push_arguments.hpp"

namespace rtorb::events {

namespace {

std::shared_ptr<ChannelCore> lock_core(const std::weak_ptr<ChannelCore>& weak) {
  auto core = weak.lock();
  if (!core) raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_rtec_channel_destroyed, "the event channel is gone");
  core->require_alive();
  return core;
}

}  // namespace

std::shared_ptr<ChannelCore> ChannelServant::core() const { return lock_core(core_); }

IDL::traits<RtecEventChannelAdmin::ConsumerAdmin>::ref_type ChannelServant::for_consumers() {
  return core()->consumer_admin();
}
IDL::traits<RtecEventChannelAdmin::SupplierAdmin>::ref_type ChannelServant::for_suppliers() {
  return core()->supplier_admin();
}
void ChannelServant::destroy() { core()->destroy(); }
RtecEventChannelAdmin::Observer_Handle ChannelServant::append_observer(
    const IDL::traits<RtecEventChannelAdmin::Observer>::ref_type& gw) {
  return core()->append_observer(gw);
}
void ChannelServant::remove_observer(RtecEventChannelAdmin::Observer_Handle gw) {
  core()->remove_observer(gw);
}

IDL::traits<RtecEventChannelAdmin::ProxyPushSupplier>::ref_type ConsumerAdminServant::obtain_push_supplier() {
  return lock_core(core_)->new_proxy_supplier();
}
IDL::traits<RtecEventChannelAdmin::ProxyPushConsumer>::ref_type SupplierAdminServant::obtain_push_consumer() {
  return lock_core(core_)->new_proxy_consumer();
}

void ProxySupplierServant::connect_push_consumer(
    const IDL::traits<RtecEventComm::PushConsumer>::ref_type& push_consumer,
    const RtecEventChannelAdmin::ConsumerQOS& qos) {
  lock_core(core_)->connect_consumer(id_, push_consumer, qos);
}
void ProxySupplierServant::suspend_connection() { lock_core(core_)->suspend_consumer(id_, true); }
void ProxySupplierServant::resume_connection() { lock_core(core_)->suspend_consumer(id_, false); }
void ProxySupplierServant::disconnect_push_supplier() { lock_core(core_)->disconnect_consumer(id_); }

void ProxyConsumerServant::connect_push_supplier(
    const IDL::traits<RtecEventComm::PushSupplier>::ref_type& push_supplier,
    const RtecEventChannelAdmin::SupplierQOS& qos) {
  lock_core(core_)->connect_supplier(id_, push_supplier, qos);
}
// A oneway: nothing can be raised back, so a push after destroy is simply not delivered.
void ProxyConsumerServant::push(const RtecEventComm::EventSet& data) {
  if (auto core = core_.lock()) core->publish(id_, data);
}
void ProxyConsumerServant::disconnect_push_consumer() { lock_core(core_)->disconnect_supplier(id_); }

void ProxyConsumerServant::rtorb_dispatch(rtorb::orb::ServerRequest& request) {
  if (request.operation() != "push") {
    CORBA::servant_traits<RtecEventChannelAdmin::ProxyPushConsumer>::base_type::rtorb_dispatch(request);
    return;
  }
  const detail::PushArguments arguments(request.arguments());
  push(arguments.events());
  if (request.response_expected()) request.reply();
}

}  // namespace rtorb::events
