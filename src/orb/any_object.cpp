// Object references in anys: the IOR as the value, the ORB for extraction.
#include <rtorb/orb/any_object.hpp>

#include "orb/object_core.hpp"
#include "orb/orb_core.hpp"

namespace rtorb::orb {

void insert_object(cdr::Any& any, const CORBA::object_reference<CORBA::Object>& object,
                   cdr::TypeCodeRef tc) {
  any.insert(object, std::move(tc));
  const auto* core = object ? core_of(*object).get() : nullptr;
  any.set_references(core != nullptr ? core->orb().get() : nullptr);
}

}  // namespace rtorb::orb
