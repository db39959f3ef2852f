#include "omni_values_servants.hpp"

namespace omni_values {
namespace {

// The parameter is the caller's: the result is a new reference to the same value.
template <class V>
V* share(V* v) {
  if (v != nullptr) v->_add_ref();
  return v;
}

class SquareFactory final : public CORBA::ValueFactoryBase {
 public:
  CORBA::ValueBase* create_for_unmarshal() override { return new SquareImpl; }
};

void add(CORBA::ORB_ptr orb, const char* id, CORBA::ValueFactoryBase* factory) {
  CORBA::ValueFactoryBase_var previous = orb->register_value_factory(id, factory);
  factory->_remove_ref();
}

}  // namespace

void register_value_factories(CORBA::ORB_ptr orb) {
  add(orb, InteropValues::Node::_PD_repoId, new InteropValues::Node_init);
  add(orb, InteropValues::Base::_PD_repoId, new InteropValues::Base_init);
  add(orb, InteropValues::Derived::_PD_repoId, new InteropValues::Derived_init);
  add(orb, InteropValues::Extended::_PD_repoId, new InteropValues::Extended_init);
  add(orb, InteropValues::Square::_PD_repoId, new SquareFactory);
}

InteropValues::Node* ValueTesterServant::echo_node(InteropValues::Node* n) { return share(n); }

InteropValues::NodeSeq* ValueTesterServant::echo_nodes(const InteropValues::NodeSeq& s) {
  return new InteropValues::NodeSeq(s);  // the members share the values: sharing is kept
}

InteropValues::Base* ValueTesterServant::echo_base(InteropValues::Base* b) { return share(b); }

InteropValues::Base* ValueTesterServant::make_derived(CORBA::Long a, const char* b) {
  return new OBV_InteropValues::Derived(a, b);
}

InteropValues::StringBox* ValueTesterServant::echo_string_box(InteropValues::StringBox* s) {
  return share(s);
}

InteropValues::LongSeqBox* ValueTesterServant::echo_long_seq_box(InteropValues::LongSeqBox* s) {
  return share(s);
}

CORBA::Double ValueTesterServant::area_of(InteropValues::Shape_ptr s) {
  if (CORBA::is_nil(s)) throw CORBA::BAD_PARAM(0, CORBA::COMPLETED_NO);
  return s->area();
}

InteropValues::Shape_ptr ValueTesterServant::make_shape(CORBA::Boolean as_value, CORBA::Double size) {
  if (as_value) return new SquareImpl(size);
  CircleServant* servant = new CircleServant(size);
  PortableServer::ObjectId_var id = poa_->activate_object(servant);
  servant->_remove_ref();
  CORBA::Object_var object = poa_->id_to_reference(id);
  return InteropValues::Circle::_narrow(object);
}

}  // namespace omni_values
