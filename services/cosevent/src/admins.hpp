// The channel's fixed objects: the EventChannel and its ConsumerAdmin and SupplierAdmin,
// which hand out a new proxy per obtain_ call.
#pragma once

#include <memory>

#include "CosEventChannelAdminS.h"
#include "channel_core.hpp"

namespace rtorb::cosevent {

class ChannelServant final : public CORBA::servant_traits<CosEventChannelAdmin::EventChannel>::base_type {
 public:
  explicit ChannelServant(std::shared_ptr<ChannelCore> core) : core_(std::move(core)) {}
  IDL::traits<CosEventChannelAdmin::ConsumerAdmin>::ref_type for_consumers() override;
  IDL::traits<CosEventChannelAdmin::SupplierAdmin>::ref_type for_suppliers() override;
  void destroy() override;

 private:
  std::weak_ptr<ChannelCore> core_;
};

class ConsumerAdminServant final
    : public CORBA::servant_traits<CosEventChannelAdmin::ConsumerAdmin>::base_type {
 public:
  explicit ConsumerAdminServant(std::shared_ptr<ChannelCore> core) : core_(std::move(core)) {}
  IDL::traits<CosEventChannelAdmin::ProxyPushSupplier>::ref_type obtain_push_supplier() override;
  IDL::traits<CosEventChannelAdmin::ProxyPullSupplier>::ref_type obtain_pull_supplier() override;

 private:
  std::weak_ptr<ChannelCore> core_;
};

class SupplierAdminServant final
    : public CORBA::servant_traits<CosEventChannelAdmin::SupplierAdmin>::base_type {
 public:
  explicit SupplierAdminServant(std::shared_ptr<ChannelCore> core) : core_(std::move(core)) {}
  IDL::traits<CosEventChannelAdmin::ProxyPushConsumer>::ref_type obtain_push_consumer() override;
  IDL::traits<CosEventChannelAdmin::ProxyPullConsumer>::ref_type obtain_pull_consumer() override;

 private:
  std::weak_ptr<ChannelCore> core_;
};

// The core, or OBJECT_NOT_EXIST when the channel's owner already let it go.
std::shared_ptr<ChannelCore> lock_core(const std::weak_ptr<ChannelCore>& core);

}  // namespace rtorb::cosevent
