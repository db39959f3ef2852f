// Marshaling of tagged component lists.
#include "ior/tagged_component.hpp"

#include "ior/encapsulation.hpp"

namespace rtorb::ior {

void write_components(cdr::OutputStream& os, const TaggedComponentSeq& components) {
  write_tagged_octets(os, components, &TaggedComponent::tag, &TaggedComponent::data);
}

TaggedComponentSeq read_components(cdr::InputStream& is) {
  return read_tagged_octets(is, &TaggedComponent::tag, &TaggedComponent::data);
}

const TaggedComponent* find_component(const TaggedComponentSeq& components, ComponentId tag) {
  for (const TaggedComponent& c : components) {
    if (c.tag == tag) return &c;
  }
  return nullptr;
}

}  // namespace rtorb::ior
