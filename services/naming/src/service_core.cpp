// ServiceCore: name resolution across contexts (local ones under the mutex, other servers'
// through their references), the journal records each change writes, and replay.
#include "service_core.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <iostream>
#include <random>
#include <stdexcept>

#include "servants.hpp"

namespace rtorb::naming {
namespace {

using NamingContext = CosNaming::NamingContext;

// Live iterators are bounded: a client that never destroys its iterators cannot exhaust
// the server; the oldest one goes first (later calls on it raise OBJECT_NOT_EXIST).
constexpr std::size_t max_iterators = 1024;
// Compaction runs when the journal holds this many records more than twice the live state.
constexpr std::size_t compaction_slack = 10000;

std::string key_of(const CosNaming::NameComponent& c) { return c.id() + '\0' + c.kind(); }

// Where a reference's first IIOP profile points: what tells our contexts from those of
// another rtorb-naming, whose object keys can be the same byte for byte. nullopt for none,
// and for a reference whose components do not decode (it is no reference of ours).
std::optional<IiopAddress> iiop_address_of(const ObjectRef& object) {
  try {
    const ReferenceProfiles profiles = reference_profiles(object);
    if (const IiopEndpoint* first = profiles.first_iiop()) return first->address();
  } catch (const CORBA::MARSHAL&) {
  }
  return std::nullopt;
}

CosNaming::Name tail_of(const CosNaming::Name& n, std::size_t from) {
  return CosNaming::Name(n.begin() + static_cast<std::ptrdiff_t>(from), n.end());
}

[[noreturn]] void not_found(NamingContext::NotFoundReason why, const CosNaming::Name& n,
                            std::size_t from) {
  throw NamingContext::NotFound(why, tail_of(n, from));
}

PortableServer::ObjectId object_id_of(const std::string& id) { return {id.begin(), id.end()}; }

// A reference known to be a NamingContext (a binding of type ncontext), without the
// remote _is_a a checked narrow would cost.
ContextRef as_context(const ObjectRef& object) {
  if (!object) return nullptr;
  if (auto same = std::dynamic_pointer_cast<NamingContext>(object.shared())) {
    return ContextRef::adopt(std::move(same));
  }
  return rtorb::orb::ProxyAccess::make<NamingContext>(rtorb::orb::core_of(*object));
}

}  // namespace

ServiceCore::ServiceCore(CORBA::object_reference<CORBA::ORB> orb, ServiceOptions options)
    : orb_(std::move(orb)), options_(std::move(options)) {
  if (!options_.warn) options_.warn = [](const std::string& s) { std::cerr << "rtorb-naming: " << s << '\n'; };
}

ServiceCore::~ServiceCore() = default;

void ServiceCore::start() {
  root_poa_ = IDL::traits<PortableServer::POA>::narrow(orb_->resolve_initial_references("RootPOA"));
  CORBA::PolicyList policies{
      root_poa_->create_lifespan_policy(PortableServer::LifespanPolicyValue::PERSISTENT),
      root_poa_->create_id_assignment_policy(PortableServer::IdAssignmentPolicyValue::USER_ID)};
  poa_ = root_poa_->create_POA(options_.poa_name, root_poa_->the_POAManager(), policies);
  own_address_ = iiop_address_of(context_reference(root_context_id));

  std::lock_guard lock(mutex_);
  contexts_[root_context_id].reference = context_reference(root_context_id);
  if (!options_.store_path.empty()) {
    journal_ = std::make_unique<Journal>(
        options_.store_path, [this](const Record& r) { apply(r); }, options_.warn);
    // A journal much longer than the state it describes is compacted at start-up too.
    if (journal_->records() > 2 * (contexts_.size() + binding_count_) + compaction_slack) {
      compact_locked();
    }
  }
  for (const auto& [id, context] : contexts_) activate_context(id);
}

void ServiceCore::stop() {
  if (poa_) poa_->destroy(false, true);
  poa_ = nullptr;
}

ContextRef ServiceCore::context_reference(const std::string& id) const {
  return as_context(poa_->create_reference_with_id(
      object_id_of(id), IDL::traits<CosNaming::NamingContextExt>::repository_id));
}

void ServiceCore::activate_context(const std::string& id) {
  poa_->activate_object_with_id(object_id_of(id),
                                CORBA::make_reference<ContextServant>(shared_from_this(), id));
}

ServiceCore::Context& ServiceCore::context_locked(const std::string& id) {
  const auto it = contexts_.find(id);
  if (it == contexts_.end()) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_context_destroyed,
                                   "naming context " + id + " was destroyed");
  }
  return it->second;
}

// Replays one record (also how live changes are applied, after they are journaled).
void ServiceCore::apply(const Record& r) {
  switch (r.type) {
    case RecordType::new_context: {
      auto& context = contexts_[r.context];
      if (poa_) context.reference = context_reference(r.context);
      return;
    }
    case RecordType::destroy_context: {
      const auto it = contexts_.find(r.context);
      if (it == contexts_.end()) throw std::runtime_error("destroy of an unknown context");
      binding_count_ -= it->second.bindings.size();
      contexts_.erase(it);
      return;
    }
    case RecordType::bind: {
      const auto it = contexts_.find(r.context);
      if (it == contexts_.end()) throw std::runtime_error("bind in an unknown context");
      Entry entry{r.is_context ? CosNaming::BindingType::ncontext : CosNaming::BindingType::nobject,
                  nullptr, r.target};
      if (r.target.empty()) entry.object = orb_->string_to_object(r.ior);
      const auto [slot, added] = it->second.bindings.insert_or_assign(r.id + '\0' + r.kind, std::move(entry));
      if (added) ++binding_count_;
      return;
    }
    case RecordType::unbind: {
      const auto it = contexts_.find(r.context);
      if (it == contexts_.end()) throw std::runtime_error("unbind in an unknown context");
      binding_count_ -= it->second.bindings.erase(r.id + '\0' + r.kind);
      return;
    }
  }
  throw std::runtime_error("unknown record type");
}

std::uint64_t ServiceCore::journal_locked(const Record& record) {
  return journal_ ? journal_->write(record) : 0;
}

void ServiceCore::durable(std::uint64_t number) {
  if (journal_ && number != 0) journal_->sync(number);
}

void ServiceCore::after_change_locked() {
  if (!journal_ || journal_->records() <= 2 * (contexts_.size() + binding_count_) + compaction_slack) {
    return;
  }
  try {
    compact_locked();
  } catch (const CORBA::SystemException& e) {
    options_.warn(std::string("compaction failed, the journal stays as it is: ") + e.what());
  }
}

// The live state as records: every context first, so each bind finds its context.
void ServiceCore::compact_locked() {
  std::vector<Record> live;
  live.reserve(contexts_.size() + binding_count_);
  for (const auto& [id, context] : contexts_) {
    if (id != root_context_id) live.push_back({RecordType::new_context, false, id, {}, {}, {}, {}});
  }
  for (const auto& [id, context] : contexts_) {
    for (const auto& [key, entry] : context.bindings) {
      const auto nul = key.find('\0');
      Record r{RecordType::bind, entry.type == CosNaming::BindingType::ncontext, id,
               key.substr(0, nul), key.substr(nul + 1), entry.local_context, {}};
      if (entry.local_context.empty()) r.ior = orb_->object_to_string(entry.object);
      live.push_back(std::move(r));
    }
  }
  journal_->compact(live);
}

std::string ServiceCore::fresh_context_id_locked() const {
  // Random ids: a context made in a run without a store never takes the id of one from
  // an earlier run, so an old reference cannot reach the wrong context.
  static thread_local std::mt19937_64 random{std::random_device{}()};
  while (true) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(random()));
    if (!contexts_.contains(text)) return text;
  }
}

// Ours: a key of our POA (reference_to_id accepts the PERSISTENT keys of earlier runs too)
// at our address (another rtorb-naming has the same keys), naming a context that exists.
std::optional<std::string> ServiceCore::own_context_id(const ObjectRef& object) {
  if (!object || object->_is_local()) return std::nullopt;
  PortableServer::ObjectId oid;
  try {
    oid = poa_->reference_to_id(object);
  } catch (const CORBA::Exception&) {
    return std::nullopt;  // WrongAdapter: not a reference of this POA
  }
  if (!own_address_ || iiop_address_of(object) != own_address_) {
    return std::nullopt;
  }
  std::string id(oid.begin(), oid.end());
  std::lock_guard lock(mutex_);
  if (!contexts_.contains(id)) return std::nullopt;
  return id;
}

ServiceCore::Target ServiceCore::walk_to_parent(const std::string& self, const CosNaming::Name& n) {
  if (n.empty()) throw NamingContext::InvalidName();
  std::lock_guard lock(mutex_);
  std::string current = self;
  for (std::size_t i = 0; i + 1 < n.size(); ++i) {
    const auto& bindings = context_locked(current).bindings;
    const auto it = bindings.find(key_of(n[i]));
    if (it == bindings.end()) not_found(NamingContext::NotFoundReason::missing_node, n, i);
    if (it->second.type != CosNaming::BindingType::ncontext) {
      not_found(NamingContext::NotFoundReason::not_context, n, i);
    }
    if (it->second.local_context.empty()) return {{}, as_context(it->second.object), tail_of(n, i + 1)};
    current = it->second.local_context;
  }
  context_locked(current);  // OBJECT_NOT_EXIST if it was destroyed
  return {current, nullptr, {n.back()}};
}

// Runs `call` on the context of another server; its failures say where to carry on.
template <class Call>
auto on_remote(const ContextRef& remote, const CosNaming::Name& rest, Call call) {
  try {
    return call(remote);
  } catch (const CORBA::SystemException&) {
    throw NamingContext::CannotProceed(remote, rest);
  }
}

void ServiceCore::bind(const std::string& self, const CosNaming::Name& n, const ObjectRef& object,
                       CosNaming::BindingType type, bool rebind) {
  auto target = walk_to_parent(self, n);
  if (target.remote) {
    on_remote(target.remote, target.rest, [&](const ContextRef& remote) {
      const bool context = type == CosNaming::BindingType::ncontext;
      if (context && rebind) return remote->rebind_context(target.rest, as_context(object));
      if (context) return remote->bind_context(target.rest, as_context(object));
      if (rebind) return remote->rebind(target.rest, object);
      return remote->bind(target.rest, object);
    });
    return;
  }
  const auto own = type == CosNaming::BindingType::ncontext ? own_context_id(object) : std::nullopt;
  bind_local(target.local, n.back(), object, type, rebind, own);
}

void ServiceCore::bind_local(const std::string& parent, const CosNaming::NameComponent& last,
                             const ObjectRef& object, CosNaming::BindingType type, bool rebind,
                             const std::optional<std::string>& own_id) {
  if (!object) raise<CORBA::BAD_PARAM>(minor::bad_param_nil_binding, "binding a nil reference");
  std::string ior;  // stringified outside the mutex
  if (journal_ && !own_id) ior = orb_->object_to_string(object);
  std::unique_lock lock(mutex_);
  auto& bindings = context_locked(parent).bindings;
  if (const auto it = bindings.find(key_of(last)); it != bindings.end()) {
    if (!rebind) throw NamingContext::AlreadyBound();
    // rebind may not change a binding's type (Naming 1.3, 2.2.3 and 2.2.4).
    if (it->second.type != type) {
      throw NamingContext::NotFound(type == CosNaming::BindingType::ncontext
                                        ? NamingContext::NotFoundReason::not_context
                                        : NamingContext::NotFoundReason::not_object,
                                    {last});
    }
  }
  Record r{RecordType::bind, type == CosNaming::BindingType::ncontext, parent, last.id(),
           last.kind(), own_id.value_or(""), std::move(ior)};
  const auto number = journal_locked(r);
  // The reference itself is kept, not the string the journal has.
  Entry entry{type, own_id ? nullptr : object, own_id.value_or("")};
  if (bindings.insert_or_assign(key_of(last), std::move(entry)).second) ++binding_count_;
  after_change_locked();
  lock.unlock();
  durable(number);
}

ObjectRef ServiceCore::resolve(const std::string& self, const CosNaming::Name& n) {
  auto target = walk_to_parent(self, n);
  if (target.remote) {
    return on_remote(target.remote, target.rest,
                     [&](const ContextRef& remote) { return remote->resolve(target.rest); });
  }
  std::lock_guard lock(mutex_);
  const auto& bindings = context_locked(target.local).bindings;
  const auto it = bindings.find(key_of(n.back()));
  if (it == bindings.end()) not_found(NamingContext::NotFoundReason::missing_node, n, n.size() - 1);
  if (!it->second.local_context.empty()) return context_reference(it->second.local_context);
  return it->second.object;
}

void ServiceCore::unbind(const std::string& self, const CosNaming::Name& n) {
  auto target = walk_to_parent(self, n);
  if (target.remote) {
    on_remote(target.remote, target.rest,
              [&](const ContextRef& remote) { remote->unbind(target.rest); });
    return;
  }
  std::unique_lock lock(mutex_);
  auto& bindings = context_locked(target.local).bindings;
  if (!bindings.contains(key_of(n.back()))) {
    not_found(NamingContext::NotFoundReason::missing_node, n, n.size() - 1);
  }
  const Record r{RecordType::unbind, false, target.local, n.back().id(), n.back().kind(), {}, {}};
  const auto number = journal_locked(r);
  apply(r);
  after_change_locked();
  lock.unlock();
  durable(number);
}

ContextRef ServiceCore::new_context() {
  std::string id;
  std::uint64_t number = 0;
  {
    std::lock_guard lock(mutex_);
    id = fresh_context_id_locked();
    const Record r{RecordType::new_context, false, id, {}, {}, {}, {}};
    number = journal_locked(r);
    apply(r);
    after_change_locked();
  }
  durable(number);
  activate_context(id);
  return context_reference(id);
}

ContextRef ServiceCore::bind_new_context(const std::string& self, const CosNaming::Name& n) {
  auto target = walk_to_parent(self, n);
  if (target.remote) {
    return on_remote(target.remote, target.rest,
                     [&](const ContextRef& remote) { return remote->bind_new_context(target.rest); });
  }
  {
    // AlreadyBound before a context is made for nothing.
    std::lock_guard lock(mutex_);
    if (context_locked(target.local).bindings.contains(key_of(n.back()))) {
      throw NamingContext::AlreadyBound();
    }
  }
  auto context = new_context();
  const auto oid = poa_->reference_to_id(context);
  try {
    bind_local(target.local, n.back(), context, CosNaming::BindingType::ncontext, false,
               std::string(oid.begin(), oid.end()));
  } catch (...) {
    destroy(std::string(oid.begin(), oid.end()));  // lost a race for the name: undo
    throw;
  }
  return context;
}

void ServiceCore::destroy(const std::string& self) {
  if (self == root_context_id) {
    raise<CORBA::NO_PERMISSION>(minor::no_permission_destroy_root,
                                "the root naming context cannot be destroyed");
  }
  std::uint64_t number = 0;
  {
    std::lock_guard lock(mutex_);
    if (!context_locked(self).bindings.empty()) throw NamingContext::NotEmpty();
    const Record r{RecordType::destroy_context, false, self, {}, {}, {}, {}};
    number = journal_locked(r);
    apply(r);
    after_change_locked();
  }
  durable(number);
  try {
    poa_->deactivate_object(object_id_of(self));
  } catch (const PortableServer::POA::ObjectNotActive&) {
  }
}

void ServiceCore::list(const std::string& self, std::uint32_t how_many, CosNaming::BindingList& bl,
                       IteratorRef& bi) {
  CosNaming::BindingList all;
  {
    std::lock_guard lock(mutex_);
    const auto& bindings = context_locked(self).bindings;
    all.reserve(bindings.size());
    for (const auto& [key, entry] : bindings) {
      const auto nul = key.find('\0');
      all.emplace_back(CosNaming::Name{{key.substr(0, nul), key.substr(nul + 1)}}, entry.type);
    }
  }
  const auto first = std::min<std::size_t>(how_many, all.size());
  bl.assign(std::make_move_iterator(all.begin()),
            std::make_move_iterator(all.begin() + static_cast<std::ptrdiff_t>(first)));
  bi = nullptr;
  if (first == all.size()) return;
  all.erase(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(first));
  auto servant = CORBA::make_reference<IteratorServant>(shared_from_this(), std::move(all));
  const auto oid = root_poa_->activate_object(servant);
  servant->object_id(oid);
  bi = IDL::traits<CosNaming::BindingIterator>::narrow(root_poa_->id_to_reference(oid));
  std::optional<PortableServer::ObjectId> evicted;
  {
    std::lock_guard lock(mutex_);
    iterators_.push_back(oid);
    if (iterators_.size() > max_iterators) {
      evicted = iterators_.front();
      iterators_.pop_front();
    }
  }
  if (evicted) {
    try {
      root_poa_->deactivate_object(*evicted);
    } catch (const PortableServer::POA::ObjectNotActive&) {
    }
  }
}

void ServiceCore::iterator_destroyed(const PortableServer::ObjectId& id) {
  {
    std::lock_guard lock(mutex_);
    std::erase(iterators_, id);
  }
  try {
    root_poa_->deactivate_object(id);
  } catch (const PortableServer::POA::ObjectNotActive&) {
  }
}

}  // namespace rtorb::naming
