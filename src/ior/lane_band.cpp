#include "ior/lane_band.hpp"

#include <rtorb/corba/exception.hpp>

#include "ior/encapsulation.hpp"

namespace rtorb::ior {

TaggedComponent encode_lane_band(const PriorityBand& band) {
  return {component_tag::rtorb_lane_band, make_encapsulation([&](cdr::OutputStream& os) {
            os.write_short(band.low);
            os.write_short(band.high);
          })};
}

std::optional<PriorityBand> decode_lane_band(const TaggedComponent& component) noexcept {
  try {
    cdr::InputStream is = open_encapsulation(component.data);
    PriorityBand band;
    band.low = is.read_short();
    band.high = is.read_short();
    if (band.low < 0 || band.low > band.high) return std::nullopt;
    return band;
  } catch (const CORBA::SystemException&) {
    return std::nullopt;
  }
}

}  // namespace rtorb::ior
