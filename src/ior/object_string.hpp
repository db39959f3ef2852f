// string_to_object's parsing half: any stringified reference rtorb accepts, as a decoded
// reference.
#pragma once

#include "ior/object_reference.hpp"

#include <string>
#include <string_view>

namespace rtorb::ior {

// "IOR:...", "corbaloc:..." or "corbaname:..." (the naming context's reference; the name
// is left for the naming client to resolve). Raises BAD_PARAM: bad_param_bad_scheme for
// any other scheme, otherwise what reference_from_ior_string(), parse_corbaloc(),
// parse_corbaname() and corbaloc_to_reference() raise.
ObjectReference string_to_reference(std::string_view text);

// The complaint about a text whose scheme is none of `accepted` ("IOR:, corbaloc: or
// corbaname:"): names the scheme found, if any, and every scheme the caller takes.
std::string bad_scheme_message(std::string_view text, std::string_view accepted);

// True when `text` starts with `scheme` (given in lowercase, with its ':') in any letter case.
bool has_scheme(std::string_view text, std::string_view scheme) noexcept;

}  // namespace rtorb::ior
