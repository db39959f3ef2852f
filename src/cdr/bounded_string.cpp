// Bounded strings: unbounded wire form, bound checked on both sides.
#include <rtorb/cdr/codec.hpp>

namespace rtorb::cdr {

void write_bounded_string(OutputStream& os, std::string_view s, std::uint32_t bound) {
  if (s.size() > bound) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bound_exceeded,
                            "string of " + std::to_string(s.size()) + " chars exceeds its bound " +
                                std::to_string(bound));
  }
  os.write_string(s);
}

std::string read_bounded_string(InputStream& is, std::uint32_t bound) {
  std::string s = is.read_string();
  if (s.size() > bound) {
    raise<CORBA::MARSHAL>(minor::marshal_bound_exceeded,
                          "string of " + std::to_string(s.size()) + " chars exceeds its bound " +
                              std::to_string(bound));
  }
  return s;
}

}  // namespace rtorb::cdr
