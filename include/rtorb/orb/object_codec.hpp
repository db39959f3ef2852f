// CDR encoding of object references: an IOR on the wire, a live reference in C++. Reading
// needs the ORB the stream belongs to (InputOptions::references); generated code reads
// interface types through make_proxy without a remote _is_a.
#pragma once

#include <rtorb/cdr/codec.hpp>
#include <rtorb/corba/object.hpp>

#include <type_traits>

namespace rtorb::orb {

// Nil writes the nil IOR. A local object raises MARSHAL.
void write_object(cdr::OutputStream& os, const CORBA::object_reference<CORBA::Object>& object);
// Nil IOR reads as nil. Raises MARSHAL if the stream has no ORB to attach the reference to.
std::shared_ptr<ObjectCore> read_object_core(cdr::InputStream& is);

}  // namespace rtorb::orb

namespace rtorb::detail {

// An abstract interface's own class (not an interface derived from it) names itself as
// rtorb_abstract_interface: values of it are the union CORBA 3.x, 9.3.7 defines.
template <class T>
concept abstract_interface_class = requires { typename T::rtorb_abstract_interface; } &&
                                   std::is_same_v<typename T::rtorb_abstract_interface, T>;

// The FALSE branch of that union, a value where an abstract interface is expected:
// NO_IMPLEMENT no_implement_value_type until rtorb maps values supporting interfaces.
[[noreturn]] void raise_abstract_interface_value();

}  // namespace rtorb::detail

namespace rtorb::cdr {

template <class T>
struct Codec<CORBA::object_reference<T>, std::enable_if_t<std::is_base_of_v<CORBA::Object, T>>> {
  static constexpr std::size_t min_size = 8;  // empty type id + zero profiles
  // An abstract interface is `union switch (boolean) { case TRUE: Object; case FALSE:
  // ValueBase; }`: references go as TRUE and an IOR.
  static void write(OutputStream& os, const CORBA::object_reference<T>& v) {
    if constexpr (rtorb::detail::abstract_interface_class<T>) os.write_boolean(true);
    orb::write_object(os, v);
  }
  static void read(InputStream& is, CORBA::object_reference<T>& v) {
    if constexpr (rtorb::detail::abstract_interface_class<T>) {
      if (!is.read_boolean()) rtorb::detail::raise_abstract_interface_value();
    }
    if constexpr (std::is_same_v<T, CORBA::Object>) {
      v = orb::ProxyAccess::make<CORBA::Object>(orb::read_object_core(is));
    } else {
      v = orb::ProxyAccess::make<T>(orb::read_object_core(is));
    }
  }
};

}  // namespace rtorb::cdr
