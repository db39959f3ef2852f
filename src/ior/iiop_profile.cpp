// Encoding and decoding of IIOP profile bodies.
#include "ior/iiop_profile.hpp"

#include "ior/encapsulation.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>

namespace rtorb::ior {
namespace {

std::string version_text(IiopVersion v) {
  return std::to_string(v.major) + "." + std::to_string(v.minor);
}

}  // namespace

IiopProfile decode_iiop_profile(std::span<const std::uint8_t> body) {
  cdr::InputStream is = open_encapsulation(body);
  IiopProfile p;
  p.version.major = is.read_octet();
  p.version.minor = is.read_octet();
  if (p.version.major != 1) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_ior,
                          "IIOP profile version " + version_text(p.version) +
                              " is not supported (major version must be 1)");
  }
  p.host = is.read_string();
  p.port = is.read_ushort();
  const auto key = read_octet_sequence(is);
  p.object_key.assign(key.begin(), key.end());
  if (p.version.minor >= 1) p.components = read_components(is);
  return p;
}

std::vector<std::uint8_t> encode_iiop_profile(const IiopProfile& profile) {
  if (profile.version.major != 1) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_profile,
                            "cannot encode IIOP version " + version_text(profile.version));
  }
  if (profile.version.minor == 0 && !profile.components.empty()) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_profile,
                            "an IIOP 1.0 profile cannot carry tagged components");
  }
  return make_encapsulation([&](cdr::OutputStream& os) {
    os.write_octet(profile.version.major);
    os.write_octet(profile.version.minor);
    os.write_string(profile.host);
    os.write_ushort(profile.port);
    write_octet_sequence(os, profile.object_key);
    if (profile.version.minor >= 1) write_components(os, profile.components);
  });
}

}  // namespace rtorb::ior
