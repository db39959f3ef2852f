// The channel's tables: proxies, connect and disconnect, suspend, observers, destroy.
// Every change builds a new Subscriptions snapshot and publishes it (republish_locked).
#include "channel_core.hpp"

#include <rtorb/corba/raise.hpp>
#include <rtorb/events/minor_codes.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <algorithm>
#include <iostream>

#include "servants.hpp"

namespace rtorb::events {

using detail::Subscriptions;

ChannelCore::ChannelCore(CORBA::object_reference<CORBA::ORB> orb,
                         IDL::traits<PortableServer::POA>::ref_type poa, ChannelOptions options)
    : orb_(std::move(orb)),
      poa_(std::move(poa)),
      options_(std::move(options)),
      subscriptions_(std::make_unique<const Subscriptions>()),
      timeouts_([this](detail::ConsumerEntry& entry, const RtecEventComm::Event& event) {
        deliver_timeout(entry, event);
      }) {
  if (!options_.log) options_.log = [](const std::string& s) { std::cerr << "rtorb-events: " << s << '\n'; };
  if (!options_.priority_of_rt_info) {
    options_.priority_of_rt_info = [](RtecBase::handle_t h) {
      return static_cast<RTCORBA::Priority>(std::clamp<RtecBase::handle_t>(h, 0, 32767));
    };
  }
}

ChannelCore::~ChannelCore() { stop_threads(); }

void ChannelCore::start() {
  rt_orb_ = IDL::traits<RTCORBA::RTORB>::narrow(orb_->resolve_initial_references("RTORB"));
  if (options_.dispatching.mode == DispatchingMode::priority) {
    rt_current_ = IDL::traits<RTCORBA::Current>::narrow(orb_->resolve_initial_references("RTCurrent"));
  }
  const std::weak_ptr<ChannelCore> self = weak_from_this();
  auto activate = [this](auto servant, const std::string& name) {
    fixed_oids_.push_back(activate_as(servant, name));
    return poa_->id_to_reference(fixed_oids_.back());
  };
  channel_ = IDL::traits<RtecEventChannelAdmin::EventChannel>::narrow(
      activate(CORBA::make_reference<ChannelServant>(self), "EventChannel"));
  consumer_admin_ = IDL::traits<RtecEventChannelAdmin::ConsumerAdmin>::narrow(
      activate(CORBA::make_reference<ConsumerAdminServant>(self), "ConsumerAdmin"));
  supplier_admin_ = IDL::traits<RtecEventChannelAdmin::SupplierAdmin>::narrow(
      activate(CORBA::make_reference<SupplierAdminServant>(self), "SupplierAdmin"));
  std::vector<std::shared_ptr<detail::ConsumerEntry>> restored;
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    if (options_.dispatching.mode == DispatchingMode::pool) group_for_locked(std::nullopt);
    if (keeps_state()) restored = restore_state_locked();  // raises for a file it cannot read
    republish_locked();
  }
  for (const auto& entry : restored) timeouts_.arm(entry, entry->filter.timeouts());
  maintenance_ = std::thread([this] { maintain(); });
}

void ChannelCore::require_alive() const {
  if (destroyed_.load()) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_rtec_channel_destroyed, "the event channel was destroyed");
  }
}

IDL::traits<RtecEventChannelAdmin::ConsumerAdmin>::ref_type ChannelCore::consumer_admin() const {
  return consumer_admin_;
}
IDL::traits<RtecEventChannelAdmin::SupplierAdmin>::ref_type ChannelCore::supplier_admin() const {
  return supplier_admin_;
}

IDL::traits<RtecEventChannelAdmin::ProxyPushSupplier>::ref_type ChannelCore::new_proxy_supplier() {
  std::lock_guard lock(subscriptions_.writers_mutex());
  const std::uint64_t id = next_proxy_++;
  auto oid = activate_as(CORBA::make_reference<ProxySupplierServant>(weak_from_this(), id), proxy_name(id));
  proxies_[id] = ProxyRecord{oid, true, nullptr, nullptr, {}, false};
  save_state_locked();
  return IDL::traits<RtecEventChannelAdmin::ProxyPushSupplier>::narrow(poa_->id_to_reference(oid));
}

IDL::traits<RtecEventChannelAdmin::ProxyPushConsumer>::ref_type ChannelCore::new_proxy_consumer() {
  std::lock_guard lock(subscriptions_.writers_mutex());
  const std::uint64_t id = next_proxy_++;
  auto oid = activate_as(CORBA::make_reference<ProxyConsumerServant>(weak_from_this(), id), proxy_name(id));
  proxies_[id] = ProxyRecord{oid, false, nullptr, nullptr, {}, false};
  save_state_locked();
  return IDL::traits<RtecEventChannelAdmin::ProxyPushConsumer>::narrow(poa_->id_to_reference(oid));
}

RTCORBA::Priority ChannelCore::priority_of(const RtecEventChannelAdmin::ConsumerQOS& qos) const {
  RTCORBA::Priority highest = 0;
  for (const auto& dependency : qos.dependencies()) {
    highest = std::max(highest, options_.priority_of_rt_info(dependency.rt_info()));
  }
  return highest;
}

detail::DispatchGroup* ChannelCore::group_for_locked(std::optional<RTCORBA::Priority> priority) {
  if (priority) {
    if (auto it = group_by_priority_.find(*priority); it != group_by_priority_.end()) {
      return groups_[it->second].get();
    }
  } else if (!groups_.empty()) {
    return groups_.front().get();
  }
  const std::size_t index = groups_.size();
  auto deliver = [this, index](const RtecEventComm::Event& event) {
    detail::SnapshotCell<Subscriptions>::ReadGuard snapshot(subscriptions_);
    if (index < snapshot->groups.size()) this->deliver(snapshot->groups[index], event);
  };
  groups_.push_back(std::make_unique<detail::DispatchGroup>(index, priority, options_.dispatching,
                                                            rt_current_, deliver, options_.log));
  if (priority) group_by_priority_[*priority] = index;
  groups_.back()->start(priority ? 1 : std::max<std::uint32_t>(options_.dispatching.pool_threads, 1));
  return groups_.back().get();
}

void ChannelCore::republish_locked() {
  auto next = std::make_unique<Subscriptions>();
  next->groups.resize(std::max<std::size_t>(groups_.size(), 1));
  for (std::size_t i = 0; i < groups_.size(); ++i) next->groups[i].group = groups_[i].get();
  for (const auto& [id, record] : proxies_) {
    if (!record.connected) continue;
    if (!record.is_supplier_side) {
      next->suppliers.push_back(id);
    } else {
      next->owners.push_back(record.consumer);
      next->groups[record.consumer->group].members.push_back(record.consumer.get());
    }
  }
  subscriptions_.publish_locked(std::move(next));
}

// The consumer's reference as the channel pushes through it: connections of its own
// (RT-CORBA's PrivateConnectionPolicy), so the one thread of its group pushes over one
// connection and the consumer gets that group's events in order, which two connections
// read by the consumer in any order would not keep; and the push timeout as its roundtrip
// timeout, which for a oneway bounds the connect and the wait for room in the socket
// buffer (docs/messaging.md).
ConsumerRef ChannelCore::push_reference(const ConsumerRef& consumer) const {
  CORBA::PolicyList policies{rt_orb_->create_private_connection_policy()};
  if (options_.push_timeout.count() > 0) {
    CORBA::Any value;
    value.insert(static_cast<TimeBase::TimeT>(options_.push_timeout.count()) * 10000);
    policies.push_back(orb_->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, value));
  }
  return IDL::traits<RtecEventComm::PushConsumer>::narrow(
      consumer->_set_policy_overrides(policies, CORBA::SetOverrideType::ADD_OVERRIDE));
}

void ChannelCore::connect_consumer(std::uint64_t proxy, const ConsumerRef& consumer,
                                   const RtecEventChannelAdmin::ConsumerQOS& qos) {
  if (!consumer) raise<CORBA::BAD_PARAM>(minor::bad_param_nil_rtec_consumer, "connect_push_consumer(nil)");
  // Builds the filter (raising for a malformed QOS) before any table is touched.
  auto entry = std::make_shared<detail::ConsumerEntry>(proxy, push_reference(consumer), qos);
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    ProxyRecord& record = record_locked(proxy);
    if (record.connected) throw RtecEventChannelAdmin::AlreadyConnected();
    attach_consumer_locked(record, entry);
    republish_locked();
    save_state_locked();
  }
  timeouts_.arm(entry, entry->filter.timeouts());
  notify_observers();
}

void ChannelCore::attach_consumer_locked(ProxyRecord& record, const std::shared_ptr<detail::ConsumerEntry>& entry) {
  if (options_.dispatching.mode == DispatchingMode::priority) {
    entry->priority = priority_of(entry->qos);
    entry->group = group_for_locked(entry->priority)->index();
  }
  record.consumer = entry;
  record.connected = true;
}

// A proxy whose record is gone was destroyed with the channel while the call came in.
ChannelCore::ProxyRecord& ChannelCore::record_locked(std::uint64_t proxy) {
  auto it = proxies_.find(proxy);
  if (it == proxies_.end()) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_rtec_channel_destroyed, "the proxy's channel was destroyed");
  }
  return it->second;
}

void ChannelCore::remove_consumer_locked(std::uint64_t proxy) {
  auto it = proxies_.find(proxy);
  if (it == proxies_.end()) return;
  try {
    poa_->deactivate_object(it->second.oid);
  } catch (const CORBA::Exception&) {
    // Already deactivated (destroy raced with a disconnect): nothing more to undo.
  }
  proxies_.erase(it);
  republish_locked();
  save_state_locked();
}

void ChannelCore::disconnect_consumer(std::uint64_t proxy) {
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    remove_consumer_locked(proxy);
  }
  notify_observers();
}

void ChannelCore::suspend_consumer(std::uint64_t proxy, bool suspended) {
  std::lock_guard lock(subscriptions_.writers_mutex());
  auto it = proxies_.find(proxy);
  if (it != proxies_.end() && it->second.consumer) it->second.consumer->suspended.store(suspended);
  save_state_locked();
}

void ChannelCore::connect_supplier(std::uint64_t proxy, const SupplierRef& supplier,
                                   const RtecEventChannelAdmin::SupplierQOS& qos) {
  if (!supplier) raise<CORBA::BAD_PARAM>(minor::bad_param_nil_rtec_supplier, "connect_push_supplier(nil)");
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    ProxyRecord& record = record_locked(proxy);
    if (record.connected) throw RtecEventChannelAdmin::AlreadyConnected();
    record.supplier = supplier;
    record.supplier_qos = qos;
    record.connected = true;
    republish_locked();
    save_state_locked();
  }
  notify_observers();
}

void ChannelCore::disconnect_supplier(std::uint64_t proxy) {
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    remove_consumer_locked(proxy);  // the same for either side: deactivate, forget, republish
  }
  notify_observers();
}

}  // namespace rtorb::events
