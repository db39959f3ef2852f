// The channel's administration: observers, statistics and destroy.
#include <rtorb/events/minor_codes.hpp>

#include <filesystem>

#include "channel_core.hpp"

namespace rtorb::events {

RtecEventChannelAdmin::ConsumerQOS ChannelCore::subscriptions_union_locked() const {
  // Several top-level trees read as their disjunction (Filter::build), so the union of
  // the consumers' subscriptions is their lists one after the other.
  RtecEventChannelAdmin::ConsumerQOS all;
  for (const auto& [id, record] : proxies_) {
    if (!record.connected || !record.consumer || record.consumer->qos.is_gateway()) continue;
    const auto& list = record.consumer->qos.dependencies();
    all.dependencies().insert(all.dependencies().end(), list.begin(), list.end());
  }
  return all;
}

RtecEventChannelAdmin::SupplierQOS ChannelCore::publications_union_locked() const {
  RtecEventChannelAdmin::SupplierQOS all;
  for (const auto& [id, record] : proxies_) {
    if (!record.connected || !record.supplier || record.supplier_qos.is_gateway()) continue;
    const auto& list = record.supplier_qos.publications();
    all.publications().insert(all.publications().end(), list.begin(), list.end());
  }
  return all;
}

// Observers are called outside the writers' lock: a slow one delays only the connect that
// made the change, never other connects or the event path.
void ChannelCore::notify_observers() {
  std::vector<ObserverRef> observers;
  RtecEventChannelAdmin::ConsumerQOS subscriptions;
  RtecEventChannelAdmin::SupplierQOS publications;
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    if (observers_.empty()) return;
    for (const auto& [handle, observer] : observers_) observers.push_back(observer);
    subscriptions = subscriptions_union_locked();
    publications = publications_union_locked();
  }
  for (const ObserverRef& observer : observers) {
    try {
      observer->update_consumer(subscriptions);
      observer->update_supplier(publications);
    } catch (const CORBA::Exception& e) {
      options_.log(std::string("observer update failed: ") + e.what());
    }
  }
}

RtecEventChannelAdmin::Observer_Handle ChannelCore::append_observer(const ObserverRef& observer) {
  if (!observer) throw RtecEventChannelAdmin::EventChannel::CANT_APPEND_OBSERVER();
  RtecEventChannelAdmin::Observer_Handle handle = 0;
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    handle = next_observer_++;
    observers_[handle] = observer;
  }
  notify_observers();
  return handle;
}

void ChannelCore::remove_observer(RtecEventChannelAdmin::Observer_Handle handle) {
  std::lock_guard lock(subscriptions_.writers_mutex());
  if (observers_.erase(handle) == 0) throw RtecEventChannelAdmin::EventChannel::CANT_REMOVE_OBSERVER();
}

void ChannelCore::on_destroyed(std::function<void()> callback) {
  std::lock_guard lock(subscriptions_.writers_mutex());
  destroyed_callback_ = std::move(callback);
}

ChannelStatistics ChannelCore::statistics() const {
  ChannelStatistics stats;
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    for (const auto& group : groups_) stats.queues.push_back(group->statistics());
    for (const auto& [id, record] : proxies_) {
      if (record.connected) ++(record.is_supplier_side ? stats.consumers : stats.suppliers);
    }
  }
  stats.pushes = pushes_.load();
  stats.failed_consumers = failed_consumers_.load();
  stats.unconnected_pushes = unconnected_pushes_.load();
  return stats;
}

// Every client is told (TAO's contract), each call on its own so that a dead client only
// costs its own failure; then the objects go, the threads end and the state is forgotten.
void ChannelCore::destroy() {
  if (destroyed_.exchange(true)) return;
  std::map<std::uint64_t, ProxyRecord> proxies;
  std::function<void()> callback;
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    proxies.swap(proxies_);
    republish_locked();
    callback = destroyed_callback_;
  }
  end_objects(proxies, true);
  stop_threads();
  if (keeps_state()) {
    std::error_code ignored;
    std::filesystem::remove(options_.state_file, ignored);
  }
  if (callback) callback();
}

void ChannelCore::close() {
  if (destroyed_.exchange(true)) return;
  std::map<std::uint64_t, ProxyRecord> proxies;
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    proxies.swap(proxies_);  // not saved: the file keeps what the next run serves
    republish_locked();
  }
  end_objects(proxies, false);
  stop_threads();
}

void ChannelCore::end_objects(std::map<std::uint64_t, ProxyRecord>& proxies, bool tell_clients) {
  for (auto& [id, record] : proxies) {
    try {
      if (tell_clients && record.connected && record.consumer) record.consumer->consumer->disconnect_push_consumer();
      if (tell_clients && record.connected && record.supplier) record.supplier->disconnect_push_supplier();
    } catch (const CORBA::Exception& e) {
      options_.log(std::string("disconnect callback failed: ") + e.what());
    }
    try {
      poa_->deactivate_object(record.oid);
    } catch (const CORBA::Exception&) {
    }
  }
  for (const auto& oid : fixed_oids_) {
    try {
      poa_->deactivate_object(oid);
    } catch (const CORBA::Exception&) {
    }
  }
}

}  // namespace rtorb::events
