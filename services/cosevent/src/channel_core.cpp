// ChannelCore: activation, the subscriber snapshot, retirement of proxies, workers, counters.
#include "channel_core.hpp"

#include <rtorb/corba/ior_table.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/cosevent/minor_code.hpp>
#include <rtorb/messaging/messaging.hpp>

#include <algorithm>
#include <iostream>

#include "admins.hpp"

namespace rtorb::cosevent {

ChannelCore::ChannelCore(CORBA::object_reference<CORBA::ORB> orb, ChannelOptions options)
    : orb_(std::move(orb)), options_(std::move(options)) {
  if (options_.queue_length == 0) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_queue_length_zero,
                            "rtorb::cosevent: queue_length must be at least 1");
  }
  if (!options_.log) {
    options_.log = [](const std::string& line) { std::cerr << "cosevent: " << line << '\n'; };
  }
  subscribers_.store(std::make_shared<const Subscribers>());
}

ChannelCore::~ChannelCore() = default;

void ChannelCore::start() {
  auto root = IDL::traits<PortableServer::POA>::narrow(orb_->resolve_initial_references("RootPOA"));
  poa_ = root->create_POA(options_.poa_name, root->the_POAManager(), {});
  CORBA::Any limit;
  limit.insert(static_cast<TimeBase::TimeT>(options_.call_timeout.count()) * 10'000);  // 100 ns units
  timeout_policy_ = orb_->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, limit);
  auto self = shared_from_this();
  channel_ = activate(CORBA::make_reference<ChannelServant>(self));
  consumer_admin_ = activate(CORBA::make_reference<ConsumerAdminServant>(self));
  supplier_admin_ = activate(CORBA::make_reference<SupplierAdminServant>(self));
  if (!options_.corbaloc_key.empty()) {
    auto table = IDL::traits<IORTable::Table>::narrow(orb_->resolve_initial_references("IORTable"));
    table->rebind(options_.corbaloc_key, channel_);
  }
}

CORBA::object_reference<CORBA::Object> ChannelCore::activate(
    CORBA::servant_reference<PortableServer::Servant> servant) {
  const ObjectId id = poa_->activate_object(servant);
  std::lock_guard lock(control_);
  fixed_objects_.push_back(id);
  return poa_->id_to_reference(id);
}

CORBA::object_reference<CORBA::Object> ChannelCore::add_proxy_link(
    CORBA::servant_reference<PortableServer::Servant> servant, std::shared_ptr<ProxyLink> link) {
  reap();
  std::lock_guard lock(control_);
  if (destroyed_) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_channel_destroyed, "channel destroyed");
  }
  const ObjectId id = poa_->activate_object(servant);
  link->set_object_id(id);
  live_.emplace(id, std::move(link));
  return poa_->id_to_reference(id);
}

void ChannelCore::retire(const ObjectId& id) {
  std::lock_guard lock(control_);
  if (live_.erase(id) == 0) return;
  retired_.push_back(id);
  while (retired_.size() > options_.disconnected_proxies_kept) {
    try {
      poa_->deactivate_object(retired_.front());
    } catch (const CORBA::Exception&) {
      // Already gone with the POA.
    }
    retired_.pop_front();
  }
}

void ChannelCore::destroy() {
  std::map<ObjectId, std::shared_ptr<ProxyLink>> live;
  std::vector<ObjectId> objects;
  {
    std::lock_guard lock(control_);
    if (destroyed_.exchange(true) || !poa_) return;
    live = live_;  // shut() retires each, which takes control_
    objects.assign(retired_.begin(), retired_.end());
    objects.insert(objects.end(), fixed_objects_.begin(), fixed_objects_.end());
  }
  for (auto& [id, link] : live) {
    link->shut(true);
    objects.push_back(id);
  }
  if (!options_.corbaloc_key.empty()) {
    try {
      IDL::traits<IORTable::Table>::narrow(orb_->resolve_initial_references("IORTable"))
          ->unbind(options_.corbaloc_key);
    } catch (const CORBA::Exception&) {
      // Unbound meanwhile by its owner, or the ORB is gone.
    }
  }
  for (const auto& id : objects) {
    try {
      poa_->deactivate_object(id);
    } catch (const CORBA::Exception&) {
    }
  }
}

void ChannelCore::stop() {
  destroy();
  try {
    if (poa_) poa_->destroy(false, true);
  } catch (const CORBA::Exception&) {
    // The ORB was destroyed first: its POAs went with it.
  }
  std::vector<Worker> workers;
  {
    std::lock_guard lock(workers_mutex_);
    workers.swap(workers_);
  }
  for (auto& worker : workers) worker.thread.join();
}

void ChannelCore::publish(const CORBA::Any& event) {
  events_in_.fetch_add(1, std::memory_order_relaxed);
  const std::shared_ptr<const Subscribers> subscribers = subscribers_.load();
  for (const auto& queue : *subscribers) {
    const EventQueue::Pushed pushed = queue->push(event);
    if (pushed.outcome == EventQueue::Outcome::dropped_oldest ||
        pushed.outcome == EventQueue::Outcome::dropped_newest) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
    }
    std::uint64_t seen = high_water_.load(std::memory_order_relaxed);
    while (pushed.depth > seen && !high_water_.compare_exchange_weak(seen, pushed.depth)) {
    }
  }
}

void ChannelCore::subscribe(const std::shared_ptr<EventQueue>& queue) {
  std::lock_guard lock(control_);
  auto next = std::make_shared<Subscribers>(*subscribers_.load());
  next->push_back(queue);
  subscribers_.store(std::move(next));
}

void ChannelCore::unsubscribe(const std::shared_ptr<EventQueue>& queue) {
  std::lock_guard lock(control_);
  auto next = std::make_shared<Subscribers>(*subscribers_.load());
  next->erase(std::remove(next->begin(), next->end(), queue), next->end());
  subscribers_.store(std::move(next));
}

void ChannelCore::count_failure(bool consumer, const std::string& why) {
  (consumer ? consumers_failed_ : suppliers_failed_).fetch_add(1);
  log((consumer ? "push consumer disconnected: " : "pull supplier disconnected: ") + why);
}

void ChannelCore::spawn(std::function<void()> body) {
  auto done = std::make_shared<std::atomic<bool>>(false);
  std::thread thread([body = std::move(body), done] {
    body();
    done->store(true);
  });
  std::lock_guard lock(workers_mutex_);
  workers_.push_back({std::move(thread), std::move(done)});
}

void ChannelCore::reap() {
  std::vector<Worker> finished;
  {
    std::lock_guard lock(workers_mutex_);
    auto running = std::partition(workers_.begin(), workers_.end(),
                                  [](const Worker& w) { return !w.done->load(); });
    std::move(running, workers_.end(), std::back_inserter(finished));
    workers_.erase(running, workers_.end());
  }
  for (auto& worker : finished) worker.thread.join();
}

CORBA::object_reference<CORBA::Object> ChannelCore::timed(
    const CORBA::object_reference<CORBA::Object>& peer) const {
  return peer->_set_policy_overrides({timeout_policy_},
                                     CORBA::SetOverrideType::ADD_OVERRIDE);
}

void ChannelCore::log(const std::string& line) const { options_.log(line); }

CORBA::object_reference<CORBA::Object> ChannelCore::channel_reference() const { return channel_; }
CORBA::object_reference<CORBA::Object> ChannelCore::consumer_admin_reference() const {
  return consumer_admin_;
}
CORBA::object_reference<CORBA::Object> ChannelCore::supplier_admin_reference() const {
  return supplier_admin_;
}

ChannelCounters ChannelCore::counters() const {
  ChannelCounters c;
  c.events_in = events_in_.load();
  c.delivered = delivered_.load();
  c.dropped = dropped_.load();
  c.consumers_failed = consumers_failed_.load();
  c.suppliers_failed = suppliers_failed_.load();
  c.queue_high_water = high_water_.load();
  c.consumers = subscribers_.load()->size();
  c.suppliers = static_cast<std::uint64_t>(std::max<std::int64_t>(0, suppliers_.load()));
  return c;
}

}  // namespace rtorb::cosevent
