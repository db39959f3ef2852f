// The abstract-interface union on the wire (abstract_codec.hpp).
#include <rtorb/orb/abstract_codec.hpp>

#include <string>

namespace rtorb::detail {

void write_abstract(cdr::OutputStream& os, const std::shared_ptr<CORBA::AbstractBase>& a) {
  if (auto* object = dynamic_cast<CORBA::Object*>(a.get())) {
    os.write_boolean(true);
    orb::write_object(os, CORBA::object_reference<CORBA::Object>::adopt(std::shared_ptr<CORBA::Object>(a, object)));
    return;
  }
  os.write_boolean(false);
  cdr::write_value(os, dynamic_cast<const CORBA::ValueBase*>(a.get()));
}

void raise_not_abstract(const CORBA::AbstractBase& value, const char* formal_id) {
  const auto* v = dynamic_cast<const CORBA::ValueBase*>(&value);
  raise<CORBA::MARSHAL>(minor::marshal_wrong_value_type,
                        "a value of type " + (v != nullptr ? v->_obv_typeid() : std::string("?")) + " where " +
                            formal_id + " (an abstract interface) is expected");
}

CORBA::object_reference<CORBA::AbstractBase> read_abstract_value(cdr::InputStream& is, const char* formal_id,
                                                                bool& is_object) {
  is_object = is.read_boolean();
  if (is_object) return nullptr;
  const cdr::ValueTypeInfo formal{formal_id};
  const auto value = cdr::read_value(is, formal, nullptr, &orb::find_value_factory);
  if (!value) return nullptr;
  auto abstract = std::dynamic_pointer_cast<CORBA::AbstractBase>(value.shared());
  if (!abstract) {
    raise<CORBA::MARSHAL>(minor::marshal_wrong_value_type,
                          "a value of type " + value->_obv_typeid() + " where " + formal_id +
                              " (an abstract interface) is expected");
  }
  return CORBA::object_reference<CORBA::AbstractBase>::adopt(std::move(abstract));
}

CORBA::object_reference<CORBA::AbstractBase> read_abstract(cdr::InputStream& is, const char* formal_id) {
  bool is_object = false;
  auto value = read_abstract_value(is, formal_id, is_object);
  if (!is_object) return value;
  return orb::ProxyAccess::make<AbstractObject>(orb::read_object_core(is));
}

}  // namespace rtorb::detail
