// POA operations: lifecycle, object keys, the tree, policies and servant managers.
#include "poa/poa_impl.hpp"

#include <algorithm>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <utility>

#include "poa/poa_system.hpp"
#include "poa/reclamation.hpp"
#include "poa/servant_access.hpp"
#include "poa/upcall_context.hpp"

namespace rtorb::poa {

using PortableServer::ObjectId;

PoaImpl::PoaImpl(std::shared_ptr<PoaSystem> system, std::string name,
                 std::shared_ptr<PoaImpl> parent, std::shared_ptr<PoaManagerImpl> manager,
                 PolicyValues policies)
    : system_(std::move(system)),
      name_(std::move(name)),
      parent_(parent),
      manager_(std::move(manager)),
      policies_(policies) {
  if (parent) {
    path_ = parent->path_;
    path_.push_back(name_);
  }
}

std::shared_ptr<PoaImpl> PoaImpl::create(std::shared_ptr<PoaSystem> system, std::string name,
                                         std::shared_ptr<PoaImpl> parent,
                                         std::shared_ptr<PoaManagerImpl> manager,
                                         PolicyValues policies) {
  std::unique_ptr<PoaImpl> poa(new PoaImpl(std::move(system), std::move(name),
                                           std::move(parent), std::move(manager), policies));
  // The shared_ptr takes ownership only once it has its control block.
  std::shared_ptr<PoaImpl> shared(poa.get(), &PoaImpl::retire);
  poa.release();
  return shared;
}

void PoaImpl::retire(PoaImpl* poa) noexcept {
  // Unregistering moves the table's epoch on, so no memo or table read finds it after.
  poa->system_->unregister_poa(*poa);
  reclamation::retire(poa, [](void* p) { delete static_cast<PoaImpl*>(p); });
}

PoaImpl::~PoaImpl() { manager_->forget_gone_poas(); }

void PoaImpl::release_when_idle() noexcept {
  std::shared_ptr<PoaImpl> last;
  {
    std::lock_guard lock(mutex_);
    if (in_flight_.load() == 0 && !upcalls_on_entries()) last = std::move(keep_alive_);
  }
}  // `last` goes after the lock; the object itself outlives the caller's read section

// --- helpers ---------------------------------------------------------------------------

void PoaImpl::check_alive() const {
  std::lock_guard lock(mutex_);
  if (destroyed_) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_poa_destroyed,
                                   "POA " + name_ + " was destroyed");
  }
}

void PoaImpl::require(bool condition) const {
  check_alive();
  if (!condition) throw WrongPolicy();
}

ObjectId PoaImpl::next_system_id() {
  // The ORB instance nonce, then a counter: unique across restarts of a PERSISTENT POA.
  ObjectId id(16);
  const std::uint64_t parts[2] = {system_->instance(), ++next_id_};
  for (int p = 0; p < 2; ++p) {
    for (int i = 0; i < 8; ++i)
      id[p * 8 + i] = static_cast<std::uint8_t>(parts[p] >> (56 - 8 * i));
  }
  return id;
}

bool PoaImpl::is_system_id(std::span<const std::uint8_t> oid) const noexcept {
  if (oid.size() != 16) return false;
  if (policies_.persistent()) return true;  // made by this POA in any earlier run
  std::uint64_t instance = 0;
  for (int i = 0; i < 8; ++i) instance = (instance << 8) | oid[i];
  return instance == system_->instance();
}

std::vector<std::uint8_t> PoaImpl::make_key(std::span<const std::uint8_t> oid,
                                            std::uint32_t slot,
                                            std::uint32_t slot_generation) const {
  return encode_key(policies_.persistent(), system_->instance(),
                    {index_, generation_, slot, slot_generation}, path_, oid);
}

PoaImpl::ObjectRef PoaImpl::make_reference(std::span<const std::uint8_t> oid,
                                           const std::string& type_id,
                                           std::int32_t priority) {
  std::uint32_t slot = no_slot;
  std::uint32_t generation = 0;
  if (policies_.retain()) {
    std::lock_guard lock(mutex_);
    if (auto s = map_.find_id(oid)) {
      slot = *s;
      generation = map_.at(slot).generation;
      priority = map_.at(slot).priority;
    }
  }
  return reference_with_key(type_id, make_key(oid, slot, generation), priority);
}

PoaImpl::ObjectRef PoaImpl::reference_with_key(const std::string& type_id,
                                               std::vector<std::uint8_t> key,
                                               std::int32_t priority) {
  if (policies_.qos) {
    return system_->services().make_reference(type_id, std::move(key),
                                              policies_.qos->layout(priority));
  }
  return system_->services().make_reference(type_id, std::move(key));
}

PoaImpl::ObjectRef PoaImpl::reference_for(std::span<const std::uint8_t> oid,
                                          const std::string& type_id) {
  return make_reference(oid, type_id);
}

std::uint32_t PoaImpl::activate_locked(ObjectId oid, const ServantRef& servant,
                                       std::int32_t priority) {
  PortableServer::ServantAccess::set_default_poa(*servant, system_);
  return map_.insert(std::move(oid), servant, priority);
}

ObjectId PoaImpl::implicit_activate(const ServantRef& servant) {
  std::lock_guard lock(mutex_);
  ObjectId id = next_system_id();
  activate_locked(id, servant);
  return id;
}

bool PoaImpl::owns(const ParsedKey& key) const {
  if (key.instance == system_->instance() && key.address.poa_index == index_ &&
      key.address.poa_generation == generation_) {
    return true;
  }
  if (!key.persistent || !policies_.persistent() || key.poa_path.size() != path_.size()) {
    return false;
  }
  for (std::size_t i = 0; i < path_.size(); ++i) {
    if (key.poa_path[i] != path_[i]) return false;
  }
  return true;
}

std::vector<std::uint8_t> PoaImpl::key_of_own_reference(const ObjectRef& reference) {
  auto key = reference ? system_->services().key_of(reference) : std::nullopt;
  if (!key) throw WrongAdapter();
  const auto parsed = parse_key(*key);
  if (!parsed || !owns(*parsed)) throw WrongAdapter();
  return std::move(*key);
}

// --- the tree --------------------------------------------------------------------------

PortableServer::POA::ref_type PoaImpl::create_POA(
    const std::string& adapter_name,
    CORBA::object_reference<PortableServer::POAManager> a_POAManager,
    const CORBA::PolicyList& policies) {
  check_alive();
  OrbServices& services = system_->services();
  PolicyValues values =
      parse_policies(policies, [&](CORBA::PolicyType type) { return services.handles_policy(type); });
  values.qos = services.make_qos(policies);
  std::shared_ptr<PoaManagerImpl> manager;
  if (a_POAManager) {
    manager = std::dynamic_pointer_cast<PoaManagerImpl>(a_POAManager.shared());
    if (!manager) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_foreign_poa_manager,
                              "create_POA: not a POAManager of this ORB");
    }
  }
  std::lock_guard tree(system_->tree_mutex());
  if (children_.contains(adapter_name)) throw AdapterAlreadyExists();
  if (!manager) {
    manager = std::make_shared<PoaManagerImpl>(
        system_->next_manager_id(), system_->services().holding_bound(), system_.get(),
        system_->direct_epoch());
  }
  auto child = PoaImpl::create(system_, adapter_name, shared_from_this(), manager, values);
  system_->register_poa(child);
  manager->add_poa(child);
  children_.emplace(adapter_name, child);
  return ref_type::adopt(child);
}

PortableServer::POA::ref_type PoaImpl::find_POA(const std::string& adapter_name,
                                                bool activate_it) {
  check_alive();
  CORBA::object_reference<PortableServer::AdapterActivator> activator;
  {
    std::lock_guard tree(system_->tree_mutex());
    if (auto it = children_.find(adapter_name); it != children_.end()) {
      return ref_type::adopt(it->second);
    }
    activator = adapter_activator_;
  }
  if (activate_it && activator &&
      activator->unknown_adapter(ref_type::adopt(shared_from_this()), adapter_name)) {
    std::lock_guard tree(system_->tree_mutex());
    if (auto it = children_.find(adapter_name); it != children_.end()) {
      return ref_type::adopt(it->second);
    }
  }
  throw AdapterNonExistent();
}

std::shared_ptr<PoaImpl> PoaImpl::child_for_request(const std::string& name) {
  try {
    return std::static_pointer_cast<PoaImpl>(find_POA(name, true).shared());
  } catch (const AdapterNonExistent&) {
    return nullptr;
  } catch (const CORBA::OBJECT_NOT_EXIST&) {
    throw;
  } catch (const CORBA::Exception& e) {
    raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_activator_failed,
                              std::string("AdapterActivator raised ") + e._name());
  }
}

void PoaImpl::destroy(bool etherealize_objects, bool wait_for_completion) {
  if (wait_for_completion && in_upcall_of(system_.get())) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_wait_in_upcall,
                                "POA::destroy(wait) from inside an upcall");
  }
  destroy_tree(etherealize_objects, wait_for_completion);
}

void PoaImpl::destroy_tree(bool etherealize_objects, bool wait_for_completion) {
  auto self = shared_from_this();  // keeps this alive while the parent lets go
  {
    std::lock_guard lock(mutex_);
    if (destroyed_) return;
    destroyed_ = true;
    system_->invalidate_direct_calls();
  }
  std::shared_ptr<PoaImpl> parent;  // let go after the lock, like every POA reference
  const auto children = detach_from_tree(parent);
  for (const auto& [name, child] : children)
    child->destroy_tree(etherealize_objects, wait_for_completion);
  system_->unregister_poa(*this);
  // Still the manager's until it goes: its wait_for_completion waits for upcalls running
  // here (forget_gone_poas when the last reference goes).
  RemovedObjects removed = remove_objects(self, wait_for_completion);
  if (!etherealize_objects || !removed.activator) return;
  etherealize_removed(removed, ref_type::adopt(self));
}

std::map<std::string, std::shared_ptr<PoaImpl>> PoaImpl::detach_from_tree(
    std::shared_ptr<PoaImpl>& parent) {
  std::map<std::string, std::shared_ptr<PoaImpl>> children;
  std::lock_guard tree(system_->tree_mutex());
  children.swap(children_);
  adapter_activator_ = nullptr;
  if ((parent = parent_.lock())) {
    auto it = parent->children_.find(name_);
    if (it != parent->children_.end() && it->second.get() == this) parent->children_.erase(it);
  }
  return children;
}

PoaImpl::RemovedObjects PoaImpl::remove_objects(const std::shared_ptr<PoaImpl>& self,
                                                bool wait_for_completion) {
  RemovedObjects removed;
  std::unique_lock lock(mutex_);
  if (wait_for_completion) {
    // Upcalls on an active object are counted on its entry, the others in in_flight_.
    const auto idle = [this] { return in_flight_.load() == 0 && !upcalls_on_entries(); };
    ++idle_waiters_;
    idle_.wait(lock, idle);
    --idle_waiters_;
  }
  for (const auto slot : map_.used_slots()) {
    auto& entry = map_.at(slot);
    // After destroyed_, sequentially consistent: a request pinning the entry either counted
    // itself here first or sees destroyed_ and lets go (pin_entry).
    if (entry.in_flight.load() != 0) {
      // An upcall still running reads its entry's servant (POA Current, the call itself):
      // the entry stays, unreachable, until the POA goes; it is etherealized all the same.
      removed.objects.emplace_back(entry.id, entry.servant);
    } else {
      ObjectId id = entry.id;
      removed.objects.emplace_back(std::move(id), map_.remove(slot));
    }
  }
  removed.activator = std::move(activator_);
  locator_ = nullptr;
  default_servant_ = nullptr;
  default_direct_ = nullptr;
  // Counted under M or, for pinned entries, read again after destroyed_ was set: an
  // upcall that ends later sees destroyed_ and lets go (release_when_idle).
  if (in_flight_.load() != 0 || upcalls_on_entries()) keep_alive_ = self;
  return removed;
}

void PoaImpl::etherealize_removed(RemovedObjects& removed, const ref_type& poa) {
  auto& objects = removed.objects;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const bool remaining =
        std::any_of(objects.begin() + static_cast<std::ptrdiff_t>(i) + 1, objects.end(),
                    [&](const auto& r) { return r.second == objects[i].second; });
    try {
      removed.activator->etherealize(objects[i].first, poa, objects[i].second, true, remaining);
    } catch (const CORBA::Exception&) {
      // The spec lets etherealize fail; the rest still get theirs.
    }
  }
}

// --- policies and attributes -----------------------------------------------------------

CORBA::object_reference<PortableServer::ThreadPolicy> PoaImpl::create_thread_policy(
    PortableServer::ThreadPolicyValue value) {
  return make_policy(value);
}
CORBA::object_reference<PortableServer::LifespanPolicy> PoaImpl::create_lifespan_policy(
    PortableServer::LifespanPolicyValue value) {
  return make_policy(value);
}
CORBA::object_reference<PortableServer::IdUniquenessPolicy>
PoaImpl::create_id_uniqueness_policy(PortableServer::IdUniquenessPolicyValue value) {
  return make_policy(value);
}
CORBA::object_reference<PortableServer::IdAssignmentPolicy>
PoaImpl::create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue value) {
  return make_policy(value);
}
CORBA::object_reference<PortableServer::ImplicitActivationPolicy>
PoaImpl::create_implicit_activation_policy(
    PortableServer::ImplicitActivationPolicyValue value) {
  return make_policy(value);
}
CORBA::object_reference<PortableServer::ServantRetentionPolicy>
PoaImpl::create_servant_retention_policy(PortableServer::ServantRetentionPolicyValue value) {
  return make_policy(value);
}
CORBA::object_reference<PortableServer::RequestProcessingPolicy>
PoaImpl::create_request_processing_policy(PortableServer::RequestProcessingPolicyValue value) {
  return make_policy(value);
}

std::string PoaImpl::the_name() {
  check_alive();
  return name_;
}

PortableServer::POA::ref_type PoaImpl::the_parent() {
  check_alive();
  return ref_type::adopt(parent_.lock());
}

PortableServer::POA::POAList PoaImpl::the_children() {
  check_alive();
  std::lock_guard tree(system_->tree_mutex());
  POAList list;
  list.reserve(children_.size());
  for (const auto& [name, child] : children_) list.push_back(ref_type::adopt(child));
  return list;
}

CORBA::object_reference<PortableServer::POAManager> PoaImpl::the_POAManager() {
  check_alive();
  return CORBA::object_reference<PortableServer::POAManager>::adopt(manager_);
}

CORBA::object_reference<PortableServer::AdapterActivator> PoaImpl::the_activator() {
  check_alive();
  std::lock_guard tree(system_->tree_mutex());
  return adapter_activator_;
}

void PoaImpl::the_activator(
    CORBA::object_reference<PortableServer::AdapterActivator> activator) {
  check_alive();
  std::lock_guard tree(system_->tree_mutex());
  adapter_activator_ = std::move(activator);
}

std::vector<std::uint8_t> PoaImpl::id() {
  check_alive();
  return make_key({}, no_slot, 0);  // the key prefix of this POA's objects: unique in the ORB
}

bool PoaImpl::_is_a(const std::string& repository_id) {
  return repository_id == IDL::traits<PortableServer::POA>::repository_id ||
         CORBA::LocalObject::_is_a(repository_id);
}

// --- servant managers and default servant ----------------------------------------------

CORBA::object_reference<PortableServer::ServantManager> PoaImpl::get_servant_manager() {
  require(policies_.use_servant_manager());
  std::lock_guard lock(mutex_);
  if (activator_) return activator_;
  return locator_;
}

void PoaImpl::set_servant_manager(
    CORBA::object_reference<PortableServer::ServantManager> imgr) {
  require(policies_.use_servant_manager());
  std::lock_guard lock(mutex_);
  if (activator_ || locator_) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_servant_manager_set,
                                "set_servant_manager called twice");
  }
  if (policies_.retain()) {
    activator_ = IDL::traits<PortableServer::ServantActivator>::narrow(imgr);
    if (!activator_) {
      raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_no_servant_manager,
                                "a RETAIN POA needs a ServantActivator");
    }
  } else {
    locator_ = IDL::traits<PortableServer::ServantLocator>::narrow(imgr);
    if (!locator_) {
      raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_no_servant_manager,
                                "a NON_RETAIN POA needs a ServantLocator");
    }
  }
}

PortableServer::POA::ServantRef PoaImpl::get_servant() {
  require(policies_.use_default_servant());
  std::lock_guard lock(mutex_);
  if (!default_servant_) throw NoServant();
  return default_servant_;
}

void PoaImpl::set_servant(ServantRef p_servant) {
  require(policies_.use_default_servant());
  if (!p_servant)
    raise<CORBA::BAD_PARAM>(minor::bad_param_nil_servant, "nil servant");
  PortableServer::ServantAccess::set_default_poa(*p_servant, system_);
  auto* direct = dynamic_cast<orb::DirectUpcall*>(p_servant.shared().get());
  std::lock_guard lock(mutex_);
  default_servant_ = std::move(p_servant);
  default_direct_ = direct;
}

}  // namespace rtorb::poa
