#include "ior/giop_lite_component.hpp"

#include <rtorb/corba/exception.hpp>

#include "ior/encapsulation.hpp"

namespace rtorb::ior {
namespace {

constexpr std::uint8_t lite_variant = 1;

}  // namespace

TaggedComponent encode_giop_lite() {
  return {component_tag::rtorb_giop_lite,
          make_encapsulation([](cdr::OutputStream& os) { os.write_octet(lite_variant); })};
}

bool speaks_giop_lite(const TaggedComponentSeq& components) noexcept {
  const TaggedComponent* c = find_component(components, component_tag::rtorb_giop_lite);
  if (c == nullptr) return false;
  try {
    cdr::InputStream is = open_encapsulation(c->data);
    return is.read_octet() == lite_variant;
  } catch (const CORBA::SystemException&) {
    return false;
  }
}

}  // namespace rtorb::ior
