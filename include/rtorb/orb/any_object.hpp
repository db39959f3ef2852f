// Object references and abstract interfaces in a CORBA::Any (IDL to C++11 mapping, 6.17):
// the runtime half of the operator<<= / operator>>= rtorb-idl writes for every (non-local)
// interface and every abstract interface.
#pragma once

#include <rtorb/cdr/any.hpp>
#include <rtorb/corba/abstract_base.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/orb/object_codec.hpp>

namespace rtorb::orb {

// Stores `object`'s IOR (nil: the nil IOR) as a value of TypeCode `tc` (the interface's
// tk_objref) and remembers the reference's ORB, so that extracting it in this process
// makes a proxy with that ORB (an any read from a request or reply has its ORB already).
// Raises MARSHAL (marshal_local_object) for a local object.
void insert_object(cdr::Any& any, const CORBA::object_reference<CORBA::Object>& object,
                   cdr::TypeCodeRef tc);

// Stores the abstract-interface union for `value` (CORBA 3.x, 9.3.7: a proxy as TRUE and its
// IOR, a value as FALSE and the value, nil as FALSE and a null value) as a value of TypeCode
// `tc` (the interface's tk_abstract_interface). Like insert_object it remembers a proxy's
// ORB; a value's type is found again, when the any is read, by the factories of the ORB
// that reads it (ORB::register_value_factory).
void insert_abstract(cdr::Any& any, const CORBA::object_reference<CORBA::AbstractBase>& value,
                     cdr::TypeCodeRef tc);

// operator>>= of an abstract interface T: false unless the any holds a type equivalent to
// `tc`; then the value inserted in this process when there is one (Any::local_value; false
// if it is not a T), else the union read from the any's bytes (a value made by the factories
// of the ORB the any came from: MARSHAL marshal_no_value_factory when none makes it).
template <class T>
bool extract_abstract(const cdr::Any& any, CORBA::object_reference<T>& value, const cdr::TypeCode& tc) {
  if (!any.type()->equivalent(tc)) return false;
  if (const auto& local = any.local_value()) {
    auto typed = std::dynamic_pointer_cast<T>(local.shared());
    if (!typed) return false;
    value = CORBA::object_reference<T>::adopt(std::move(typed));
    return true;
  }
  return any.extract(value, tc);
}

}  // namespace rtorb::orb
