// Stringified object references: "IOR:" followed by the hex digits of an encapsulated
// IOP::IOR (CORBA 3.x, 7.6.9), byte-order octet first.
#pragma once

#include "ior/object_reference.hpp"

#include <rtorb/cdr/object_reference.hpp>

#include <string>
#include <string_view>

namespace rtorb::ior {

// Lowercase hex, native byte order.
std::string to_ior_string(const cdr::IorData& ior);
std::string to_ior_string(const ObjectReference& reference);

// True when `text` starts with "IOR:" in any letter case.
bool has_ior_prefix(std::string_view text) noexcept;

// Accepts the prefix in any case and hex digits in either case. Every error raises
// BAD_PARAM with minor bad_param_bad_ior_string and says what is wrong: missing prefix, no
// digits, an odd number of digits, a character that is not a hex digit, a byte-order octet
// other than 0/1, a count or length beyond the data, or bytes left after the IOR (up to 7
// zero bytes of padding are tolerated, as some ORBs align the end).
cdr::IorData parse_ior_string(std::string_view text);

// parse_ior_string() plus decode_reference(); malformed profiles also raise BAD_PARAM
// bad_param_bad_ior_string.
ObjectReference reference_from_ior_string(std::string_view text);

}  // namespace rtorb::ior
