// CDR encoding of abstract interfaces (CORBA 3.x, 9.3.7): `union switch (boolean) { case
// TRUE: Object obj; case FALSE: ValueBase val; }`. A proxy goes as TRUE and its IOR, a value
// whose type supports the interface as FALSE and the value; nil as FALSE and a null value.
#pragma once

#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/value_codec.hpp>
#include <rtorb/corba/abstract_base.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/object_codec.hpp>
#include <rtorb/orb/value_codec.hpp>

#include <memory>
#include <string>
#include <type_traits>

namespace rtorb::detail {

// An abstract interface's own class (not an interface or value derived from it) names itself
// as rtorb_abstract_interface, and names the proxy class a TRUE branch is read into.
template <class T>
concept abstract_interface_class = requires { typename T::rtorb_abstract_interface; } &&
                                   std::is_same_v<typename T::rtorb_abstract_interface, T>;

// The union for `a`: TRUE and the IOR of a proxy, FALSE and a value (null for nil).
void write_abstract(cdr::OutputStream& os, const std::shared_ptr<CORBA::AbstractBase>& a);
// Reads the union's boolean; FALSE: the value that follows, which must be an A (MARSHAL
// marshal_wrong_value_type otherwise, marshal_no_value_factory when no factory makes it;
// `formal_id` names A in messages). TRUE: null, and the IOR is the caller's to read.
CORBA::object_reference<CORBA::AbstractBase> read_abstract_value(cdr::InputStream& is, const char* formal_id,
                                                                bool& is_object);
// The union as a CORBA::AbstractBase: a reference becomes an AbstractObject proxy.
CORBA::object_reference<CORBA::AbstractBase> read_abstract(cdr::InputStream& is, const char* formal_id);
// MARSHAL marshal_wrong_value_type: `value` is not of the abstract interface `formal_id`.
[[noreturn]] void raise_not_abstract(const CORBA::AbstractBase& value, const char* formal_id);

}  // namespace rtorb::detail

namespace rtorb::cdr {

template <class T>
struct Codec<CORBA::object_reference<T>, std::enable_if_t<rtorb::detail::abstract_interface_class<T>>> {
  static constexpr std::size_t min_size = 5;  // FALSE and a null value tag
  static void write(OutputStream& os, const CORBA::object_reference<T>& v) {
    rtorb::detail::write_abstract(os, v.shared());
  }
  // A FALSE branch holding a value whose type does not support T raises MARSHAL
  // marshal_wrong_value_type; one no factory creates, marshal_no_value_factory.
  static void read(InputStream& is, CORBA::object_reference<T>& v) {
    bool is_object = false;
    const auto value = rtorb::detail::read_abstract_value(is, IDL::traits<T>::repository_id, is_object);
    if (is_object) {
      v = orb::ProxyAccess::make<typename T::rtorb_proxy>(orb::read_object_core(is));
      return;
    }
    auto typed = std::dynamic_pointer_cast<T>(value.shared());
    if (value && !typed) rtorb::detail::raise_not_abstract(*value, IDL::traits<T>::repository_id);
    v = CORBA::object_reference<T>::adopt(std::move(typed));
  }
};

}  // namespace rtorb::cdr
