// OrbCore's reference operations: initial references and stringified references.
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <fstream>

#include "ior/corbaloc.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_string.hpp"
#include "orb/corbaname.hpp"
#include "orb/object_core.hpp"
#include "orb/orb_core.hpp"
#include "orb/policy_manager.hpp"

namespace rtorb::orb {
namespace {

constexpr const char* builtin_services[] = {"RootPOA", "POACurrent", "ORBPolicyManager",
                                            "PolicyCurrent", "IORTable"};

std::string first_line_of(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_file, "cannot read a reference from " + path);
  }
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line;
}

CORBA::object_reference<CORBA::Object> proxy(std::shared_ptr<ObjectCore> core) {
  return ProxyAccess::make<CORBA::Object>(std::move(core));
}

// -ORBPreconnect: a server that cannot be reached yet is no reason to refuse the reference;
// its first call connects (or fails) as usual.
void preconnect(const OrbCore& orb, ObjectCore* core) noexcept {
  if (core == nullptr || !orb.options().preconnect) return;
  try {
    core->open_connections();
  } catch (const CORBA::SystemException& e) {
    orb.debug(1, std::string("-ORBPreconnect: ") + e.what());
  }
}

// The object a corbaloc URL names: an initial reference for rir:, else a new proxy.
CORBA::object_reference<CORBA::Object> object_at(OrbCore& orb, const ior::CorbalocUrl& url) {
  if (url.addresses.size() == 1 && std::holds_alternative<ior::RirAddress>(url.addresses[0])) {
    const std::string name(url.object_key.begin(), url.object_key.end());
    try {
      return orb.resolve_initial_references(name);
    } catch (const CORBA::ORB::InvalidName&) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_address,
                              "corbaloc:rir: no initial reference named " + name);
    }
  }
  auto core = orb.make_object(ior::corbaloc_to_reference(url));
  preconnect(orb, core.get());
  return proxy(std::move(core));
}

}  // namespace

CORBA::ORB::ObjectIdList OrbCore::list_initial_services() {
  check_alive();
  CORBA::ORB::ObjectIdList names;
  for (const char* name : builtin_services) {
    if (std::string_view(name) == "RootPOA" || std::string_view(name) == "POACurrent") {
      if (!options_.adapter_factory) continue;
    }
    names.emplace_back(name);
  }
  const auto add = [&](const std::string& name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  };
  {
    std::lock_guard lock(mutex_);
    for (const auto& [name, factory] : registered_references_) add(name);
  }
  for (const auto& [name, ref] : options_.initial_references) add(name);
  return names;
}

CORBA::object_reference<CORBA::Object> OrbCore::resolve_initial_references(
    const std::string& name) {
  check_alive();
  // -ORBInitRef overrides everything (CORBA 3.x, 8.5.3).
  for (const auto& [n, ref] : options_.initial_references) {
    if (n == name) return string_to_object(ref);
  }
  InitialReferenceFactory registered;
  {
    std::lock_guard lock(mutex_);
    if (auto it = registered_references_.find(name); it != registered_references_.end())
      registered = it->second;
  }
  if (registered) return registered();  // outside mutex_: it may call back into the ORB
  if (name == "RootPOA" && options_.adapter_factory) return adapter().root_poa();
  if (name == "POACurrent" && options_.adapter_factory) return adapter().current();
  if (name == "ORBPolicyManager") {
    std::lock_guard lock(mutex_);
    if (!policy_manager_) {
      // Called under the manager's own lock (so observers see changes in order); a manager
      // kept past destroy() tells no one.
      policy_manager_ = make_policy_manager([weak = weak_from_this()](const CORBA::PolicyList& now) {
        const auto self = weak.lock();
        if (!self) return;
        self->read_orb_call_policies(now);
        self->read_orb_shaping_policies(now);
        std::vector<std::function<void(const CORBA::PolicyList&)>> observers;
        {
          std::lock_guard lock(self->mutex_);
          observers = self->policy_observers_;
        }
        for (const auto& observe : observers) observe(now);
      });
    }
    return policy_manager_;
  }
  if (name == "PolicyCurrent") {
    std::lock_guard lock(mutex_);
    if (!policy_current_) policy_current_ = make_policy_current();
    return policy_current_;
  }
  if (name == "IORTable") return make_ior_table(shared_from_this());
  if (!options_.default_initial_reference.empty()) {
    return string_to_object(options_.default_initial_reference + "/" + name);
  }
  throw CORBA::ORB::InvalidName();
}

CORBA::object_reference<CORBA::Object> OrbCore::string_to_object(std::string_view text) {
  check_alive();
  if (ior::has_scheme(text, "file:")) {
    std::string_view path = text.substr(5);
    if (path.substr(0, 2) == "//") path.remove_prefix(2);
    return string_to_object(first_line_of(std::string(path)));
  }
  if (ior::has_ior_prefix(text)) {
    cdr::IorData ior = ior::parse_ior_string(text);
    if (ior.is_nil()) return nullptr;
    ior::ObjectReference reference;
    try {
      reference = ior::decode_reference(ior);
    } catch (const CORBA::MARSHAL& e) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_ior_string, e.detail());
    }
    auto core = std::make_shared<ObjectCore>(shared_from_this(), std::move(reference), std::move(ior));
    preconnect(*this, core.get());
    return proxy(std::move(core));
  }
  if (ior::has_scheme(text, "corbaname:")) {
    // CORBA 3.x, 7.6.10.3: the corbaloc part names a NamingContextExt (key "NameService"
    // when absent); the part after '#' is resolved there, an empty one is the context.
    const ior::CorbanameUrl url = ior::parse_corbaname(text);
    auto context = object_at(*this, url.location);
    if (url.string_name.empty()) return context;
    return resolve_string_name(*context, url.string_name);
  }
  if (ior::has_scheme(text, "corbaloc:")) return object_at(*this, ior::parse_corbaloc(text));
  auto core = make_object(ior::string_to_reference(text));  // raises bad_param_bad_scheme
  preconnect(*this, core.get());
  return proxy(std::move(core));
}

std::string OrbCore::object_to_string(const CORBA::object_reference<CORBA::Object>& object) {
  check_alive();
  if (!object) return ior::to_ior_string(cdr::IorData{});
  const auto& core = core_of(*object);
  if (object->_is_local() || !core) {
    raise<CORBA::MARSHAL>(minor::marshal_local_object, "a local object has no IOR");
  }
  return ior::to_ior_string(core->ior_data());
}

}  // namespace rtorb::orb
