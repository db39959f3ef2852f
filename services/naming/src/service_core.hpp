// The state of the Naming Service: its contexts and their bindings under one mutex, the POA
// serving them, and the journal that makes every change durable before it is answered.
#pragma once

#include <rtorb/naming/naming_service.hpp>
#include <rtorb/orb/reference_profiles.hpp>
#include <rtorb/poa/poa.hpp>

#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "CosNamingS.h"
#include "journal.hpp"

namespace rtorb::naming {

using ObjectRef = IDL::traits<CORBA::Object>::ref_type;
using ContextRef = IDL::traits<CosNaming::NamingContext>::ref_type;
using IteratorRef = IDL::traits<CosNaming::BindingIterator>::ref_type;

inline constexpr const char* root_context_id = "NameService";

class ServiceCore : public std::enable_shared_from_this<ServiceCore> {
 public:
  ServiceCore(CORBA::object_reference<CORBA::ORB> orb, ServiceOptions options);
  ~ServiceCore();

  // Creates the POA, replays the store and activates a servant per context.
  void start();
  // Destroys the POA; the servants' calls into this object end before it returns.
  void stop();

  ContextRef context_reference(const std::string& id) const;

  // The NamingContext operations of context `self` (the servant's object id), with the
  // specification's exceptions. A name leading through a context of another server is
  // finished there by calling it; a system exception from it becomes CannotProceed.
  void bind(const std::string& self, const CosNaming::Name& n, const ObjectRef& object,
            CosNaming::BindingType type, bool rebind);
  ObjectRef resolve(const std::string& self, const CosNaming::Name& n);
  void unbind(const std::string& self, const CosNaming::Name& n);
  ContextRef new_context();
  ContextRef bind_new_context(const std::string& self, const CosNaming::Name& n);
  void destroy(const std::string& self);
  void list(const std::string& self, std::uint32_t how_many, CosNaming::BindingList& bl,
            IteratorRef& bi);
  void iterator_destroyed(const PortableServer::ObjectId& id);

 private:
  struct Entry {
    CosNaming::BindingType type = CosNaming::BindingType::nobject;
    ObjectRef object;           // nil for a context of ours (local_context)
    std::string local_context;  // the id of a context this service serves, else empty
  };
  struct Context {
    // Key: id '\0' kind (CORBA strings hold no NUL): one hash lookup per component.
    std::unordered_map<std::string, Entry> bindings;
    ContextRef reference;
  };
  // Where an operation on a compound name is finished: here (local) or in a context of
  // another server (remote, with the part of the name still to go).
  struct Target {
    std::string local;
    ContextRef remote;
    CosNaming::Name rest;
  };

  Target walk_to_parent(const std::string& self, const CosNaming::Name& n);  // takes mutex_
  Context& context_locked(const std::string& id);                            // needs mutex_
  std::optional<std::string> own_context_id(const ObjectRef& object);        // no lock held
  // Changes are written to the journal under mutex_ (so the file has them in the order
  // they were applied) and waited for after it is released (group commit, journal.hpp):
  // a reply is sent only once its change is on the disk. Another client may read a change
  // a moment before it is durable; it is never acknowledged before.
  std::uint64_t journal_locked(const Record& record);  // needs mutex_; 0 without a store
  void durable(std::uint64_t number);                  // no lock held
  void after_change_locked();                 // needs mutex_; compacts a long journal
  void apply(const Record& record);                                          // needs mutex_
  void compact_locked();                                                     // needs mutex_
  std::string fresh_context_id_locked() const;                              // needs mutex_
  void activate_context(const std::string& id);
  void bind_local(const std::string& parent, const CosNaming::NameComponent& last,
                  const ObjectRef& object, CosNaming::BindingType type, bool rebind,
                  const std::optional<std::string>& own_id);

  CORBA::object_reference<CORBA::ORB> orb_;
  ServiceOptions options_;
  IDL::traits<PortableServer::POA>::ref_type root_poa_;
  IDL::traits<PortableServer::POA>::ref_type poa_;
  std::optional<IiopAddress> own_address_;  // where our references point; set by start()

  mutable std::mutex mutex_;
  std::unordered_map<std::string, Context> contexts_;
  std::size_t binding_count_ = 0;
  std::unique_ptr<Journal> journal_;
  std::deque<PortableServer::ObjectId> iterators_;  // oldest first, bounded
};

}  // namespace rtorb::naming
