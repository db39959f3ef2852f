// The exception a nil object_reference raises when it is used (IDL to C++11 mapping, 6.7).
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/raise.hpp>

namespace rtorb::detail {

void raise_nil_reference() {
  raise<CORBA::INV_OBJREF>(minor::inv_objref_nil_reference,
                           "an operation was invoked through a nil reference");
}

}  // namespace rtorb::detail
