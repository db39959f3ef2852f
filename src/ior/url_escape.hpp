// %-escapes of the key and name parts of corbaloc/corbaname URLs (CORBA 3.x, 7.6.10.1,
// after RFC 2396): US-ASCII alphanumerics and ;/:?@&=+$,-_.!~*'() stand for themselves,
// every other octet is written %XX.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb::ior {

// Uppercase hex escapes for every octet outside the unreserved set.
std::string url_escape(std::span<const std::uint8_t> octets);
std::string url_escape(std::string_view text);

// Decodes %XX escapes. Raises BAD_PARAM bad_param_bad_schema_specific for a '%' not followed
// by two hex digits or a character that must be escaped; `what` names the part ("object
// key", "name") and `offset` is added to positions in the message.
std::vector<std::uint8_t> url_unescape(std::string_view text, std::string_view what,
                                       std::size_t offset = 0);

}  // namespace rtorb::ior
