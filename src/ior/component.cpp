// Decoding and encoding of the known tagged components.
#include "ior/component.hpp"

#include "ior/encapsulation.hpp"

#include <rtorb/cdr/code_set_codec.hpp>

namespace rtorb::ior {
namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

ComponentValue decode_known(ComponentId tag, cdr::InputStream& is) {
  switch (tag) {
    case component_tag::orb_type:
      return OrbTypeComponent{is.read_ulong()};
    case component_tag::code_sets:
      return CodeSetsComponent{cdr::read<cdr::CodeSetComponentInfo>(is)};
    case component_tag::alternate_iiop_address: {
      AlternateAddressComponent a;
      a.host = is.read_string();
      a.port = is.read_ushort();
      return a;
    }
    case component_tag::policies:
      return PoliciesComponent{read_policy_values(is)};
    case component_tag::ssl_sec_trans: {
      SslSecTransComponent s;
      s.target_supports = is.read_ushort();
      s.target_requires = is.read_ushort();
      s.port = is.read_ushort();
      return s;
    }
    default:  // component_tag::java_codebase
      return JavaCodebaseComponent{is.read_string()};
  }
}

bool is_known(ComponentId tag) {
  switch (tag) {
    case component_tag::orb_type:
    case component_tag::code_sets:
    case component_tag::alternate_iiop_address:
    case component_tag::policies:
    case component_tag::ssl_sec_trans:
    case component_tag::java_codebase:
      return true;
    default:
      return false;
  }
}

template <class F>
TaggedComponent tagged(ComponentId tag, F&& write) {
  return {tag, make_encapsulation(std::forward<F>(write))};
}

}  // namespace

ComponentValue decode_component(const TaggedComponent& component) {
  if (!is_known(component.tag)) return UnknownComponent{component};
  cdr::InputStream is = open_encapsulation(component.data);
  return decode_known(component.tag, is);
}

TaggedComponent encode_component(const ComponentValue& value) {
  using cdr::OutputStream;
  return std::visit(
      Overloaded{
          [](const UnknownComponent& c) { return c.raw; },
          [](const OrbTypeComponent& c) {
            return tagged(component_tag::orb_type,
                          [&](OutputStream& os) { os.write_ulong(c.orb_type); });
          },
          [](const CodeSetsComponent& c) {
            return tagged(component_tag::code_sets,
                          [&](OutputStream& os) { cdr::write(os, c.info); });
          },
          [](const AlternateAddressComponent& c) {
            return tagged(component_tag::alternate_iiop_address, [&](OutputStream& os) {
              os.write_string(c.host);
              os.write_ushort(c.port);
            });
          },
          [](const PoliciesComponent& c) {
            return tagged(component_tag::policies,
                          [&](OutputStream& os) { write_policy_values(os, c.policies); });
          },
          [](const SslSecTransComponent& c) {
            return tagged(component_tag::ssl_sec_trans, [&](OutputStream& os) {
              os.write_ushort(c.target_supports);
              os.write_ushort(c.target_requires);
              os.write_ushort(c.port);
            });
          },
          [](const JavaCodebaseComponent& c) {
            return tagged(component_tag::java_codebase,
                          [&](OutputStream& os) { os.write_string(c.codebase); });
          },
      },
      value);
}

}  // namespace rtorb::ior
