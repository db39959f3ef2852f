// Direct collocated calls (-ORBCollocation direct): hands a stub the servant a request
// would reach when nothing stands between (manager ACTIVE, object active in a RETAIN POA's
// map, no serialisation), and counts the call like an upcall in progress so that
// deactivate_object and destroy(wait) wait for it. Everything else answers null and the
// stub takes the POA path, which applies every rule.
#include <cstring>

#include "poa/poa_impl.hpp"
#include "poa/poa_system.hpp"

namespace rtorb::poa {
namespace {

// The POA this thread's last direct call went to, so that repeated calls skip the POA
// table's shared lock. A stale entry is harmless: the POA it names is either gone (the
// weak pointer is expired) or destroyed (PoaImpl::direct_servant answers null), and both
// send the call the slow way.
struct PoaMemo {
  const void* system = nullptr;
  KeyAddress address;
  std::weak_ptr<PoaImpl> poa;
};
thread_local PoaMemo poa_memo;

}  // namespace

orb::DirectServant PoaSystem::direct_servant(std::span<const std::uint8_t> key) noexcept {
  try {
    const auto parsed = parse_key(key);
    // Keys of an earlier instance are routed by path through AdapterActivators: not direct.
    if (!parsed || parsed->instance != instance_) return {};
    const KeyAddress& address = parsed->address;
    std::shared_ptr<PoaImpl> poa;
    if (poa_memo.system == this && poa_memo.address.poa_index == address.poa_index &&
        poa_memo.address.poa_generation == address.poa_generation) {
      poa = poa_memo.poa.lock();
    }
    if (!poa) {
      poa = poa_at(address.poa_index, address.poa_generation);
      if (!poa) return {};
      poa_memo = {this, address, poa};
    }
    PoaImpl& target = *poa;
    return target.direct_servant(*parsed, std::move(poa));
  } catch (...) {
    return {};  // out of memory or a lock failure: the normal path reports it
  }
}

orb::DirectServant PoaImpl::direct_servant(const ParsedKey& key,
                                           std::shared_ptr<PoaImpl> self) noexcept {
  if (!policies_.retain() || policies_.single_thread()) return {};
  if (!manager_->try_enter()) return {};
  std::unique_lock lock(mutex_);
  ActiveObjectMap::Entry* entry = nullptr;
  std::uint32_t slot = key.address.slot;
  if (!destroyed_) {
    if (slot != no_slot) entry = map_.find(slot, key.address.slot_generation);
    const auto same_id = [&] {
      return entry->id.size() == key.object_id.size() &&
             (key.object_id.empty() ||
              std::memcmp(entry->id.data(), key.object_id.data(), key.object_id.size()) == 0);
    };
    if (entry == nullptr || !same_id()) {
      // USER_ID objects keep their id across activations; the key's slot may be stale.
      entry = nullptr;
      if (const auto found = map_.find_id(key.object_id)) {
        slot = *found;
        entry = &map_.at(slot);
      }
    }
  }
  if (entry == nullptr || entry->deactivating || entry->direct == nullptr) {
    lock.unlock();
    manager_->leave();
    return {};
  }
  ++entry->in_flight;
  ++in_flight_;
  auto* upcall = entry->direct;
  std::shared_ptr<void> servant = entry->servant.shared();
  const std::uint32_t generation = entry->generation;
  lock.unlock();
  std::shared_ptr<orb::DirectLease> lease(std::move(self), this);
  return {upcall, std::move(servant), std::move(lease), slot, generation};
}

void PoaImpl::end_direct_call(std::uint32_t slot, std::uint32_t generation) noexcept {
  {
    std::unique_lock lock(mutex_);
    if (--in_flight_ == 0) idle_.notify_all();
    auto* entry = map_.find(slot, generation);
    if (entry != nullptr && --entry->in_flight == 0 && entry->deactivating) {
      try {
        finish_deactivation(slot, lock, false);
      } catch (...) {
        // etherealize's own exceptions are swallowed there; nothing else is expected.
      }
    }
  }
  manager_->leave();
}

}  // namespace rtorb::poa
