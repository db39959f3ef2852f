// CDR encoding of value types and value boxes held through their ref_type: the generic
// codec generated code uses. Reading creates values with the factories registered with the
// stream's ORB (ORB::register_value_factory), falling back to the formal type's own.
#pragma once

#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/value_codec.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/corba/value_base.hpp>

#include <memory>
#include <string>
#include <type_traits>

namespace rtorb::orb {

// The factory the ORB of `is` has registered for `repository_id`; null when it has none or
// the stream belongs to no ORB.
IDL::traits<CORBA::ValueFactoryBase>::ref_type find_value_factory(const cdr::InputStream& is,
                                                                  const std::string& repository_id);

}  // namespace rtorb::orb

namespace rtorb::detail {

// The formal type's description and default creator: generated classes have both as
// static members (rtorb_value_info, rtorb_create); ValueBase itself creates nothing.
template <class T>
const cdr::ValueTypeInfo& formal_value_info() noexcept {
  if constexpr (std::is_same_v<T, CORBA::ValueBase>) {
    static constexpr cdr::ValueTypeInfo info{"IDL:omg.org/CORBA/ValueBase:1.0"};
    return info;
  } else {
    return T::rtorb_value_info();
  }
}

template <class T>
CORBA::ValueBase::_ref_type create_formal_value() {
  if constexpr (std::is_same_v<T, CORBA::ValueBase>) {
    return nullptr;
  } else {
    return T::rtorb_create();
  }
}

// IDL::traits<V>::narrow of generated value types.
template <class T, class U>
CORBA::valuetype_reference<T> narrow_value(const CORBA::valuetype_reference<U>& value) noexcept {
  return CORBA::valuetype_reference<T>::adopt(std::dynamic_pointer_cast<T>(value.shared()));
}

}  // namespace rtorb::detail

namespace rtorb::cdr {

template <class T>
struct Codec<CORBA::object_reference<T>, std::enable_if_t<std::is_base_of_v<CORBA::ValueBase, T>>> {
  static constexpr std::size_t min_size = 4;  // the null tag
  static void write(OutputStream& os, const CORBA::object_reference<T>& v) {
    write_value(os, v.shared().get());
  }
  // A value of another type than T (a factory that made the wrong thing, an indirection to
  // a value of another type) raises MARSHAL marshal_wrong_value_type.
  static void read(InputStream& is, CORBA::object_reference<T>& v) {
    const auto value = read_value(is, rtorb::detail::formal_value_info<T>(), &rtorb::detail::create_formal_value<T>,
                                  &orb::find_value_factory);
    if (!value) {
      v = nullptr;
      return;
    }
    auto typed = std::dynamic_pointer_cast<T>(value.shared());
    if (!typed) {
      raise<CORBA::MARSHAL>(minor::marshal_wrong_value_type,
                            "a value of type " + value->_obv_typeid() + " where " +
                                rtorb::detail::formal_value_info<T>().repository_id + " is expected");
    }
    v = CORBA::object_reference<T>::adopt(std::move(typed));
  }
};

}  // namespace rtorb::cdr
