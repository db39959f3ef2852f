// Marshaling of tagged component lists.
#include "ior/tagged_component.hpp"

#include "ior/encapsulation.hpp"

namespace rtorb::ior {

void write_components(cdr::OutputStream& os, const TaggedComponentSeq& components) {
  os.write_ulong(static_cast<std::uint32_t>(components.size()));
  for (const TaggedComponent& c : components) {
    os.write_ulong(c.tag);
    write_octet_sequence(os, c.data);
  }
}

TaggedComponentSeq read_components(cdr::InputStream& is) {
  const std::uint32_t count = is.read_length(8);  // tag + data length at least
  TaggedComponentSeq components;
  components.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    TaggedComponent c;
    c.tag = is.read_ulong();
    const auto data = read_octet_sequence(is);
    c.data.assign(data.begin(), data.end());
    components.push_back(std::move(c));
  }
  return components;
}

const TaggedComponent* find_component(const TaggedComponentSeq& components, ComponentId tag) {
  for (const TaggedComponent& c : components) {
    if (c.tag == tag) return &c;
  }
  return nullptr;
}

}  // namespace rtorb::ior
