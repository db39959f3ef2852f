// POA table, RootPOA, and routing of object keys to POAs.
#include "poa/poa_system.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "poa/poa_impl.hpp"
#include "poa/reclamation.hpp"
#include "poa/upcall_context.hpp"

namespace rtorb::poa {
namespace {

// The POA this thread's last request went to: the next request for it (nearly every one)
// finds it without the table's lock. It keeps nothing alive: a POA is unregistered, which
// moves the epoch on, before it can be freed (PoaImpl::retire).
struct RouteMemo {
  const PoaSystem* system = nullptr;
  std::uint64_t epoch = 0;
  std::uint32_t index = 0;
  std::uint32_t generation = 0;
  PoaImpl* poa = nullptr;
};
thread_local RouteMemo last_route;

}  // namespace

PoaSystem::PoaSystem(std::unique_ptr<OrbServices> services)
    : services_(std::move(services)), instance_(services_->instance()) {}

std::shared_ptr<PoaSystem> PoaSystem::create(std::unique_ptr<OrbServices> services) {
  auto system = std::make_shared<PoaSystem>(std::move(services));
  auto manager = std::make_shared<PoaManagerImpl>(
      system->next_manager_id(), system->services().holding_bound(), system.get(),
      system->direct_epoch());
  auto root = PoaImpl::create(system, "RootPOA", nullptr, manager, PolicyValues::root());
  system->register_poa(root);
  manager->add_poa(root);
  system->root_ = std::move(root);
  system->current_ = CORBA::make_reference<CurrentImpl>();
  return system;
}

std::shared_ptr<PoaImpl> PoaSystem::root() const {
  std::lock_guard lock(tree_mutex_);
  if (!root_) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_poa_destroyed,
                                   "the ORB's POAs are shut down");
  }
  return root_;
}

void PoaSystem::register_poa(const std::shared_ptr<PoaImpl>& poa) {
  std::unique_lock lock(table_mutex_);
  std::uint32_t index;
  if (free_.empty()) {
    index = static_cast<std::uint32_t>(table_.size());
    table_.emplace_back();
  } else {
    index = free_.back();
    free_.pop_back();
  }
  table_[index].poa = poa;
  table_[index].raw = poa.get();
  poa->set_address(index, table_[index].generation);
}

void PoaSystem::unregister_poa(const PoaImpl& poa) {
  std::unique_lock lock(table_mutex_);
  const auto index = poa.address().poa_index;
  if (index >= table_.size() || table_[index].generation != poa.address().poa_generation)
    return;
  table_[index].poa.reset();
  table_[index].raw = nullptr;
  if (++table_[index].generation == 0) table_[index].generation = 1;
  free_.push_back(index);
  table_epoch_.fetch_add(1);
}

PoaImpl* PoaSystem::poa_at(std::uint32_t index, std::uint32_t generation) const {
  // The epoch is read before the table, so a memo made from a table read that raced with
  // an unregistration carries the older epoch and is never used.
  const std::uint64_t epoch = table_epoch_.load();
  RouteMemo& memo = last_route;
  if (memo.system == this && memo.epoch == epoch && memo.index == index &&
      memo.generation == generation) {
    return memo.poa;
  }
  PoaImpl* poa = nullptr;
  {
    std::shared_lock lock(table_mutex_);
    if (index >= table_.size() || table_[index].generation != generation) return nullptr;
    // Registered, so not yet retired; one whose last reference went is on its way out.
    if (table_[index].poa.expired()) return nullptr;
    poa = table_[index].raw;
  }
  memo = {this, epoch, index, generation, poa};
  return poa;
}

void PoaSystem::refuse_key(std::span<const std::uint8_t> key) const {
  forward_published(key);
  raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_bad_key,
                                 "no object with this key (not a POA key, not in the IORTable)");
}

void PoaSystem::forward_published(std::span<const std::uint8_t> key) const {
  if (auto target = services_->published_object(key)) {
    throw orb::LocationForward{std::move(target), false};
  }
}

std::shared_ptr<PoaImpl> PoaSystem::route(const ParsedKey& key, bool activate) {
  if (key.instance == instance_) {
    {
      const reclamation::ReadSection reading;
      if (PoaImpl* poa = poa_at(key.address.poa_index, key.address.poa_generation)) {
        if (auto held = poa->weak_from_this().lock()) return held;
      }
    }
    if (!key.persistent) {
      raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_no_adapter,
                                     "the POA of this object was destroyed");
    }
  } else if (!key.persistent) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_stale_key,
                                   "transient object of another ORB instance");
  }
  // A PERSISTENT key: walk the path, creating POAs through AdapterActivators.
  auto poa = root();
  for (const auto name : key.poa_path) {
    std::shared_ptr<PoaImpl> child;
    if (activate) {
      child = poa->child_for_request(std::string(name));
    } else {
      std::lock_guard lock(tree_mutex_);
      try {
        child =
            std::static_pointer_cast<PoaImpl>(poa->find_POA(std::string(name), false).shared());
      } catch (const PortableServer::POA::AdapterNonExistent&) {
      }
    }
    if (!child) {
      raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_no_adapter,
                                     "no POA for this persistent object");
    }
    poa = std::move(child);
  }
  if (!poa->policies().persistent()) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_no_adapter,
                                   "the POA of this name is not PERSISTENT");
  }
  return poa;
}

void PoaSystem::dispatch(orb::ServerRequest& request) {
  ParsedKey key;
  parse(request.object_key(), key);
  if (key.instance == instance_) {
    // The common case takes no reference to the POA: the read section covers finding it
    // and pinning the object's entry, after which destroy keeps the POA for the upcall.
    reclamation::ReadSection reading;
    PoaImpl* poa = poa_at(key.address.poa_index, key.address.poa_generation);
    if (poa != nullptr && poa->dispatch_pinned(request, key, reading)) return;
  }
  // The rest may block or run user code: it holds a reference to its POA.
  route(key, true)->dispatch(request, key);
}

bool PoaSystem::locate(std::span<const std::uint8_t> key) {
  const auto parsed = parse_key(key);
  if (!parsed) {
    forward_published(key);
    return false;
  }
  try {
    return route(*parsed, false)->locate(*parsed);
  } catch (const CORBA::OBJECT_NOT_EXIST&) {
    return false;
  }
}

bool PoaSystem::owns_key(std::span<const std::uint8_t> key) const noexcept {
  // Keys of this ORB instance, and PERSISTENT keys of any instance: the ORB asks only
  // about keys in profiles that name one of its own endpoints, so a PERSISTENT key there
  // is one this server made in an earlier run.
  if (!has_key_magic(key)) return false;
  std::uint64_t instance = 0;
  for (std::size_t i = 8; i < 16; ++i) instance = (instance << 8) | key[i];
  if (instance == instance_) return true;
  try {
    const auto parsed = parse_key(key);
    return parsed && parsed->persistent;
  } catch (...) {
    return false;  // std::bad_alloc for the path views
  }
}

void PoaSystem::shutdown(bool wait_for_completion) {
  if (wait_for_completion && in_upcall_of(this)) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_wait_in_upcall,
                                "shutdown(true) from inside an upcall");
  }
  std::shared_ptr<PoaImpl> root;
  {
    std::lock_guard lock(tree_mutex_);
    if (shut_down_) return;
    shut_down_ = true;
    root = std::move(root_);
  }
  // Requests held by HOLDING managers would wait for ever: deactivating releases them
  // (OBJ_ADAPTER) before the POAs go.
  std::vector<std::shared_ptr<PoaManagerImpl>> managers;
  std::vector<std::shared_ptr<PoaImpl>> poas;  // let go after the lock: a POA's last
  {                                            // reference unregisters it
    std::shared_lock lock(table_mutex_);
    for (const auto& slot : table_) {
      if (auto poa = slot.poa.lock()) {
        managers.push_back(poa->manager());
        poas.push_back(std::move(poa));
      }
    }
  }
  poas.clear();
  for (const auto& manager : managers) {
    try {
      manager->deactivate(false, false);
    } catch (const PortableServer::POAManager::AdapterInactive&) {
    }
  }
  invalidate_direct_calls();
  if (root) root->destroy(true, wait_for_completion);
}

}  // namespace rtorb::poa
