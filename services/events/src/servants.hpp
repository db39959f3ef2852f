// The channel's CORBA objects: each a thin servant forwarding to ChannelCore.
#pragma once

#include <rtorb/orb/server_request.hpp>

#include <memory>

#include "RtecEventChannelAdminS.h"

namespace rtorb::events {

class ChannelCore;

class ChannelServant final : public CORBA::servant_traits<RtecEventChannelAdmin::EventChannel>::base_type {
 public:
  explicit ChannelServant(std::weak_ptr<ChannelCore> core) : core_(std::move(core)) {}
  IDL::traits<RtecEventChannelAdmin::ConsumerAdmin>::ref_type for_consumers() override;
  IDL::traits<RtecEventChannelAdmin::SupplierAdmin>::ref_type for_suppliers() override;
  void destroy() override;
  RtecEventChannelAdmin::Observer_Handle append_observer(
      const IDL::traits<RtecEventChannelAdmin::Observer>::ref_type& gw) override;
  void remove_observer(RtecEventChannelAdmin::Observer_Handle gw) override;

 private:
  std::shared_ptr<ChannelCore> core() const;
  std::weak_ptr<ChannelCore> core_;
};

class ConsumerAdminServant final
    : public CORBA::servant_traits<RtecEventChannelAdmin::ConsumerAdmin>::base_type {
 public:
  explicit ConsumerAdminServant(std::weak_ptr<ChannelCore> core) : core_(std::move(core)) {}
  IDL::traits<RtecEventChannelAdmin::ProxyPushSupplier>::ref_type obtain_push_supplier() override;

 private:
  std::weak_ptr<ChannelCore> core_;
};

class SupplierAdminServant final
    : public CORBA::servant_traits<RtecEventChannelAdmin::SupplierAdmin>::base_type {
 public:
  explicit SupplierAdminServant(std::weak_ptr<ChannelCore> core) : core_(std::move(core)) {}
  IDL::traits<RtecEventChannelAdmin::ProxyPushConsumer>::ref_type obtain_push_consumer() override;

 private:
  std::weak_ptr<ChannelCore> core_;
};

// A consumer's proxy.
class ProxySupplierServant final
    : public CORBA::servant_traits<RtecEventChannelAdmin::ProxyPushSupplier>::base_type {
 public:
  ProxySupplierServant(std::weak_ptr<ChannelCore> core, std::uint64_t id) : core_(std::move(core)), id_(id) {}
  void connect_push_consumer(const IDL::traits<RtecEventComm::PushConsumer>::ref_type& push_consumer,
                             const RtecEventChannelAdmin::ConsumerQOS& qos) override;
  void suspend_connection() override;
  void resume_connection() override;
  void disconnect_push_supplier() override;

 private:
  std::weak_ptr<ChannelCore> core_;
  std::uint64_t id_;
};

// A supplier's proxy: its push is where events enter the channel.
class ProxyConsumerServant final
    : public CORBA::servant_traits<RtecEventChannelAdmin::ProxyPushConsumer>::base_type {
 public:
  ProxyConsumerServant(std::weak_ptr<ChannelCore> core, std::uint64_t id) : core_(std::move(core)), id_(id) {}
  void connect_push_supplier(const IDL::traits<RtecEventComm::PushSupplier>::ref_type& push_supplier,
                             const RtecEventChannelAdmin::SupplierQOS& qos) override;
  void push(const RtecEventComm::EventSet& data) override;
  void disconnect_push_consumer() override;
  // push reads its EventSet into the thread's kept set (detail::PushArguments), so the
  // event path allocates nothing to receive; everything else as generated.
  void rtorb_dispatch(rtorb::orb::ServerRequest& request) override;

 private:
  std::weak_ptr<ChannelCore> core_;
  std::uint64_t id_;
};

}  // namespace rtorb::events
