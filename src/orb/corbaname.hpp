// The client half of corbaname: URLs: NamingContextExt::resolve_str called through the
// ORB's own request machinery, so the core needs no CosNaming stubs (services/naming).
#pragma once

#include <rtorb/corba/object.hpp>

#include <string>

namespace rtorb::orb {

// `context` is a CosNaming::NamingContextExt; returns what its resolve_str(name) returns.
// Its user exceptions become BAD_PARAM (string_to_object's exception for a string it
// cannot turn into a reference): bad_param_corbaname_not_found (with the reason and the
// rest of the name), bad_param_corbaname_cannot_proceed, bad_param_corbaname_invalid_name.
// Transport and other system exceptions pass through as they are.
CORBA::object_reference<CORBA::Object> resolve_string_name(const CORBA::Object& context,
                                                           const std::string& name);

}  // namespace rtorb::orb
