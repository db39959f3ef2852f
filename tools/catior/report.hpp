// What rtorb-catior shows: a Node tree describing a stringified reference. All decoding is
// done by the ior library; this only arranges its results for printing.
#pragma once

#include "node.hpp"

#include <string_view>

namespace rtorb::catior {

// Describes an "IOR:", "corbaloc:" or "corbaname:" string. Raises the CORBA system
// exception the library raises for malformed input (BAD_PARAM, MARSHAL).
Node describe(std::string_view text);

// The reference as a corbaloc URL (ior::reference_to_corbaloc): an IOR's IIOP addresses
// and object key, or a corbaloc URL written again in canonical form. Raises BAD_PARAM
// bad_param_no_corbaloc when the reference has no corbaloc form (nil, no IIOP profile,
// profiles with different keys, a corbaname URL), and what describe raises.
std::string to_corbaloc(std::string_view text);

}  // namespace rtorb::catior
