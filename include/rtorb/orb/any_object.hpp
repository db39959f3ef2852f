// Object references in a CORBA::Any (IDL to C++11 mapping, 6.17): the runtime half of the
// operator<<= / operator>>= rtorb-idl writes for every (non-local) interface.
#pragma once

#include <rtorb/cdr/any.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/orb/object_codec.hpp>

namespace rtorb::orb {

// Stores `object`'s IOR (nil: the nil IOR) as a value of TypeCode `tc` (the interface's
// tk_objref) and remembers the reference's ORB, so that extracting it in this process
// makes a proxy with that ORB (an any read from a request or reply has its ORB already).
// Raises MARSHAL (marshal_local_object) for a local object.
void insert_object(cdr::Any& any, const CORBA::object_reference<CORBA::Object>& object,
                   cdr::TypeCodeRef tc);

}  // namespace rtorb::orb
