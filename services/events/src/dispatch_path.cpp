// The event path: a supplier's push, filtering against the published snapshot, queueing
// per rate group or pushing at once, and the removal of consumers whose push failed. Takes
// no lock a connecting consumer holds (channel_core.hpp).
#include <rtorb/events/minor_codes.hpp>

#include <algorithm>

#include "channel_core.hpp"
#include "time_stamp.hpp"

namespace rtorb::events {

using Snapshot = detail::SnapshotCell<detail::Subscriptions>::ReadGuard;

namespace {

bool any_member_may_accept(const detail::GroupMembers& group, const RtecEventComm::EventHeader& h) {
  return std::any_of(group.members.begin(), group.members.end(), [&h](const detail::ConsumerEntry* m) {
    return !m->suspended.load(std::memory_order_relaxed) && m->filter.may_accept(h);
  });
}

}  // namespace

void ChannelCore::publish(std::uint64_t proxy, const RtecEventComm::EventSet& events) {
  Snapshot snapshot(subscriptions_);
  if (!std::binary_search(snapshot->suppliers.begin(), snapshot->suppliers.end(), proxy)) {
    unconnected_pushes_.fetch_add(events.size(), std::memory_order_relaxed);
    return;
  }
  for (const RtecEventComm::Event& event : events) {
    for (const detail::GroupMembers& group : snapshot->groups) {
      if (group.group == nullptr) {
        deliver(group, event);  // reactive: on the supplier's thread
      } else if (any_member_may_accept(group, event.header())) {
        group.group->queue().push(event);
      }
    }
  }
}

// One event to the members of one group, each through its own filter.
void ChannelCore::deliver(const detail::GroupMembers& members, const RtecEventComm::Event& event) {
  bool copied = false;
  for (detail::ConsumerEntry* member : members.members) {
    if (member->suspended.load(std::memory_order_relaxed) || member->failed.load(std::memory_order_relaxed)) {
      continue;
    }
    offer_and_push(*member, event, members.group != nullptr, copied);
  }
}

// The one-event set is the thread's own and keeps its buffers, so a steady stream
// allocates nothing here; `copied` says the event is in it already.
void ChannelCore::offer_and_push(detail::ConsumerEntry& member, const RtecEventComm::Event& event,
                                 bool queued, bool& copied) {
  thread_local RtecEventComm::EventSet one(1);
  thread_local RtecEventComm::EventSet collected;
  switch (member.state.offer(member.filter, event, collected)) {
    case FilterState::Verdict::reject: break;
    case FilterState::Verdict::deliver_event:
      if (!copied) {
        one[0] = event;
        // Queued events were stamped on arrival; a reactive one arrives as it is sent.
        const std::uint64_t now = detail::time_base_now();
        if (!queued) one[0].header().ec_recv_time(now);
        one[0].header().ec_send_time(now);
        copied = true;
      }
      push_to(member, one);
      break;
    case FilterState::Verdict::deliver_collected:
      push_to(member, collected);
      collected.clear();
      break;
  }
}

void ChannelCore::push_to(detail::ConsumerEntry& entry, const RtecEventComm::EventSet& events) {
  try {
    pushes_.fetch_add(1, std::memory_order_relaxed);
    entry.last_delivery.store(std::chrono::steady_clock::now().time_since_epoch().count(),
                              std::memory_order_relaxed);
    entry.consumer->push(events);
  } catch (const CORBA::Exception& e) {
    consumer_failed(entry, e.what());
  }
}

// On the timeout thread, at the consumer's priority, to this consumer alone.
void ChannelCore::deliver_timeout(detail::ConsumerEntry& entry, const RtecEventComm::Event& event) {
  if (entry.priority && rt_current_) {
    try {
      rt_current_->the_priority(*entry.priority);
    } catch (const CORBA::Exception& e) {
      options_.log(std::string("timeout thread could not take its consumer's priority: ") + e.what());
    }
  }
  bool copied = false;
  offer_and_push(entry, event, false, copied);
}

// The first failure wins; the entry stops receiving at once (its flag) and maintenance
// takes it out of the tables, under the writers' lock this thread must not take.
void ChannelCore::consumer_failed(detail::ConsumerEntry& entry, const std::string& why) {
  if (entry.failed.exchange(true)) return;
  failed_consumers_.fetch_add(1);
  options_.log("consumer of proxy " + std::to_string(entry.proxy) +
               " disconnected: its push failed (" + why + ")");
  {
    std::lock_guard lock(failed_mutex_);
    failed_proxies_.push_back(entry.proxy);
  }
  failed_cv_.notify_one();
}

void ChannelCore::maintain() {
  std::unique_lock lock(failed_mutex_);
  while (!stopping_) {
    failed_cv_.wait_for(lock, std::chrono::milliseconds(200));
    std::vector<std::uint64_t> failed;
    failed.swap(failed_proxies_);
    lock.unlock();
    {
      std::lock_guard writers(subscriptions_.writers_mutex());
      for (std::uint64_t proxy : failed) remove_consumer_locked(proxy);
      subscriptions_.reclaim_locked();
    }
    if (!failed.empty()) notify_observers();
    lock.lock();
  }
}

void ChannelCore::stop_threads() {
  timeouts_.stop();
  {
    std::lock_guard lock(failed_mutex_);
    stopping_ = true;
  }
  failed_cv_.notify_all();
  if (maintenance_.joinable()) maintenance_.join();
  std::vector<std::unique_ptr<detail::DispatchGroup>> groups;
  {
    std::lock_guard lock(subscriptions_.writers_mutex());
    groups.swap(groups_);
    group_by_priority_.clear();
  }
  for (auto& group : groups) group->stop();
}

}  // namespace rtorb::events
