// RTPortableServer::POA (RT-CORBA 1.2, 5.4): a POA whose objects may be given priorities of
// their own. Narrow any POA of an ORB with Real-time CORBA:
//
//   auto rt_poa = IDL::traits<RTPortableServer::POA>::narrow(poa);
//   auto id = rt_poa->activate_object_with_priority(servant, 20000);
//
// Only a SERVER_DECLARED POA accepts a priority (WrongPolicy otherwise); with a thread pool
// of lanes it must be a lane's (BAD_PARAM bad_param_bad_priority otherwise). The object's
// references name that lane and carry that priority, and its upcalls run at it.
#pragma once

#include <rtorb/poa/poa.hpp>
#include <rtorb/rt/rtcorba.hpp>

#include <string>

namespace RTPortableServer {

class POA : public virtual PortableServer::POA {
 public:
  virtual ObjectRef create_reference_with_priority(const std::string& intf,
                                                   RTCORBA::Priority priority) = 0;
  virtual ObjectRef create_reference_with_id_and_priority(const PortableServer::ObjectId& oid,
                                                          const std::string& intf,
                                                          RTCORBA::Priority priority) = 0;
  virtual PortableServer::ObjectId activate_object_with_priority(ServantRef p_servant,
                                                                 RTCORBA::Priority priority) = 0;
  virtual void activate_object_with_id_and_priority(const PortableServer::ObjectId& oid,
                                                    ServantRef p_servant,
                                                    RTCORBA::Priority priority) = 0;
};

}  // namespace RTPortableServer

namespace rtorb::rt {
// The RTPortableServer::POA view of a POA of rtorb's (nil for nil or anything else).
CORBA::object_reference<RTPortableServer::POA> narrow_rt_poa(
    const CORBA::object_reference<CORBA::Object>& object) noexcept;
}  // namespace rtorb::rt

namespace IDL {
template <>
struct traits<RTPortableServer::POA> {
  using ref_type = CORBA::object_reference<RTPortableServer::POA>;
  using weak_ref_type = CORBA::weak_object_reference<RTPortableServer::POA>;
  static constexpr const char* repository_id = "IDL:omg.org/RTPortableServer/POA:1.0";
  static ref_type narrow(const CORBA::object_reference<CORBA::Object>& object) noexcept {
    return ::rtorb::rt::narrow_rt_poa(object);
  }
};
}  // namespace IDL
