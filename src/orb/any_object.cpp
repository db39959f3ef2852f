// Object references and abstract interfaces in anys: the IOR (or the value) as the value,
// the ORB for extraction.
#include <rtorb/orb/abstract_codec.hpp>
#include <rtorb/orb/any_object.hpp>
#include <rtorb/orb/value_codec.hpp>

#include "client/object_core.hpp"
#include "orb/orb_core.hpp"

namespace rtorb::orb {

void insert_object(cdr::Any& any, const CORBA::object_reference<CORBA::Object>& object,
                   cdr::TypeCodeRef tc) {
  any.insert(object, std::move(tc));
  const auto* core = object ? core_of(*object).get() : nullptr;
  any.set_references(core != nullptr ? core->orb().get() : nullptr, &find_value_factory);
}

void insert_abstract(cdr::Any& any, const CORBA::object_reference<CORBA::AbstractBase>& value,
                     cdr::TypeCodeRef tc) {
  any.set(std::move(tc), [&value](cdr::OutputStream& os) { rtorb::detail::write_abstract(os, value.shared()); });
  const auto* object = dynamic_cast<const CORBA::Object*>(value.shared().get());
  const auto* core = object != nullptr ? core_of(*object).get() : nullptr;
  any.set_references(core != nullptr ? core->orb().get() : nullptr, &find_value_factory);
  if (auto* v = dynamic_cast<CORBA::ValueBase*>(value.shared().get())) {
    any.set_local_value(CORBA::valuetype_reference<CORBA::ValueBase>::adopt(
        std::shared_ptr<CORBA::ValueBase>(value.shared(), v)));
  }
}

}  // namespace rtorb::orb
