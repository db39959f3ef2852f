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

namespace rtorb::cdr {

template <class T>
struct Codec<CORBA::object_reference<T>, std::enable_if_t<std::is_base_of_v<CORBA::Object, T>>> {
  static constexpr std::size_t min_size = 8;  // empty type id + zero profiles
  static void write(OutputStream& os, const CORBA::object_reference<T>& v) { orb::write_object(os, v); }
  static void read(InputStream& is, CORBA::object_reference<T>& v) {
    if constexpr (std::is_same_v<T, CORBA::Object>) {
      v = orb::ProxyAccess::make<CORBA::Object>(orb::read_object_core(is));
    } else {
      v = orb::ProxyAccess::make<T>(orb::read_object_core(is));
    }
  }
};

}  // namespace rtorb::cdr
