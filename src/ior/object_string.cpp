// Dispatch on the scheme of a stringified object reference.
#include "ior/object_string.hpp"

#include "base/ascii.hpp"
#include "ior/corbaloc.hpp"
#include "ior/ior_string.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>

namespace rtorb::ior {
bool has_scheme(std::string_view text, std::string_view scheme) noexcept {
  return starts_with_ignoring_case(text, scheme);
}

ObjectReference string_to_reference(std::string_view text) {
  if (has_ior_prefix(text)) return reference_from_ior_string(text);
  if (has_scheme(text, "corbaloc:")) return corbaloc_to_reference(parse_corbaloc(text));
  if (has_scheme(text, "corbaname:")) {
    return corbaloc_to_reference(parse_corbaname(text).location);
  }
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_scheme,
                          bad_scheme_message(text, "IOR:, corbaloc: or corbaname:"));
}

std::string bad_scheme_message(std::string_view text, std::string_view accepted) {
  const std::size_t colon = text.find(':');
  // A colon far in is not a scheme's (a host:port, a path): do not echo a long prefix.
  const std::string found = colon == text.npos || colon > 32
                                ? std::string("no scheme")
                                : "unknown scheme \"" + std::string(text.substr(0, colon + 1)) + "\"";
  return found + " (expected " + std::string(accepted) + ")";
}

}  // namespace rtorb::ior
