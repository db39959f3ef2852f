// POA operations on objects: activation, references and ids, and objects with a priority
// of their own (the tree, policies and servant managers are in poa_impl.cpp).
#include "poa/poa_impl.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <string>
#include <utility>

#include "poa/poa_system.hpp"
#include "poa/servant_access.hpp"
#include "poa/upcall_context.hpp"

namespace rtorb::poa {

using PortableServer::ObjectId;

// --- activation ------------------------------------------------------------------------

ObjectId PoaImpl::activate_object(ServantRef p_servant) {
  return activate_at(std::move(p_servant), orb::no_priority);
}

ObjectId PoaImpl::activate_at(ServantRef p_servant, std::int32_t priority) {
  require(policies_.system_id() && policies_.retain());
  if (!p_servant)
    raise<CORBA::BAD_PARAM>(minor::bad_param_nil_servant, "nil servant");
  std::lock_guard lock(mutex_);
  if (policies_.unique_id() && map_.find_servant(p_servant.shared().get())) {
    throw ServantAlreadyActive();
  }
  ObjectId id = next_system_id();
  activate_locked(id, p_servant, priority);
  return id;
}

void PoaImpl::activate_object_with_id(const ObjectId& id, ServantRef p_servant) {
  activate_with_id_at(id, std::move(p_servant), orb::no_priority);
}

void PoaImpl::activate_with_id_at(const ObjectId& id, ServantRef p_servant,
                                  std::int32_t priority) {
  require(policies_.retain());
  if (!p_servant)
    raise<CORBA::BAD_PARAM>(minor::bad_param_nil_servant, "nil servant");
  if (policies_.system_id() && !is_system_id(id)) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_foreign_object_id,
                            "activate_object_with_id: not an id this SYSTEM_ID POA made");
  }
  std::lock_guard lock(mutex_);
  if (map_.find_id(id)) throw ObjectAlreadyActive();
  if (policies_.unique_id() && map_.find_servant(p_servant.shared().get())) {
    throw ServantAlreadyActive();
  }
  activate_locked(id, p_servant, priority);
}

void PoaImpl::deactivate_object(const ObjectId& oid) {
  require(policies_.retain());
  std::unique_lock lock(mutex_);
  const auto slot = map_.find_id(oid);
  if (!slot || map_.at(*slot).deactivating) throw ObjectNotActive();
  auto& entry = map_.at(*slot);
  entry.deactivating = true;
  system_->invalidate_direct_calls();  // under mutex_: a lookup that sees it sees the mark
  if (entry.in_flight == 0) finish_deactivation(*slot, lock, false);
}

void PoaImpl::finish_deactivation(std::uint32_t slot, std::unique_lock<std::mutex>& lock,
                                  bool cleanup_in_progress) {
  ObjectId id = map_.at(slot).id;
  ServantRef servant = map_.remove(slot);
  const bool remaining = map_.activations(servant.shared().get()) > 0;
  auto activator = activator_;
  lock.unlock();
  if (!activator) return;
  try {
    activator->etherealize(id, ref_type::adopt(shared_from_this()), servant,
                           cleanup_in_progress, remaining);
  } catch (const CORBA::Exception&) {
    // Nobody to report it to: the object is gone either way.
  }
}

void PoaImpl::etherealize_all(bool cleanup_in_progress) {
  if (!policies_.retain() || !policies_.use_servant_manager()) return;
  std::unique_lock lock(mutex_);
  if (!activator_) return;
  for (const auto slot : map_.used_slots()) {
    auto& entry = map_.at(slot);
    if (!entry.used || entry.deactivating) continue;
    entry.deactivating = true;
    system_->invalidate_direct_calls();
    if (entry.in_flight == 0) {
      finish_deactivation(slot, lock, cleanup_in_progress);
      lock.lock();
    }
  }
}

// --- references and ids ----------------------------------------------------------------

PoaImpl::ObjectRef PoaImpl::create_reference(const std::string& intf) {
  return create_reference_at(intf, orb::no_priority);
}

PoaImpl::ObjectRef PoaImpl::create_reference_at(const std::string& intf, std::int32_t priority) {
  require(policies_.system_id());
  ObjectId id;
  {
    std::lock_guard lock(mutex_);
    id = next_system_id();
  }
  return reference_with_key(intf, make_key(id, no_slot, 0), priority);
}

PoaImpl::ObjectRef PoaImpl::create_reference_with_id(const ObjectId& oid,
                                                     const std::string& intf) {
  return create_reference_with_id_at(oid, intf, orb::no_priority);
}

PoaImpl::ObjectRef PoaImpl::create_reference_with_id_at(const ObjectId& oid,
                                                        const std::string& intf,
                                                        std::int32_t priority) {
  check_alive();
  if (policies_.system_id() && !is_system_id(oid)) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_foreign_object_id,
                            "create_reference_with_id: not an id this SYSTEM_ID POA made");
  }
  return make_reference(oid, intf, priority);
}

ObjectId PoaImpl::servant_to_id(ServantRef p_servant) {
  require(policies_.use_default_servant() ||
          (policies_.retain() && (policies_.unique_id() || policies_.implicit_activation())));
  if (!p_servant) throw ServantNotActive();
  if (policies_.retain()) {
    std::lock_guard lock(mutex_);
    const auto slot = map_.find_servant(p_servant.shared().get());
    if (slot && policies_.unique_id()) return map_.at(*slot).id;
    if (policies_.implicit_activation()) {
      ObjectId id = next_system_id();
      activate_locked(id, p_servant);
      return id;
    }
  }
  if (const auto* frame = current_upcall();
      frame != nullptr && frame->poa == this && *frame->servant == p_servant) {
    return {frame->object_id.begin(), frame->object_id.end()};
  }
  throw ServantNotActive();
}

PoaImpl::ObjectRef PoaImpl::servant_to_reference(ServantRef p_servant) {
  require(policies_.retain() && (policies_.unique_id() || policies_.implicit_activation()));
  if (!p_servant) throw ServantNotActive();
  const std::string type_id = p_servant->rtorb_repository_id();
  std::optional<ObjectId> id;
  {
    std::lock_guard lock(mutex_);
    const auto slot = map_.find_servant(p_servant.shared().get());
    if (slot && policies_.unique_id()) {
      id = map_.at(*slot).id;
    } else if (policies_.implicit_activation()) {
      id = next_system_id();
      activate_locked(*id, p_servant);
    }
  }
  if (id) return make_reference(*id, type_id);
  if (const auto* frame = current_upcall();
      frame != nullptr && frame->poa == this && *frame->servant == p_servant) {
    return make_reference(frame->object_id, type_id);
  }
  throw ServantNotActive();
}

PoaImpl::ServantRef PoaImpl::reference_to_servant(ObjectRef reference) {
  require(policies_.retain() || policies_.use_default_servant());
  const auto key = key_of_own_reference(reference);
  const auto parsed = parse_key(key);
  const ObjectId oid(parsed->object_id.begin(), parsed->object_id.end());
  return id_to_servant(oid);
}

ObjectId PoaImpl::reference_to_id(ObjectRef reference) {
  check_alive();
  const auto key = key_of_own_reference(reference);
  const auto parsed = parse_key(key);
  return {parsed->object_id.begin(), parsed->object_id.end()};
}

PoaImpl::ServantRef PoaImpl::id_to_servant(const ObjectId& oid) {
  require(policies_.retain() || policies_.use_default_servant());
  std::lock_guard lock(mutex_);
  if (policies_.retain()) {
    if (const auto slot = map_.find_id(oid); slot && !map_.at(*slot).deactivating) {
      return map_.at(*slot).servant;
    }
  }
  if (policies_.use_default_servant() && default_servant_) return default_servant_;
  throw ObjectNotActive();
}

PoaImpl::ObjectRef PoaImpl::id_to_reference(const ObjectId& oid) {
  require(policies_.retain());
  std::string type_id;
  {
    std::lock_guard lock(mutex_);
    const auto slot = map_.find_id(oid);
    if (!slot || map_.at(*slot).deactivating) throw ObjectNotActive();
    type_id = map_.at(*slot).servant->rtorb_repository_id();
  }
  return make_reference(oid, type_id);
}


// --- objects with a priority of their own ----------------------------------------------

void PoaImpl::require_object_priority(std::int32_t priority) const {
  check_alive();
  using Check = orb::ServerQos::ObjectPriority;
  const Check check = policies_.qos ? policies_.qos->check_object_priority(priority)
                                    : Check::wrong_policy;
  if (check == Check::wrong_policy) throw WrongPolicy();
  if (check == Check::bad_priority) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_priority,
                            "priority " + std::to_string(priority) +
                                " is not one this POA's objects may have");
  }
}

ObjectId PoaImpl::activate_object_with_priority(ServantRef p_servant, std::int32_t priority) {
  require_object_priority(priority);
  return activate_at(std::move(p_servant), priority);
}

void PoaImpl::activate_object_with_id_and_priority(const ObjectId& oid, ServantRef p_servant,
                                                   std::int32_t priority) {
  require_object_priority(priority);
  activate_with_id_at(oid, std::move(p_servant), priority);
}

PoaImpl::ObjectRef PoaImpl::create_reference_with_priority(const std::string& intf,
                                                           std::int32_t priority) {
  require_object_priority(priority);
  return create_reference_at(intf, priority);
}

PoaImpl::ObjectRef PoaImpl::create_reference_with_id_and_priority(const ObjectId& oid,
                                                                  const std::string& intf,
                                                                  std::int32_t priority) {
  require_object_priority(priority);
  return create_reference_with_id_at(oid, intf, priority);
}

}  // namespace rtorb::poa
