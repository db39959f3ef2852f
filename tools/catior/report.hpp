// What rtorb-catior shows: a Node tree describing a stringified reference. All decoding is
// done by the ior library; this only arranges its results for printing.
#pragma once

#include "node.hpp"

#include <string_view>

namespace rtorb::catior {

// Describes an "IOR:", "corbaloc:" or "corbaname:" string. Raises the CORBA system
// exception the library raises for malformed input (BAD_PARAM, MARSHAL).
Node describe(std::string_view text);

}  // namespace rtorb::catior
