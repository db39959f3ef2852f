// rtorb::detail helper for IDL::traits of the POA's local interfaces: ref_type, repository
// id and narrow by dynamic cast (local objects are never proxies).
#pragma once

#include <memory>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/object_reference.hpp>

namespace rtorb::detail {

template <class T>
struct LocalInterfaceTraits {
  using ref_type = CORBA::object_reference<T>;
  using weak_ref_type = CORBA::weak_object_reference<T>;
  static ref_type narrow(const CORBA::object_reference<CORBA::Object>& object) noexcept {
    return ref_type::adopt(std::dynamic_pointer_cast<T>(object.shared()));
  }
};

}  // namespace rtorb::detail

// Specialises IDL::traits<PortableServer::NAME> with the repository id "IDL:omg.org/
// PortableServer/NAME:2.3" (or the nested path given).
#define RTORB_POA_LOCAL_TRAITS(TYPE, REPOSITORY_ID)                   \
  namespace IDL {                                                     \
  template <>                                                         \
  struct traits<TYPE> : ::rtorb::detail::LocalInterfaceTraits<TYPE> { \
    static constexpr const char* repository_id = REPOSITORY_ID;       \
  };                                                                  \
  }
