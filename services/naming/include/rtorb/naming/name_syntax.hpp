// The stringified names of CosNaming::NamingContextExt (Naming Service 1.3, 2.4): "a/b.kind"
// with '\' escaping '/', '.' and '\', and their corbaname: URLs (RFC 2396 escaping).
#pragma once

#include <string>
#include <string_view>

#include "CosNamingC.h"

namespace rtorb::naming {

// "id" or "id.kind" per component, joined by '/'; "." for an empty id and kind, ".kind"
// for an empty id. Raises NamingContext::InvalidName for an empty name.
std::string to_string(const CosNaming::Name& name);

// The inverse. Raises NamingContext::InvalidName for an empty string, an empty component
// ("a//b", a leading or trailing '/'), more than one unescaped '.' in a component, a
// trailing '.' ("a."), and a '\' that escapes anything but '/', '.' or '\'.
CosNaming::Name to_name(std::string_view string_name);

// "corbaname:" + address + "#" + the escaped string name (no '#' part for an empty name).
// `address` is what follows "corbaname:": comma-separated rir:, iiop: or ':' addresses,
// optionally followed by "/key". Raises NamingContextExt::InvalidAddress for an empty or
// malformed address, NamingContext::InvalidName for a bad string name.
std::string to_url(std::string_view address, std::string_view string_name);

// RFC 2396 escaping as corbaname: URLs need it: every byte but the unreserved and
// reserved characters becomes %XX.
std::string escape_url(std::string_view text);

}  // namespace rtorb::naming
