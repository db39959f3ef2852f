// Thru-POA collocation without marshaling: a collocated stub's call runs as a POA upcall
// (manager state, upcall counting, POA Current, SINGLE_THREAD_MODEL) but reaches the
// servant through its generated upcall class instead of a marshaled request. Cases this
// path does not handle answer false before anything runs, and the stub makes the marshaled
// collocated request, which handles them all (docs/poa.md, "Collocated upcalls").
#include <mutex>

#include "poa/poa_impl.hpp"
#include "poa/poa_system.hpp"
#include "poa/reclamation.hpp"
#include "poa/upcall_context.hpp"

namespace rtorb::poa {

bool PoaSystem::collocated_upcall(std::span<const std::uint8_t> key,
                                  orb::FunctionRef<bool(orb::DirectUpcall*)> call) {
  ParsedKey parsed;
  // Keys of an earlier instance are routed by path through AdapterActivators: marshaled.
  if (!parse_key(key, parsed) || parsed.instance != instance_) return false;
  // poa_at finds the POA of this thread's last request or call without the table's lock.
  reclamation::ReadSection reading;
  PoaImpl* poa = poa_at(parsed.address.poa_index, parsed.address.poa_generation);
  return poa != nullptr && poa->collocated_upcall(parsed, call, reading);
}

bool PoaImpl::collocated_upcall(const ParsedKey& key,
                                orb::FunctionRef<bool(orb::DirectUpcall*)> call,
                                reclamation::ReadSection& reading) {
  // HOLDING, DISCARDING, INACTIVE and servants without a generated skeleton: marshaled.
  // So is every upcall of a POA with a QoS, which needs the request (its priority and
  // contexts) to run it at the right priority.
  if (policies_.qos) return false;
  std::shared_ptr<PoaImpl> self;  // the slow path's reference; goes last
  struct Leave {  // pairs a successful try_enter
    PoaManagerImpl* manager = nullptr;
    ~Leave() {
      if (manager != nullptr) manager->leave();
    }
  } leave;
  ServantRef default_servant;  // held for the call; an entry holds its own
  orb::DirectUpcall* direct = nullptr;
  std::uint32_t slot = key.address.slot;
  // An active object named by its slot is counted on its entry alone (as in dispatch);
  // anything else is counted in the manager first, as enter() would.
  ActiveObjectMap::Entry* entry = pin_entry(key, direct);
  if (entry != nullptr) {
    if (direct == nullptr || !manager_->active()) {
      end_entry_upcall(entry, slot);  // still inside `reading`: this stays
      return false;
    }
    // Pinned: destroy keeps this POA until the upcall ends; nothing below touches it after
    // `counted` ends the upcall.
    reading.close();
  } else {
    self = weak_from_this().lock();
    reading.close();
    if (!self) return false;  // on its way out: the marshaled path says so
    if (!manager_->try_enter()) return false;
    leave.manager = manager_.get();
    std::lock_guard lock(mutex_);
    if (destroyed_) return false;
    entry = policies_.retain() ? entry_for(key, slot) : nullptr;
    if (entry != nullptr) {
      // Being deactivated: the marshaled path raises what the policies say.
      if (entry->deactivating || entry->direct == nullptr) return false;
      ++entry->in_flight;  // an entry's upcalls are counted on it
      direct = entry->direct;
    } else {
      // Not active: only a default servant is found without a servant manager.
      if (!policies_.use_default_servant() || default_direct_ == nullptr) return false;
      slot = no_slot;
      default_servant = default_servant_;
      direct = default_direct_;
      ++in_flight_;
    }
  }
  return run_counted_upcall(key, entry, slot, default_servant, direct, call);
}

bool PoaImpl::run_counted_upcall(const ParsedKey& key, ActiveObjectMap::Entry* entry,
                                 std::uint32_t slot, ServantRef& default_servant,
                                 orb::DirectUpcall* direct,
                                 orb::FunctionRef<bool(orb::DirectUpcall*)> call) {
  struct Counted {  // ends the counted upcall however the rest leaves
    PoaImpl& poa;
    ActiveObjectMap::Entry* entry;
    std::uint32_t slot;
    ~Counted() { poa.end_entry_upcall(entry, slot); }
  } counted{*this, entry, slot};
  std::unique_lock<std::recursive_mutex> serial;
  if (policies_.single_thread()) serial = std::unique_lock(single_thread_);
  UpcallFrame frame{system_.get(), this, key.object_id,
                    entry != nullptr ? &entry->servant : &default_servant, nullptr};
  UpcallScope scope(frame);
  return call(direct);
}

}  // namespace rtorb::poa
