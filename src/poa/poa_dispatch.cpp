// The request path of a POA: manager state, servant lookup per RequestProcessingPolicy,
// POA Current, the upcall, and the bookkeeping deactivate/destroy wait for.
#include <algorithm>
#include <cstring>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "core/object_adapter.hpp"
#include "poa/poa_impl.hpp"
#include "poa/poa_system.hpp"
#include "poa/servant_access.hpp"
#include "poa/upcall_context.hpp"

namespace rtorb::poa {

using PortableServer::ObjectId;

namespace {

bool same_bytes(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) noexcept {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0);
}

// Ends what a successful enter()/begin_upcall() started, however the upcall ends.
template <class F>
class Finally {
 public:
  explicit Finally(F f) noexcept : f_(std::move(f)) {}
  ~Finally() { f_(); }
  Finally(const Finally&) = delete;
  Finally& operator=(const Finally&) = delete;

 private:
  F f_;
};

}  // namespace

struct PoaImpl::Upcall {
  ServantRef held;                          // the servant, unless `entry` holds it
  ActiveObjectMap::Entry* entry = nullptr;  // the active object map entry pinned, if any
  std::uint32_t slot = no_slot;             // where `entry` is
  // A pinned entry's servant needs no reference of its own (pin_entry).
  const ServantRef& servant() const noexcept {
    return entry != nullptr ? entry->servant : held;
  }
  CORBA::object_reference<PortableServer::ServantLocator> locator;  // preinvoke was called
  PortableServer::ServantLocator::Cookie cookie = nullptr;
};

void PoaImpl::end_upcall() noexcept {
  // Sequentially consistent with the waiter's count-then-check under the mutex: either it
  // sees in_flight_ at 0, or this sees it waiting and notifies once it has blocked.
  if (in_flight_.fetch_sub(1) != 1) return;
  if (idle_waiters_.load() != 0) {
    std::lock_guard lock(mutex_);
    idle_.notify_all();
  }
  if (destroyed_.load()) release_when_idle();
}

void PoaImpl::end_entry_upcall(ActiveObjectMap::Entry* entry, std::uint32_t slot) noexcept {
  if (entry == nullptr) {
    end_upcall();
    return;
  }
  // From before the count drops: once it is 0, destroy may find this POA idle and let it
  // go while the rest of this still reads it (an upcall that was pinned holds no reference).
  const reclamation::ReadSection reading;
  // deactivate_object marks, then reads in_flight; destroy(wait) counts itself in
  // idle_waiters_, then reads in_flight under the mutex; this drops in_flight, then reads
  // the mark and the waiters (all sequentially consistent). So at least one side sees the
  // entry idle: a deactivation is finished (a second finisher finds the entry removed or
  // reused), a waiter is woken (this takes the mutex after it has blocked).
  if (entry->in_flight.fetch_sub(1) != 1) return;
  const bool deactivating = entry->deactivating.load();
  const bool manager_waits = manager_->has_idle_waiters();
  const bool destroyed = destroyed_.load();
  if (!deactivating && !manager_waits && !destroyed && idle_waiters_.load() == 0) return;
  {
    std::unique_lock lock(mutex_);
    if (deactivating && entry->used && entry->deactivating.load() &&
        entry->in_flight.load() == 0) {
      try {
        finish_deactivation(slot, lock, false);  // unlocks
      } catch (...) {
        // etherealize's own exceptions are swallowed there; nothing else is expected.
      }
    }
    idle_.notify_all();
  }
  if (manager_waits) manager_->notify_idle();  // after mutex_: the two never nest
  if (destroyed) release_when_idle();
}

void PoaImpl::dispatch(orb::ServerRequest& request, const ParsedKey& key) {
  // An active object named by its slot: pinned (counted on its entry), then the manager
  // found ACTIVE, it needs nothing else. Otherwise the manager's rules come first. (The
  // caller holds this POA; the section is only what dispatch_pinned asks for.)
  {
    reclamation::ReadSection reading;
    if (dispatch_pinned(request, key, reading)) return;
  }
  manager_->enter();
  Finally leave_manager([this] { manager_->leave(); });
  std::unique_lock<std::recursive_mutex> serial;
  if (policies_.single_thread()) serial = std::unique_lock(single_thread_);
  Upcall upcall = find_servant(request, key);
  serve(request, key, upcall, false);
}

bool PoaImpl::dispatch_pinned(orb::ServerRequest& request, const ParsedKey& key,
                              reclamation::ReadSection& reading) {
  Upcall upcall;
  if (!pin_active(key, upcall)) return false;
  if (!manager_->active()) {
    end_entry_upcall(upcall.entry, upcall.slot);  // still inside `reading`: this stays
    return false;
  }
  // Pinned: destroy now keeps this POA until the upcall ends (keep_alive_), so a long
  // upcall holds back no reclamation. Nothing here touches the POA after release_servant.
  reading.close();
  serve(request, key, upcall, true);
  return true;
}

void PoaImpl::serve(orb::ServerRequest& request, const ParsedKey& key, Upcall& upcall,
                    bool serialise) {
  try {
    std::unique_lock<std::recursive_mutex> serial;
    if (serialise && policies_.single_thread()) serial = std::unique_lock(single_thread_);
    UpcallFrame frame{system_.get(), this, key.object_id, &upcall.servant(), nullptr};
    UpcallScope scope(frame);
    request.servant_located();  // a SyncScope WITH_SERVER client is answered here
    if (policies_.qos) {
      const std::int32_t priority =
          upcall.entry != nullptr ? upcall.entry->priority : orb::no_priority;
      policies_.qos->run_upcall(request, priority,
                                [&] { upcall.servant()->rtorb_dispatch(request); });
    } else {
      upcall.servant()->rtorb_dispatch(request);
    }
  } catch (...) {
    release_servant(upcall, request, false);
    throw;
  }
  release_servant(upcall, request, true);
}

ActiveObjectMap::Entry* PoaImpl::pin_entry(const ParsedKey& key,
                                           orb::DirectUpcall*& direct) noexcept {
  const std::uint32_t slot = key.address.slot;
  if (!policies_.retain() || slot == no_slot || key.instance != system_->instance()) {
    return nullptr;
  }
  // Sequentially consistent, like the other side of each pair: destroy sets destroyed_,
  // then reads each entry's in_flight (and destroy(wait) waits for them); deactivate_object
  // marks the entry, then reads its in_flight.
  ActiveObjectMap::Entry* entry = destroyed_.load() ? nullptr : map_.slot_entry(slot);
  const auto active = [&] {
    return entry->used.load() && entry->generation.load() == key.address.slot_generation &&
           !entry->deactivating.load();
  };
  if (entry == nullptr || !active()) return nullptr;
  ++entry->in_flight;
  // Pinned if still the same activation and the POA still stands: then nothing rewrites
  // its id or servant (deactivation waits for in_flight, destroy leaves the entry). Only
  // atomics are read until both checks pass, since an entry destroy found unpinned may be
  // being removed.
  if (!destroyed_.load() && active() && entry->has_id(key.object_id)) {
    direct = entry->direct;
    return entry;
  }
  end_entry_upcall(entry, slot);  // may finish a deactivation this held up
  return nullptr;
}

bool PoaImpl::pin_active(const ParsedKey& key, Upcall& upcall) noexcept {
  orb::DirectUpcall* direct = nullptr;
  ActiveObjectMap::Entry* entry = pin_entry(key, direct);
  if (entry == nullptr) return false;
  upcall.entry = entry;
  upcall.slot = key.address.slot;
  return true;
}

PoaImpl::Upcall PoaImpl::find_servant(orb::ServerRequest& request, const ParsedKey& key) {
  if (Upcall upcall; pin_active(key, upcall)) return upcall;
  std::unique_lock lock(mutex_);
  if (destroyed_) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_no_adapter,
                                   "POA " + name_ + " was destroyed");
  }
  ++in_flight_;
  try {
    return lookup_servant(request, key, lock);
  } catch (...) {
    if (lock.owns_lock()) lock.unlock();
    end_upcall();
    throw;
  }
}

ActiveObjectMap::Entry* PoaImpl::entry_for(const ParsedKey& key, std::uint32_t& slot) noexcept {
  ActiveObjectMap::Entry* entry = nullptr;
  slot = key.address.slot;
  // A slot is only meaningful in keys of this instance of the POA system.
  if (slot != no_slot && key.instance == system_->instance()) {
    entry = map_.find(slot, key.address.slot_generation);
    if (entry != nullptr && !entry->has_id(key.object_id)) entry = nullptr;
  }
  if (entry == nullptr) {
    // Slot moved on or never known: USER_ID objects keep their id across activations.
    slot = no_slot;
    if (const auto found = map_.find_id(key.object_id)) {
      slot = *found;
      entry = &map_.at(slot);
    }
  }
  return entry;
}

PoaImpl::Upcall PoaImpl::lookup_servant(orb::ServerRequest& request, const ParsedKey& key,
                                        std::unique_lock<std::mutex>& lock) {
  Upcall upcall;
  if (policies_.retain() && count_on_active_object(key, lock, upcall)) return upcall;
  if (policies_.use_default_servant()) {
    if (!default_servant_) {
      raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_no_default_servant,
                                "no default servant set");
    }
    upcall.held = default_servant_;
    return upcall;
  }
  // NON_RETAIN + USE_SERVANT_MANAGER (the policy checks allow nothing else here).
  if (!locator_) {
    raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_no_servant_manager, "no servant manager set");
  }
  preinvoke_locator(request, key, lock, upcall);
  return upcall;
}

bool PoaImpl::count_on_active_object(const ParsedKey& key, std::unique_lock<std::mutex>& lock,
                                     Upcall& upcall) {
  while (true) {
    std::uint32_t slot = no_slot;
    ActiveObjectMap::Entry* entry = entry_for(key, slot);
    if (entry == nullptr && policies_.use_servant_manager() && activator_) {
      if (std::any_of(incarnating_.begin(), incarnating_.end(),
                      [&](const auto& id) { return same_bytes(id, key.object_id); })) {
        incarnated_.wait(lock);  // another request is incarnating it: use its servant
        continue;
      }
      auto servant = incarnate(key, lock);
      if (policies_.unique_id() && map_.find_servant(servant.shared().get())) {
        raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_incarnate_policy,
                                  "incarnate returned a servant active under another id");
      }
      slot = activate_locked({key.object_id.begin(), key.object_id.end()}, servant);
      entry = &map_.at(slot);
    }
    if (entry != nullptr && !entry->deactivating) {
      ++entry->in_flight;
      in_flight_.fetch_sub(1);  // counted on the entry from here (under M: no waiter to wake)
      upcall.entry = entry;
      upcall.slot = slot;
      return true;
    }
    if (entry != nullptr || !policies_.use_default_servant()) {
      if (policies_.use_servant_manager() && !activator_) {
        raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_no_servant_manager,
                                  "no servant manager set");
      }
      if (entry != nullptr && activator_) {
        // It will be etherealized, then incarnated again by the next request.
        raise<CORBA::TRANSIENT>(minor::transient_object_deactivating,
                                "object is being deactivated; retry");
      }
      raise<CORBA::OBJECT_NOT_EXIST>(
          minor::object_not_exist_not_active,
          entry != nullptr ? "object is being deactivated" : "no active object with this id");
    }
    return false;  // to the default servant
  }
}

void PoaImpl::preinvoke_locator(orb::ServerRequest& request, const ParsedKey& key,
                                std::unique_lock<std::mutex>& lock, Upcall& upcall) {
  auto locator = locator_;
  lock.unlock();
  const ObjectId oid(key.object_id.begin(), key.object_id.end());
  try {
    upcall.held = locator->preinvoke(oid, ref_type::adopt(shared_from_this()),
                                     std::string(request.operation()), upcall.cookie);
  } catch (const PortableServer::ForwardRequest& forward) {
    throw orb::LocationForward{forward.forward_reference(), false};
  }
  if (!upcall.held) {
    raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_null_servant, "preinvoke returned nil");
  }
  upcall.locator = std::move(locator);
}

PoaImpl::ServantRef PoaImpl::incarnate(const ParsedKey& key,
                                       std::unique_lock<std::mutex>& lock) {
  // Called with the lock held; returns with it held. Other requests for the same id wait
  // on incarnated_ meanwhile, so incarnate runs once per activation.
  ObjectId oid(key.object_id.begin(), key.object_id.end());
  incarnating_.push_back(oid);
  auto activator = activator_;
  lock.unlock();
  const auto done = [&] {
    lock.lock();
    std::erase(incarnating_, oid);
    incarnated_.notify_all();
  };
  ServantRef servant;
  try {
    servant = activator->incarnate(oid, ref_type::adopt(shared_from_this()));
  } catch (const PortableServer::ForwardRequest& forward) {
    done();
    throw orb::LocationForward{forward.forward_reference(), false};
  } catch (...) {
    done();
    throw;
  }
  done();
  if (!servant) {
    raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_null_servant, "incarnate returned nil");
  }
  return servant;
}

void PoaImpl::release_servant(Upcall& upcall, orb::ServerRequest& request, bool upcall_ok) {
  if (upcall.locator) {
    Finally done([this] { end_upcall(); });
    const auto key = parse_key(request.object_key());
    const ObjectId oid(key->object_id.begin(), key->object_id.end());
    try {
      upcall.locator->postinvoke(oid, ref_type::adopt(shared_from_this()),
                                 std::string(request.operation()), upcall.cookie,
                                 upcall.held);
    } catch (const CORBA::SystemException&) {
      // After a successful upcall its exception is the reply (the ORB restarts it);
      // after a failed one the upcall's own exception stands.
      if (upcall_ok) throw;
    }
    return;
  }
  end_entry_upcall(upcall.entry, upcall.slot);
}

bool PoaImpl::locate(const ParsedKey& key) {
  std::lock_guard lock(mutex_);
  if (destroyed_) return false;
  if (policies_.retain()) {
    if (const auto slot = map_.find_id(key.object_id); slot && !map_.at(*slot).deactivating) {
      return true;
    }
    if (policies_.use_servant_manager()) return activator_ != nullptr;
  }
  if (policies_.use_default_servant()) return default_servant_ != nullptr;
  if (policies_.use_servant_manager()) return locator_ != nullptr;
  return false;
}

}  // namespace rtorb::poa
