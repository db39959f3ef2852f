// The EventChannel and admin servants: thin forwarders to the core and the proxy servants.
#include "admins.hpp"

#include <rtorb/corba/raise.hpp>
#include <rtorb/cosevent/minor_code.hpp>

#include "proxies.hpp"

namespace rtorb::cosevent {

namespace {

template <class Interface>
typename IDL::traits<Interface>::ref_type narrow_to(const CORBA::object_reference<CORBA::Object>& object) {
  return IDL::traits<Interface>::narrow(object);
}

template <class Servant, class Interface>
typename IDL::traits<Interface>::ref_type new_proxy(const std::weak_ptr<ChannelCore>& weak) {
  auto core = lock_core(weak);
  auto servant = CORBA::make_reference<Servant>(core);
  return narrow_to<Interface>(core->add_proxy(servant));
}

}  // namespace

std::shared_ptr<ChannelCore> lock_core(const std::weak_ptr<ChannelCore>& core) {
  auto locked = core.lock();
  if (!locked || locked->destroyed()) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_channel_destroyed, "channel destroyed");
  }
  return locked;
}

IDL::traits<CosEventChannelAdmin::ConsumerAdmin>::ref_type ChannelServant::for_consumers() {
  return narrow_to<CosEventChannelAdmin::ConsumerAdmin>(lock_core(core_)->consumer_admin_reference());
}

IDL::traits<CosEventChannelAdmin::SupplierAdmin>::ref_type ChannelServant::for_suppliers() {
  return narrow_to<CosEventChannelAdmin::SupplierAdmin>(lock_core(core_)->supplier_admin_reference());
}

void ChannelServant::destroy() { lock_core(core_)->destroy(); }

IDL::traits<CosEventChannelAdmin::ProxyPushSupplier>::ref_type ConsumerAdminServant::obtain_push_supplier() {
  return new_proxy<PushSupplierProxy, CosEventChannelAdmin::ProxyPushSupplier>(core_);
}

IDL::traits<CosEventChannelAdmin::ProxyPullSupplier>::ref_type ConsumerAdminServant::obtain_pull_supplier() {
  return new_proxy<PullSupplierProxy, CosEventChannelAdmin::ProxyPullSupplier>(core_);
}

IDL::traits<CosEventChannelAdmin::ProxyPushConsumer>::ref_type SupplierAdminServant::obtain_push_consumer() {
  return new_proxy<PushConsumerProxy, CosEventChannelAdmin::ProxyPushConsumer>(core_);
}

IDL::traits<CosEventChannelAdmin::ProxyPullConsumer>::ref_type SupplierAdminServant::obtain_pull_consumer() {
  return new_proxy<PullConsumerProxy, CosEventChannelAdmin::ProxyPullConsumer>(core_);
}

}  // namespace rtorb::cosevent
