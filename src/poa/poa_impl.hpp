// One POA: its place in the tree, policies, active object map, servant managers, and the
// upcall path for requests routed to it (docs/poa.md).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <rtorb/orb/direct_call.hpp>
#include <rtorb/orb/server_request.hpp>
#include <rtorb/poa/poa.hpp>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/object_adapter.hpp"
#include "poa/active_object_map.hpp"
#include "poa/object_key.hpp"
#include "poa/poa_manager_impl.hpp"
#include "poa/policy_values.hpp"
#include "poa/reclamation.hpp"

namespace rtorb::poa {

class PoaSystem;

class PoaImpl final : public PortableServer::POA, public std::enable_shared_from_this<PoaImpl> {
 public:
  // A new POA whose last reference unregisters it and retires it (retire).
  static std::shared_ptr<PoaImpl> create(std::shared_ptr<PoaSystem> system, std::string name,
                                         std::shared_ptr<PoaImpl> parent,
                                         std::shared_ptr<PoaManagerImpl> manager,
                                         PolicyValues policies);
  ~PoaImpl() override;

  // --- PortableServer::POA -------------------------------------------------------------
  ref_type create_POA(const std::string& adapter_name,
                      CORBA::object_reference<PortableServer::POAManager> a_POAManager,
                      const CORBA::PolicyList& policies) override;
  ref_type find_POA(const std::string& adapter_name, bool activate_it) override;
  void destroy(bool etherealize_objects, bool wait_for_completion) override;

  CORBA::object_reference<PortableServer::ThreadPolicy> create_thread_policy(
      PortableServer::ThreadPolicyValue value) override;
  CORBA::object_reference<PortableServer::LifespanPolicy> create_lifespan_policy(
      PortableServer::LifespanPolicyValue value) override;
  CORBA::object_reference<PortableServer::IdUniquenessPolicy> create_id_uniqueness_policy(
      PortableServer::IdUniquenessPolicyValue value) override;
  CORBA::object_reference<PortableServer::IdAssignmentPolicy> create_id_assignment_policy(
      PortableServer::IdAssignmentPolicyValue value) override;
  CORBA::object_reference<PortableServer::ImplicitActivationPolicy>
  create_implicit_activation_policy(
      PortableServer::ImplicitActivationPolicyValue value) override;
  CORBA::object_reference<PortableServer::ServantRetentionPolicy>
  create_servant_retention_policy(PortableServer::ServantRetentionPolicyValue value) override;
  CORBA::object_reference<PortableServer::RequestProcessingPolicy>
  create_request_processing_policy(PortableServer::RequestProcessingPolicyValue value) override;

  std::string the_name() override;
  ref_type the_parent() override;
  POAList the_children() override;
  CORBA::object_reference<PortableServer::POAManager> the_POAManager() override;
  CORBA::object_reference<PortableServer::AdapterActivator> the_activator() override;
  void the_activator(
      CORBA::object_reference<PortableServer::AdapterActivator> activator) override;
  std::vector<std::uint8_t> id() override;

  CORBA::object_reference<PortableServer::ServantManager> get_servant_manager() override;
  void set_servant_manager(
      CORBA::object_reference<PortableServer::ServantManager> imgr) override;
  ServantRef get_servant() override;
  void set_servant(ServantRef p_servant) override;

  PortableServer::ObjectId activate_object(ServantRef p_servant) override;
  void activate_object_with_id(const PortableServer::ObjectId& id,
                               ServantRef p_servant) override;
  void deactivate_object(const PortableServer::ObjectId& oid) override;

  ObjectRef create_reference(const std::string& intf) override;
  ObjectRef create_reference_with_id(const PortableServer::ObjectId& oid,
                                     const std::string& intf) override;
  PortableServer::ObjectId servant_to_id(ServantRef p_servant) override;
  ObjectRef servant_to_reference(ServantRef p_servant) override;
  ServantRef reference_to_servant(ObjectRef reference) override;
  PortableServer::ObjectId reference_to_id(ObjectRef reference) override;
  ServantRef id_to_servant(const PortableServer::ObjectId& oid) override;
  ObjectRef id_to_reference(const PortableServer::ObjectId& oid) override;

  bool _is_a(const std::string& repository_id) override;

  // --- objects with a priority of their own -----------------------------------------------
  // RTPortableServer::POA's four operations, for the rt layer: as their plain twins, with a
  // priority the POA's QoS must accept (core/seams/server_qos.hpp). Raise WrongPolicy when it
  // refuses the policies, BAD_PARAM bad_param_bad_priority when it refuses the priority.
  PortableServer::ObjectId activate_object_with_priority(ServantRef p_servant,
                                                         std::int32_t priority);
  void activate_object_with_id_and_priority(const PortableServer::ObjectId& oid,
                                            ServantRef p_servant,
                                            std::int32_t priority);
  ObjectRef create_reference_with_priority(const std::string& intf, std::int32_t priority);
  ObjectRef create_reference_with_id_and_priority(const PortableServer::ObjectId& oid,
                                                  const std::string& intf,
                                                  std::int32_t priority);

  // --- for PoaSystem and the dispatch path ----------------------------------------------
  // Runs `request` (key already parsed and routed here). Raises what dispatch() of
  // ObjectAdapter documents, or orb::LocationForward.
  void dispatch(orb::ServerRequest& request, const ParsedKey& key);
  // dispatch's common case, for a POA found inside `reading` and not otherwise held: an
  // active object named by its slot, pinned, with the manager ACTIVE. Closes `reading`
  // once pinned (from then on destroy keeps this POA until the upcall ends) and serves the
  // request. False, having run nothing and with `reading` still open, otherwise.
  bool dispatch_pinned(orb::ServerRequest& request, const ParsedKey& key,
                       reclamation::ReadSection& reading);
  bool locate(const ParsedKey& key);
  // -ORBCollocation direct (direct_dispatch.cpp): the servant of `key` when this POA would
  // dispatch straight to it (see ObjectAdapter::direct_binding); the caller has read the
  // epoch. Counts nothing.
  orb::DirectBinding direct_binding(const ParsedKey& key) noexcept;
  // Thru-POA collocation without marshaling (collocated_dispatch.cpp): runs `call` with the
  // servant of `key` inside an upcall (counted, POA Current set, serialised under
  // SINGLE_THREAD_MODEL) when the servant is an active object or the default servant and
  // the manager is ACTIVE; false, having run nothing, otherwise.
  // Found inside `reading`: closed once the upcall is counted, or a reference taken.
  bool collocated_upcall(const ParsedKey& key, orb::FunctionRef<bool(orb::DirectUpcall*)> call,
                         reclamation::ReadSection& reading);
  // An upcall (or a request pinning an entry for a moment) is counted on an active object
  // map entry: the POAManager's wait_for_completion waits for these too, since a request
  // to an active object is counted only there (pin_entry, then PoaManagerImpl::active).
  bool upcalls_on_entries() const noexcept { return map_.any_in_flight(); }
  // The child called `name`, asking the AdapterActivator if `activate` (OBJ_ADAPTER OMG
  // minor 1 if it raises); nullptr if there is none.
  std::shared_ptr<PoaImpl> child_for_request(const std::string& name);
  // True if `key` names this POA (index and generation of this ORB instance, or the
  // same PERSISTENT path).
  bool owns(const ParsedKey& key) const;
  // POAManager::deactivate(true): etherealize every servant of a RETAIN +
  // USE_SERVANT_MANAGER POA.
  void etherealize_all(bool cleanup_in_progress);
  // The reference the current upcall (on this POA) came through.
  ObjectRef reference_for(std::span<const std::uint8_t> oid, const std::string& type_id);
  const PolicyValues& policies() const noexcept { return policies_; }
  const std::shared_ptr<PoaManagerImpl>& manager() const noexcept { return manager_; }
  const std::vector<std::string>& path() const noexcept { return path_; }
  KeyAddress address() const noexcept { return {index_, generation_, no_slot, 0}; }
  void set_address(std::uint32_t index, std::uint32_t generation) noexcept {
    index_ = index;
    generation_ = generation;
  }

 private:
  PoaImpl(std::shared_ptr<PoaSystem> system, std::string name, std::shared_ptr<PoaImpl> parent,
          std::shared_ptr<PoaManagerImpl> manager, PolicyValues policies);
  // Fields guarded by mutex_ are marked (M). Tree fields use the PoaSystem's tree mutex (T).
  struct Upcall;  // one request's servant and bookkeeping (poa_dispatch.cpp)

  void check_alive() const;                   // OBJECT_NOT_EXIST after destroy
  void require(bool condition) const;         // WrongPolicy unless condition
  PortableServer::ObjectId next_system_id();  // needs mutex_
  bool is_system_id(std::span<const std::uint8_t> oid) const noexcept;
  std::vector<std::uint8_t> make_key(std::span<const std::uint8_t> oid, std::uint32_t slot,
                                     std::uint32_t slot_generation) const;
  // `priority`: the object's own for one not active (an active one's is in the map).
  ObjectRef make_reference(std::span<const std::uint8_t> oid, const std::string& type_id,
                           std::int32_t priority = orb::no_priority);
  // A reference with `key`, laid out as the POA's QoS says (if it has one).
  ObjectRef reference_with_key(const std::string& type_id, std::vector<std::uint8_t> key,
                               std::int32_t priority);
  // Activates `servant` under `oid` (needs mutex_ held); returns the slot.
  std::uint32_t activate_locked(PortableServer::ObjectId oid, const ServantRef& servant,
                                std::int32_t priority = orb::no_priority);
  // Raises what the *_with_priority operations raise when `priority` may not be given.
  void require_object_priority(std::int32_t priority) const;
  // The activation and reference operations, for an object of `priority` (or
  // orb::no_priority): the plain ones and the *_with_priority ones share them.
  PortableServer::ObjectId activate_at(ServantRef p_servant, std::int32_t priority);
  void activate_with_id_at(const PortableServer::ObjectId& oid, ServantRef p_servant,
                           std::int32_t priority);
  ObjectRef create_reference_at(const std::string& intf, std::int32_t priority);
  ObjectRef create_reference_with_id_at(const PortableServer::ObjectId& oid,
                                        const std::string& intf, std::int32_t priority);
  PortableServer::ObjectId implicit_activate(const ServantRef& servant);
  std::vector<std::uint8_t> key_of_own_reference(const ObjectRef& reference);
  void finish_deactivation(std::uint32_t slot, std::unique_lock<std::mutex>& lock,
                           bool cleanup_in_progress);
  // collocated_upcall once the upcall is counted (on `entry`, else in in_flight_ with
  // `default_servant` held): the POA Current and SINGLE_THREAD_MODEL around `call`, then
  // the count ends however it leaves.
  bool run_counted_upcall(const ParsedKey& key, ActiveObjectMap::Entry* entry,
                          std::uint32_t slot, ServantRef& default_servant,
                          orb::DirectUpcall* direct,
                          orb::FunctionRef<bool(orb::DirectUpcall*)> call);
  // Ends an upcall counted in in_flight_ alone. Takes no lock unless destroy waits.
  void end_upcall() noexcept;
  // The active object map entry `key` names (by slot, else by id); nullptr if none. Sets
  // `slot`. Needs mutex_.
  ActiveObjectMap::Entry* entry_for(const ParsedKey& key, std::uint32_t& slot) noexcept;
  // Ends an upcall counted on map entry `entry` at `slot` (finishing a deactivation it
  // held up or waking destroy(wait); the mutex only then), or in in_flight_ for nullptr.
  // Never raises.
  void end_entry_upcall(ActiveObjectMap::Entry* entry, std::uint32_t slot) noexcept;
  // Counts the upcall (on its entry, else in in_flight_) and finds its servant;
  // release_servant undoes both.
  Upcall find_servant(orb::ServerRequest& request, const ParsedKey& key);
  // The lock-free path to an active object named by its slot: pins the entry (counts the
  // upcall on it) and copies its direct upcall, or returns nullptr having counted nothing
  // (the caller then takes the mutex, which also explains every refusal). A pinned
  // entry keeps its id and servant until end_entry_upcall: deactivation waits for it, and
  // destroy(false) leaves it in the map.
  ActiveObjectMap::Entry* pin_entry(const ParsedKey& key, orb::DirectUpcall*& direct) noexcept;
  // pin_entry for find_servant, into `upcall`.
  bool pin_active(const ParsedKey& key, Upcall& upcall) noexcept;
  Upcall lookup_servant(orb::ServerRequest& request, const ParsedKey& key,
                        std::unique_lock<std::mutex>& lock);
  // lookup_servant under RETAIN: counts the upcall on the active object `key` names,
  // incarnating it first through the ServantActivator if need be (true); false when the
  // default servant is to serve it; raises otherwise.
  bool count_on_active_object(const ParsedKey& key, std::unique_lock<std::mutex>& lock,
                              Upcall& upcall);
  // lookup_servant under NON_RETAIN: the ServantLocator's preinvoke, outside the lock.
  void preinvoke_locator(orb::ServerRequest& request, const ParsedKey& key,
                         std::unique_lock<std::mutex>& lock, Upcall& upcall);
  ServantRef incarnate(const ParsedKey& key, std::unique_lock<std::mutex>& lock);
  // The upcall of a counted request: POA Current set, the servant's skeleton, then
  // release_servant however it ends. `serialise`: take SINGLE_THREAD_MODEL's mutex here
  // (the caller does not hold it).
  void serve(orb::ServerRequest& request, const ParsedKey& key, Upcall& upcall,
             bool serialise);
  // Raises a system exception from postinvoke when upcall_ok.
  void release_servant(Upcall& upcall, orb::ServerRequest& request, bool upcall_ok);
  void destroy_tree(bool etherealize_objects, bool wait_for_completion);
  // destroy_tree's steps. Unlinks this POA from its parent and hands over its children (T);
  // `parent` is set to the parent, for the caller to let go of after the lock.
  std::map<std::string, std::shared_ptr<PoaImpl>> detach_from_tree(
      std::shared_ptr<PoaImpl>& parent);
  // What destroy took out of the map, and the ServantActivator to etherealize it with.
  struct RemovedObjects {
    std::vector<std::pair<PortableServer::ObjectId, ServantRef>> objects;
    CORBA::object_reference<PortableServer::ServantActivator> activator;
  };
  // Empties the map and the servant managers (M), after the upcalls running here when
  // `wait_for_completion`; keeps `self` alive if upcalls still run.
  RemovedObjects remove_objects(const std::shared_ptr<PoaImpl>& self, bool wait_for_completion);
  // Etherealizes every removed object, telling each whether its servant serves others yet.
  static void etherealize_removed(RemovedObjects& removed, const ref_type& poa);
  // After destroy: lets go of keep_alive_ once no upcall runs here. Last thing the caller
  // does with this POA.
  void release_when_idle() noexcept;
  // The deleter of create's references: a request may be reading this POA without a
  // reference of its own (PoaSystem::poa_at), so it is unpublished now and freed once no
  // such request can still see it (reclamation::retire).
  static void retire(PoaImpl* poa) noexcept;

  const std::shared_ptr<PoaSystem> system_;
  const std::string name_;
  const std::weak_ptr<PoaImpl> parent_;
  const std::shared_ptr<PoaManagerImpl> manager_;
  const PolicyValues policies_;
  std::vector<std::string> path_;  // names below the RootPOA, this one last
  std::uint32_t index_ = 0;
  std::uint32_t generation_ = 0;

  std::map<std::string, std::shared_ptr<PoaImpl>> children_;                     // (T)
  CORBA::object_reference<PortableServer::AdapterActivator> adapter_activator_;  // (T)

  mutable std::mutex mutex_;
  std::condition_variable idle_;  // an upcall ended while destroy(wait) waits
  ActiveObjectMap map_;           // (M)
  CORBA::object_reference<PortableServer::ServantActivator> activator_;  // (M)
  CORBA::object_reference<PortableServer::ServantLocator> locator_;      // (M)
  ServantRef default_servant_;                                           // (M)
  orb::DirectUpcall* default_direct_ = nullptr;  // default_servant_ as its upcall class (M)
  std::uint64_t next_id_ = 0;                                            // (M)
  // Upcalls running that no map entry counts (default servant, servant locator, and
  // requests still being looked up under M): raised under M, dropped without it. A waiter
  // on idle_ counts itself in idle_waiters_ first, so the upcall that drops a count (this
  // or an entry's in_flight) to 0 knows to notify.
  std::atomic<std::size_t> in_flight_{0};
  std::atomic<std::size_t> idle_waiters_{0};
  std::vector<PortableServer::ObjectId> incarnating_;  // ids in incarnate() now (M)
  std::condition_variable incarnated_;                 // an incarnate() returned
  std::atomic<bool> destroyed_{false};  // set under M; pin_entry reads it without
  // A destroyed POA with upcalls still running keeps itself until the last one ends, as
  // its manager's wait_for_completion and POA Current's get_POA need it (M).
  std::shared_ptr<PoaImpl> keep_alive_;
  std::recursive_mutex single_thread_;  // SINGLE_THREAD_MODEL: one upcall at a time
};

}  // namespace rtorb::poa
