// Builds the description of a reference: type id, profiles, components, policies.
#include "report.hpp"

#include "ior/component.hpp"
#include "ior/corbaloc.hpp"
#include "ior/ior_string.hpp"
#include "ior/object_reference.hpp"
#include "ior/object_string.hpp"
#include "ior/tags.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <cstdio>
#include <span>
#include <string>

namespace rtorb::catior {
namespace {

using Bytes = std::span<const std::uint8_t>;

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

std::string hex32(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

std::string hex_bytes(Bytes bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (std::uint8_t b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 0xf];
  }
  return out;
}

// Printable ASCII as is, everything else (and the backslash) as \xHH.
std::string escaped_text(Bytes bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (std::uint8_t b : bytes) {
    if (b >= 0x20 && b < 0x7f && b != '\\') {
      out += static_cast<char>(b);
    } else {
      out += "\\x";
      out += digits[b >> 4];
      out += digits[b & 0xf];
    }
  }
  return out;
}

// A tag or type as a number plus, in `name_key`, its name ("unknown" when rtorb has none).
void add_tag(Node& node, const char* key, const char* name_key, std::uint32_t value,
             std::string_view name) {
  node.add(key, std::int64_t{value});
  node.add(name_key, name.empty() ? std::string("unknown") : std::string(name));
}

Node code_set(cdr::CodeSetId id) {
  const std::string_view name = ior::code_set_name(id);
  return (name.empty() ? std::string("unknown") : std::string(name)) + " (" + hex32(id) + ")";
}

Node code_set_component(const cdr::CodeSetComponent& c) {
  Node node;
  node.add("native", code_set(c.native_code_set));
  Node::Array conversion;
  for (cdr::CodeSetId id : c.conversion_code_sets) conversion.push_back(code_set(id));
  node.add("conversion", std::move(conversion));
  return node;
}

Node policy(const ior::PolicyValue& value) {
  Node node;
  add_tag(node, "type", "name", value.type, ior::policy_type_name(value.type));
  std::visit(Overloaded{
                 [&](const ior::OpaquePolicy& p) {
                   node.add("value_hex", hex_bytes(p.raw.value));
                 },
                 [&](const ior::PriorityModelPolicy& p) {
                   node.add("priority_model", p.model == ior::PriorityModel::client_propagated
                                                  ? "CLIENT_PROPAGATED"
                                                  : "SERVER_DECLARED");
                   node.add("server_priority", std::int64_t{p.server_priority});
                 },
                 [&](const ior::PriorityBandedConnectionPolicy& p) {
                   Node::Array bands;
                   for (const ior::PriorityBand& b : p.bands) {
                     Node band;
                     band.add("low", std::int64_t{b.low});
                     band.add("high", std::int64_t{b.high});
                     bands.push_back(std::move(band));
                   }
                   node.add("bands", std::move(bands));
                 },
             },
             ior::decode_policy(value));
  return node;
}

void add_component_body(Node& node, const ior::ComponentValue& value) {
  std::visit(
      Overloaded{
          [&](const ior::UnknownComponent& c) { node.add("data_hex", hex_bytes(c.raw.data)); },
          [&](const ior::OrbTypeComponent& c) {
            const std::string_view vendor = ior::orb_type_name(c.orb_type);
            node.add("orb_type", hex32(c.orb_type));
            node.add("vendor", vendor.empty() ? "unknown" : std::string(vendor));
          },
          [&](const ior::CodeSetsComponent& c) {
            node.add("char", code_set_component(c.info.for_char_data));
            node.add("wchar", code_set_component(c.info.for_wchar_data));
          },
          [&](const ior::AlternateAddressComponent& c) {
            node.add("host", c.host);
            node.add("port", std::int64_t{c.port});
          },
          [&](const ior::PoliciesComponent& c) {
            Node::Array policies;
            for (const ior::PolicyValue& v : c.policies) policies.push_back(policy(v));
            node.add("policies", std::move(policies));
          },
          [&](const ior::SslSecTransComponent& c) {
            node.add("target_supports", std::int64_t{c.target_supports});
            node.add("target_requires", std::int64_t{c.target_requires});
            node.add("port", std::int64_t{c.port});
          },
          [&](const ior::JavaCodebaseComponent& c) { node.add("codebase", c.codebase); },
      },
      value);
}

Node::Array components(const ior::TaggedComponentSeq& list) {
  Node::Array out;
  for (const ior::TaggedComponent& c : list) {
    Node node;
    add_tag(node, "tag", "name", c.tag, ior::component_tag_name(c.tag));
    add_component_body(node, ior::decode_component(c));
    out.push_back(std::move(node));
  }
  return out;
}

void add_profile_body(Node& node, const ior::Profile& profile) {
  std::visit(Overloaded{
                 [&](const ior::IiopProfile& p) {
                   node.add("iiop_version", std::to_string(p.version.major) + "." +
                                                std::to_string(p.version.minor));
                   node.add("host", p.host);
                   node.add("port", std::int64_t{p.port});
                   node.add("object_key", escaped_text(p.object_key));
                   node.add("object_key_hex", hex_bytes(p.object_key));
                   node.add("components", components(p.components));
                 },
                 [&](const ior::MultipleComponentsProfile& p) {
                   node.add("components", components(p.components));
                 },
                 [&](const ior::OpaqueProfile& p) { node.add("data_hex", hex_bytes(p.data)); },
             },
             profile);
}

void add_reference(Node& node, const ior::ObjectReference& reference) {
  node.add("type_id", reference.type_id);
  node.add("nil", reference.is_nil());
  Node::Array profiles;
  for (const ior::Profile& p : reference.profiles) {
    Node profile;
    const cdr::ProfileId tag = ior::profile_tag(p);
    add_tag(profile, "tag", "kind", tag, ior::profile_tag_name(tag));
    add_profile_body(profile, p);
    profiles.push_back(std::move(profile));
  }
  node.add("profiles", std::move(profiles));
}

void add_location(Node& node, const ior::CorbalocUrl& url) {
  Node::Array unsupported;
  bool rir = false;
  for (const ior::ObjectAddress& a : url.addresses) {
    if (const auto* other = std::get_if<ior::OtherAddress>(&a)) {
      unsupported.push_back(other->protocol + ":" + other->address);
    }
    rir = rir || std::holds_alternative<ior::RirAddress>(a);
  }
  if (!unsupported.empty()) node.add("unsupported_addresses", std::move(unsupported));
  if (rir) {
    // Only the ORB can turn an initial reference name into a reference.
    node.add("initial_reference", escaped_text(url.object_key));
    node.add("type_id", "");
    node.add("profiles", Node::Array{});
    return;
  }
  add_reference(node, ior::corbaloc_to_reference(url));
}

}  // namespace

Node describe(std::string_view text) {
  Node node;
  if (ior::has_scheme(text, "corbaloc:")) {
    node.add("source", "corbaloc");
    add_location(node, ior::parse_corbaloc(text));
  } else if (ior::has_scheme(text, "corbaname:")) {
    const ior::CorbanameUrl url = ior::parse_corbaname(text);
    node.add("source", "corbaname");
    node.add("name", url.string_name);
    add_location(node, url.location);
  } else {
    // Anything else goes through the library so that a bad scheme is reported its way.
    node.add("source", "IOR");
    add_reference(node, ior::string_to_reference(text));
  }
  return node;
}

std::string to_corbaloc(std::string_view text) {
  if (ior::has_scheme(text, "corbaloc:")) return ior::format_corbaloc(ior::parse_corbaloc(text));
  if (ior::has_scheme(text, "corbaname:")) {
    ior::parse_corbaname(text);  // a malformed URL is reported as such
    raise<CORBA::BAD_PARAM>(minor::bad_param_no_corbaloc,
                            "a corbaname URL names an object bound in a naming context; it "
                            "has no corbaloc form");
  }
  return ior::format_corbaloc(ior::reference_to_corbaloc(ior::string_to_reference(text)));
}

}  // namespace rtorb::catior
