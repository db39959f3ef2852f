// ChannelCore: what every servant of one channel shares. The subscriber table (an immutable
// snapshot swapped under the control mutex, read without it by publish), the live and the
// disconnected proxies, the worker threads (one dispatcher per push consumer, one poller
// per pull supplier), the counters and the log.
#pragma once

#include <rtorb/cosevent/event_channel.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/poa/poa.hpp>

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "CosEventChannelAdminS.h"
#include "event_queue.hpp"

namespace rtorb::cosevent {

using ObjectId = PortableServer::ObjectId;

// A proxy as the core sees it: something that can be ended when the channel goes away.
class ProxyLink {
 public:
  virtual ~ProxyLink() = default;
  // Ends the connection; tell_peer: call the peer's disconnect_... (best effort, timed).
  virtual void shut(bool tell_peer) = 0;

  // Set once by ChannelCore::add_proxy, before the proxy's reference is handed out.
  void set_object_id(ObjectId id) { id_ = std::move(id); }
  const ObjectId& object_id() const { return id_; }

 private:
  ObjectId id_;
};

class ChannelCore : public std::enable_shared_from_this<ChannelCore> {
 public:
  ChannelCore(CORBA::object_reference<CORBA::ORB> orb, ChannelOptions options);
  ~ChannelCore();

  void start();  // the POA, the channel and its two admins
  void destroy();  // EventChannel::destroy: every proxy shut (peers told), objects deactivated
  void stop();     // the owner's end: destroy(), then the POA destroyed and workers joined

  CORBA::object_reference<CORBA::Object> channel_reference() const;
  CORBA::object_reference<CORBA::Object> consumer_admin_reference() const;
  CORBA::object_reference<CORBA::Object> supplier_admin_reference() const;
  const ChannelOptions& options() const { return options_; }
  bool destroyed() const { return destroyed_.load(); }

  // Activates a new proxy servant; OBJECT_NOT_EXIST once destroyed. Returns its reference.
  template <class Servant>
  CORBA::object_reference<CORBA::Object> add_proxy(CORBA::servant_reference<Servant> servant) {
    return add_proxy_link(servant, servant.shared());
  }
  // A proxy's connection ended: it keeps answering (Disconnected) until it is among the
  // oldest past options().disconnected_proxies_kept.
  void retire(const ObjectId& id);

  // The hot path: a copy of `event` into every subscribed queue. Takes no control lock.
  void publish(const CORBA::Any& event);
  void subscribe(const std::shared_ptr<EventQueue>& queue);
  void unsubscribe(const std::shared_ptr<EventQueue>& queue);
  void count_delivered() { delivered_.fetch_add(1, std::memory_order_relaxed); }
  void count_failure(bool consumer, const std::string& why);
  void supplier_connected(int delta) { suppliers_.fetch_add(delta); }

  // Runs `body` on a thread of its own, joined by reap() once it ends, or by stop().
  void spawn(std::function<void()> body);
  void reap();  // joins finished workers; never called from a worker

  // `peer` with the RelativeRoundtripTimeout of options().call_timeout.
  CORBA::object_reference<CORBA::Object> timed(const CORBA::object_reference<CORBA::Object>& peer) const;
  void log(const std::string& line) const;
  ChannelCounters counters() const;

 private:
  using Subscribers = std::vector<std::shared_ptr<EventQueue>>;
  struct Worker {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };

  CORBA::object_reference<CORBA::Object> add_proxy_link(
      CORBA::servant_reference<PortableServer::Servant> servant, std::shared_ptr<ProxyLink> link);
  CORBA::object_reference<CORBA::Object> activate(CORBA::servant_reference<PortableServer::Servant> servant);

  CORBA::object_reference<CORBA::ORB> orb_;
  ChannelOptions options_;
  IDL::traits<PortableServer::POA>::ref_type poa_;
  CORBA::object_reference<CORBA::Object> channel_, consumer_admin_, supplier_admin_;
  CORBA::object_reference<CORBA::Policy> timeout_policy_;

  std::atomic<std::shared_ptr<const Subscribers>> subscribers_;  // stored under control_

  mutable std::mutex control_;
  std::map<ObjectId, std::shared_ptr<ProxyLink>> live_;  // guarded by control_
  std::deque<ObjectId> retired_;                          // guarded by control_
  std::vector<ObjectId> fixed_objects_;                   // guarded by control_
  std::atomic<bool> destroyed_{false};

  std::mutex workers_mutex_;
  std::vector<Worker> workers_;  // guarded by workers_mutex_

  std::atomic<std::uint64_t> events_in_{0}, delivered_{0}, dropped_{0};
  std::atomic<std::uint64_t> consumers_failed_{0}, suppliers_failed_{0}, high_water_{0};
  std::atomic<std::int64_t> suppliers_{0};
};

}  // namespace rtorb::cosevent
