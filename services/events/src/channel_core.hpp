// The channel's state behind its servants: proxies, the published subscription snapshot,
// the dispatch groups, observers, and the maintenance thread that removes consumers whose
// push failed. Lock rules: `writers` (the snapshot cell's mutex) guards every table and is
// taken by connect, disconnect, suspend, observers and maintenance, never by the dispatch
// path, which reads the snapshot through a ReadGuard and takes only a queue's lock or a
// conjunction consumer's own (docs/events.md, "locks").
#pragma once

#include <rtorb/events/event_channel.hpp>
#include <rtorb/events/filter.hpp>

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "dispatch_group.hpp"
#include "snapshot_cell.hpp"
#include "timeouts.hpp"

namespace rtorb::events {

using ConsumerRef = IDL::traits<RtecEventComm::PushConsumer>::ref_type;
using SupplierRef = IDL::traits<RtecEventComm::PushSupplier>::ref_type;
using ObserverRef = IDL::traits<RtecEventChannelAdmin::Observer>::ref_type;

namespace detail {

struct ConsumerEntry {
  ConsumerEntry(std::uint64_t proxy_id, ConsumerRef consumer, RtecEventChannelAdmin::ConsumerQOS qos)
      : proxy(proxy_id), consumer(std::move(consumer)), qos(std::move(qos)),
        filter(Filter::build(this->qos)), state(filter) {}
  std::uint64_t proxy;
  ConsumerRef consumer;
  RtecEventChannelAdmin::ConsumerQOS qos;
  Filter filter;
  FilterState state;
  std::size_t group = 0;
  std::optional<RTCORBA::Priority> priority;  // priority mode: the consumer's rate group
  std::atomic<bool> suspended{false};
  // steady_clock ticks of the last push: deadline timeouts are pushed back by deliveries.
  std::atomic<std::chrono::steady_clock::rep> last_delivery{0};
  std::atomic<bool> failed{false};
};

struct GroupMembers {
  DispatchGroup* group = nullptr;  // null in reactive mode
  std::vector<ConsumerEntry*> members;
};

// What the dispatch path reads: immutable once published.
struct Subscriptions {
  std::vector<std::shared_ptr<ConsumerEntry>> owners;
  std::vector<GroupMembers> groups;  // by group index
  std::vector<std::uint64_t> suppliers;  // proxies with a connected supplier, sorted
};

}  // namespace detail

class ChannelCore : public std::enable_shared_from_this<ChannelCore> {
 public:
  ChannelCore(CORBA::object_reference<CORBA::ORB> orb,
              IDL::traits<PortableServer::POA>::ref_type poa, ChannelOptions options);
  ~ChannelCore();
  void start();  // activates the channel's objects, starts pool threads and maintenance

  IDL::traits<RtecEventChannelAdmin::EventChannel>::ref_type channel() const { return channel_; }
  IDL::traits<RtecEventChannelAdmin::ConsumerAdmin>::ref_type consumer_admin() const;
  IDL::traits<RtecEventChannelAdmin::SupplierAdmin>::ref_type supplier_admin() const;
  IDL::traits<RtecEventChannelAdmin::ProxyPushSupplier>::ref_type new_proxy_supplier();
  IDL::traits<RtecEventChannelAdmin::ProxyPushConsumer>::ref_type new_proxy_consumer();

  // The proxies' operations, by proxy id (connect_push_consumer's errors: ProxyPushSupplier).
  void connect_consumer(std::uint64_t proxy, const ConsumerRef& consumer,
                        const RtecEventChannelAdmin::ConsumerQOS& qos);
  void disconnect_consumer(std::uint64_t proxy);
  void suspend_consumer(std::uint64_t proxy, bool suspended);
  void connect_supplier(std::uint64_t proxy, const SupplierRef& supplier,
                        const RtecEventChannelAdmin::SupplierQOS& qos);
  void disconnect_supplier(std::uint64_t proxy);

  // The dispatch path: a supplier's events into the channel (dispatch_path.cpp).
  void publish(std::uint64_t proxy, const RtecEventComm::EventSet& events);

  RtecEventChannelAdmin::Observer_Handle append_observer(const ObserverRef& observer);
  void remove_observer(RtecEventChannelAdmin::Observer_Handle handle);

  void destroy();
  // With a state file, what the end of the process does instead of destroy(): the objects
  // go and the threads end, but the clients are not told and the file stays.
  void close();
  bool keeps_state() const { return !options_.state_file.empty(); }
  void on_destroyed(std::function<void()> callback);
  ChannelStatistics statistics() const;
  void require_alive() const;  // OBJECT_NOT_EXIST object_not_exist_rtec_channel_destroyed

 private:
  struct ProxyRecord {
    PortableServer::ObjectId oid;
    bool is_supplier_side = false;  // a ProxyPushSupplier (a consumer's proxy)
    std::shared_ptr<detail::ConsumerEntry> consumer;
    SupplierRef supplier;
    RtecEventChannelAdmin::SupplierQOS supplier_qos;
    bool connected = false;
  };

  // The POA's id for a servant: the POA's choice, or `name` when the channel keeps state
  // (a PERSISTENT/USER_ID POA, so that references survive a restart).
  template <class Servant>
  PortableServer::ObjectId activate_as(const CORBA::servant_reference<Servant>& servant, const std::string& name) {
    if (!keeps_state()) return poa_->activate_object(servant);
    auto oid = PortableServer::string_to_ObjectId(name);
    poa_->activate_object_with_id(oid, servant);
    return oid;
  }
  // channel_state.cpp: the state file, rewritten after every change and read at start.
  static std::string proxy_name(std::uint64_t id) { return "proxy-" + std::to_string(id); }
  void attach_consumer_locked(ProxyRecord& record, const std::shared_ptr<detail::ConsumerEntry>& entry);
  void save_state_locked() const;
  std::vector<std::shared_ptr<detail::ConsumerEntry>> restore_state_locked();
  void restore_record_locked(const std::string& line);
  void end_objects(std::map<std::uint64_t, ProxyRecord>& proxies, bool tell_clients);

  detail::DispatchGroup* group_for_locked(std::optional<RTCORBA::Priority> priority);
  RTCORBA::Priority priority_of(const RtecEventChannelAdmin::ConsumerQOS& qos) const;
  ConsumerRef push_reference(const ConsumerRef& consumer) const;
  ProxyRecord& record_locked(std::uint64_t proxy);
  void republish_locked();
  void remove_consumer_locked(std::uint64_t proxy);
  void notify_observers();
  RtecEventChannelAdmin::ConsumerQOS subscriptions_union_locked() const;
  RtecEventChannelAdmin::SupplierQOS publications_union_locked() const;
  void deliver(const detail::GroupMembers& members, const RtecEventComm::Event& event);
  void offer_and_push(detail::ConsumerEntry& member, const RtecEventComm::Event& event, bool queued,
                      bool& copied);
  void push_to(detail::ConsumerEntry& entry, const RtecEventComm::EventSet& events);
  void consumer_failed(detail::ConsumerEntry& entry, const std::string& why);
  void deliver_timeout(detail::ConsumerEntry& entry, const RtecEventComm::Event& event);
  void maintain();
  void stop_threads();

  CORBA::object_reference<CORBA::ORB> orb_;
  IDL::traits<PortableServer::POA>::ref_type poa_;
  ChannelOptions options_;
  IDL::traits<RTCORBA::RTORB>::ref_type rt_orb_;
  IDL::traits<RTCORBA::Current>::ref_type rt_current_;
  IDL::traits<RtecEventChannelAdmin::EventChannel>::ref_type channel_;
  IDL::traits<RtecEventChannelAdmin::ConsumerAdmin>::ref_type consumer_admin_;
  IDL::traits<RtecEventChannelAdmin::SupplierAdmin>::ref_type supplier_admin_;
  std::vector<PortableServer::ObjectId> fixed_oids_;  // channel and admins

  detail::SnapshotCell<detail::Subscriptions> subscriptions_;
  // Under subscriptions_.writers_mutex():
  std::vector<std::unique_ptr<detail::DispatchGroup>> groups_;
  std::map<RTCORBA::Priority, std::size_t> group_by_priority_;
  std::map<std::uint64_t, ProxyRecord> proxies_;
  std::uint64_t next_proxy_ = 1;
  std::map<RtecEventChannelAdmin::Observer_Handle, ObserverRef> observers_;
  RtecEventChannelAdmin::Observer_Handle next_observer_ = 1;
  std::function<void()> destroyed_callback_;

  std::atomic<bool> destroyed_{false};
  std::atomic<std::uint64_t> pushes_{0};
  std::atomic<std::uint64_t> failed_consumers_{0};
  std::atomic<std::uint64_t> unconnected_pushes_{0};

  // Failed consumers waiting for maintenance to remove them (taken only after a push failed).
  std::mutex failed_mutex_;
  std::condition_variable failed_cv_;
  std::vector<std::uint64_t> failed_proxies_;
  bool stopping_ = false;
  std::thread maintenance_;
  detail::TimeoutService timeouts_;
};

}  // namespace rtorb::events
