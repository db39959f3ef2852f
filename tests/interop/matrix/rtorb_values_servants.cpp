#include "rtorb_values_servants.hpp"

#include <rtorb/corba/raise.hpp>

namespace rtorb_values {

void register_value_factories(CORBA::ORB& orb) {
  orb.register_value_factory(IDL::traits<InteropValues::Node>::repository_id,
                             CORBA::make_reference<InteropValues::Node_init>());
  orb.register_value_factory(IDL::traits<InteropValues::Base>::repository_id,
                             CORBA::make_reference<InteropValues::Base_init>());
  orb.register_value_factory(IDL::traits<InteropValues::Derived>::repository_id,
                             CORBA::make_reference<InteropValues::Derived_init>());
  orb.register_value_factory(IDL::traits<InteropValues::Extended>::repository_id,
                             CORBA::make_reference<InteropValues::Extended_init>());
  orb.register_value_factory(IDL::traits<InteropValues::Square>::repository_id,
                             CORBA::make_reference<SquareFactory>());
}

BaseRef ValueTesterImpl::make_derived(std::int32_t a, const std::string& b) {
  return CORBA::make_reference<OBV_InteropValues::Derived>(a, b);
}

double ValueTesterImpl::area_of(const IDL::traits<InteropValues::Shape>::ref_type& s) {
  if (!s) {
    rtorb::raise<CORBA::BAD_PARAM>(0, "area_of: no shape");
  }
  return s->area();
}

IDL::traits<InteropValues::Shape>::ref_type ValueTesterImpl::make_shape(bool as_value, double size) {
  if (as_value) return CORBA::make_reference<SquareImpl>(size);
  auto servant = CORBA::make_reference<CircleImpl>(size);
  const auto id = poa_->activate_object(servant);
  return IDL::traits<InteropValues::Circle>::narrow(poa_->id_to_reference(id));
}

}  // namespace rtorb_values
