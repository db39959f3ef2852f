// The references of an ORB: made, read from strings, written, and the initial ones.
#include "orb/references.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>
#include <fstream>

#include "client/object_core.hpp"
#include "core/native_code_sets.hpp"
#include "ior/component.hpp"
#include "ior/corbaloc.hpp"
#include "ior/giop_lite_component.hpp"
#include "ior/iiop_profile.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_string.hpp"
#include "ior/tags.hpp"
#include "orb/corbaname.hpp"
#include "orb/orb_core.hpp"
#include "server/server_side.hpp"
#include "transport/protocol.hpp"

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
void preconnect(const OrbContext& orb, ObjectCore* core) noexcept {
  if (core == nullptr || !orb.options().preconnect) return;
  try {
    core->open_connections();
  } catch (const CORBA::SystemException& e) {
    orb.debug(1, std::string("-ORBPreconnect: ") + e.what());
  }
}

// The object a corbaloc URL names: an initial reference for rir:, else a new proxy.
CORBA::object_reference<CORBA::Object> object_at(OrbContext& orb, const ior::CorbalocUrl& url) {
  if (url.addresses.size() == 1 && std::holds_alternative<ior::RirAddress>(url.addresses[0])) {
    const std::string name(url.object_key.begin(), url.object_key.end());
    try {
      return orb.references().resolve_initial_references(name);
    } catch (const CORBA::ORB::InvalidName&) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_address,
                              "corbaloc:rir: no initial reference named " + name);
    }
  }
  auto core = orb.references().make_object(ior::corbaloc_to_reference(url));
  preconnect(orb, core.get());
  return proxy(std::move(core));
}

// A lane's IIOP profile addresses, and what the endpoints of other protocols (a Unix
// socket) add to them as components. A server with no IIOP endpoint publishes one profile
// naming this host with port 0, as omniORB does, to carry the others' components.
struct LaneAddresses {
  std::vector<transport::Endpoint> profiles;
  ior::TaggedComponentSeq carried;
};

LaneAddresses lane_addresses(ServerSide& server, LaneId lane) {
  LaneAddresses a;
  std::vector<transport::Endpoint> all = server.lane_endpoints(lane);
  a.carried = transport::protocols().carried_components(all);
  bool others = false;
  for (auto& e : all) {
    if (e.protocol == transport::protocol_tag::iiop) {
      a.profiles.push_back(std::move(e));
    } else {
      others = true;
    }
  }
  if (a.profiles.empty() && others) a.profiles.emplace_back(transport::local_host_name(), 0);
  return a;
}

}  // namespace

std::shared_ptr<ObjectCore> References::make_object(std::string type_id,
                                                    std::vector<std::uint8_t> object_key) {
  return make_object(std::move(type_id), std::move(object_key), ReferenceLayout{});
}

std::shared_ptr<ObjectCore> References::make_object(std::string type_id,
                                                    std::vector<std::uint8_t> object_key,
                                                    const ReferenceLayout& layout) {
  ServerSide& server = orb_.server();
  server.activate_endpoints();
  ior::ObjectReference reference;
  reference.type_id = std::move(type_id);
  const ior::IiopVersion version{1, orb_.options().giop_version.minor};
  const auto add_profile = [&](const transport::Endpoint& endpoint,
                               const ior::TaggedComponentSeq& own,
                               const ior::TaggedComponentSeq& carried) {
    ior::IiopProfile profile;
    profile.version = version;
    profile.host = endpoint.host;
    profile.port = endpoint.port;
    profile.object_key = object_key;
    if (version.minor >= 1) {
      auto& c = profile.components;
      c.push_back(ior::encode_component(ior::OrbTypeComponent{ior::orb_type::rtorb}));
      c.push_back(ior::encode_component(ior::CodeSetsComponent{native_code_sets()}));
      if (endpoint.giop_lite) c.push_back(ior::encode_giop_lite());
      c.insert(c.end(), layout.components.begin(), layout.components.end());
      c.insert(c.end(), own.begin(), own.end());
      // Other protocols ride in the standard profiles only (GIOPlite is rtorb's alone).
      if (!endpoint.giop_lite) c.insert(c.end(), carried.begin(), carried.end());
    }
    reference.profiles.emplace_back(std::move(profile));
  };
  const auto add_profiles = [&](LaneId lane, const ior::TaggedComponentSeq& own) {
    const LaneAddresses addresses = lane_addresses(server, lane);
    if (layout.header_modes.empty()) {
      for (const auto& endpoint : addresses.profiles) add_profile(endpoint, own, addresses.carried);
    }
    for (const giop::HeaderMode mode : layout.header_modes) {
      for (const auto& endpoint : addresses.profiles) {
        if (endpoint.giop_lite == (mode == giop::HeaderMode::lite))
          add_profile(endpoint, own, addresses.carried);
      }
    }
  };
  if (layout.lanes.empty()) add_profiles(default_lane, {});
  for (const auto& lane : layout.lanes) add_profiles(lane.lane, lane.components);
  return std::make_shared<ObjectCore>(orb_.shared_from_this(), std::move(reference));
}

std::shared_ptr<ObjectCore> References::make_object(ior::ObjectReference reference) {
  if (reference.is_nil()) return nullptr;
  return std::make_shared<ObjectCore>(orb_.shared_from_this(), std::move(reference));
}

CORBA::ORB::ObjectIdList References::list_initial_services() {
  orb_.check_alive();
  const OrbOptions& options = orb_.options();
  CORBA::ORB::ObjectIdList names;
  for (const char* name : builtin_services) {
    if (std::string_view(name) == "RootPOA" || std::string_view(name) == "POACurrent") {
      if (!options.adapter_factory) continue;
    }
    names.emplace_back(name);
  }
  const auto add = [&](const std::string& name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  };
  for (const auto& name : orb_.seams().initial_reference_names()) add(name);
  for (const auto& [name, ref] : options.initial_references) add(name);
  return names;
}

CORBA::object_reference<CORBA::Object> References::resolve_initial_references(
    const std::string& name) {
  orb_.check_alive();
  const OrbOptions& options = orb_.options();
  // -ORBInitRef overrides everything (CORBA 3.x, 8.5.3).
  for (const auto& [n, ref] : options.initial_references) {
    if (n == name) return string_to_object(ref);
  }
  // Called outside the registry's lock: it may call back into the ORB.
  if (const auto registered = orb_.seams().initial_reference(name)) return (*registered)();
  if (auto builtin = builtin_reference(name)) return builtin;
  if (!options.default_initial_reference.empty()) {
    return string_to_object(options.default_initial_reference + "/" + name);
  }
  throw CORBA::ORB::InvalidName();
}

CORBA::object_reference<CORBA::Object> References::builtin_reference(const std::string& name) {
  const bool has_adapter = static_cast<bool>(orb_.options().adapter_factory);
  if (name == "RootPOA" && has_adapter) return orb_.adapter().root_poa();
  if (name == "POACurrent" && has_adapter) return orb_.adapter().current();
  OrbLevelPolicies& policies = orb_.seams().orb_policies();
  if (name == "ORBPolicyManager") {
    // Shared as the ORB is, so a manager kept past the ORB's end tells no one.
    return policies.manager(
        std::shared_ptr<OrbLevelPolicies>(orb_.shared_from_this(), &policies));
  }
  if (name == "PolicyCurrent") return policies.current();
  if (name == "IORTable") return make_ior_table(orb_.shared_from_this());
  return nullptr;
}

CORBA::object_reference<CORBA::Object> References::string_to_object(std::string_view text) {
  orb_.check_alive();
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
    auto core = std::make_shared<ObjectCore>(orb_.shared_from_this(), std::move(reference),
                                             std::move(ior));
    preconnect(orb_, core.get());
    return proxy(std::move(core));
  }
  if (ior::has_scheme(text, "corbaname:")) {
    // CORBA 3.x, 7.6.10.3: the corbaloc part names a NamingContextExt (key "NameService"
    // when absent); the part after '#' is resolved there, an empty one is the context.
    const ior::CorbanameUrl url = ior::parse_corbaname(text);
    auto context = object_at(orb_, url.location);
    if (url.string_name.empty()) return context;
    return resolve_string_name(*context, url.string_name);
  }
  if (ior::has_scheme(text, "corbaloc:")) return object_at(orb_, ior::parse_corbaloc(text));
  // Every scheme this function takes is named, file: included.
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_scheme,
                          ior::bad_scheme_message(text, "IOR:, corbaloc:, corbaname: or file:"));
}

std::string References::object_to_string(const CORBA::object_reference<CORBA::Object>& object) {
  orb_.check_alive();
  if (!object) return ior::to_ior_string(cdr::IorData{});
  const auto& core = core_of(*object);
  if (object->_is_local() || !core) {
    raise<CORBA::MARSHAL>(minor::marshal_local_object, "a local object has no IOR");
  }
  return ior::to_ior_string(core->ior_data());
}

}  // namespace rtorb::orb
