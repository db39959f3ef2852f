// Direct collocated calls (-ORBCollocation direct): tells a reference which servant a
// request would reach when nothing stands between (manager ACTIVE, object active in a
// RETAIN POA's map, no serialisation), together with the direct-call epoch that bounds how
// long the answer holds. Nothing is counted: the caller keeps the servant alive itself.
#include "poa/poa_impl.hpp"
#include "poa/poa_system.hpp"
#include "poa/reclamation.hpp"

namespace rtorb::poa {

orb::DirectBinding PoaSystem::direct_binding(std::span<const std::uint8_t> key) noexcept {
  try {
    // The epoch first: whatever changes after this read bumps it past this value.
    const std::uint64_t epoch = direct_epoch_->load(std::memory_order_acquire);
    const auto parsed = parse_key(key);
    // Keys of an earlier instance are routed by path through AdapterActivators: not direct.
    if (!parsed || parsed->instance != instance_) return {};
    const reclamation::ReadSection reading;
    PoaImpl* poa = poa_at(parsed->address.poa_index, parsed->address.poa_generation);
    if (poa == nullptr) return {};
    orb::DirectBinding binding = poa->direct_binding(*parsed);
    if (binding.upcall == nullptr) return {};
    binding.epoch = epoch;
    binding.epoch_source = direct_epoch_;
    return binding;
  } catch (...) {
    return {};  // out of memory or a lock failure: the normal path reports it
  }
}

orb::DirectBinding PoaImpl::direct_binding(const ParsedKey& key) noexcept {
  // A POA with a QoS (RT-CORBA priorities) runs its upcalls through it: marshaled.
  if (!policies_.retain() || policies_.single_thread() || policies_.qos) return {};
  if (!manager_->try_enter()) return {};
  orb::DirectBinding binding;
  {
    std::lock_guard lock(mutex_);
    std::uint32_t slot = no_slot;
    ActiveObjectMap::Entry* entry = destroyed_ ? nullptr : entry_for(key, slot);
    if (entry != nullptr && !entry->deactivating && entry->direct != nullptr) {
      binding.upcall = entry->direct;
      binding.servant = entry->servant.shared();
    }
  }
  manager_->leave();
  return binding;
}

}  // namespace rtorb::poa
