// PortableServer::Current (CORBA 3.x, 15.3.9): what the POA knows about the request the
// calling thread is running ("POACurrent").
#pragma once

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/poa/local_traits.hpp>
#include <rtorb/poa/poa_types.hpp>
#include <rtorb/poa/servant.hpp>

namespace PortableServer {

class POA;

class Current : public virtual CORBA::LocalObject {
 public:
  class NoContext : public CORBA::UserException {
   public:
    const char* _name() const noexcept override { return "NoContext"; }
    const char* _rep_id() const noexcept override {
      return "IDL:omg.org/PortableServer/Current/NoContext:1.0";
    }
    const char* what() const noexcept override { return _rep_id(); }
  };

  // Each raises NoContext outside an upcall dispatched by a POA.
  virtual CORBA::object_reference<POA> get_POA() = 0;
  virtual ObjectId get_object_id() = 0;
  virtual CORBA::object_reference<CORBA::Object> get_reference() = 0;
  virtual CORBA::servant_reference<Servant> get_servant() = 0;
};

}  // namespace PortableServer

RTORB_POA_LOCAL_TRAITS(PortableServer::Current, "IDL:omg.org/PortableServer/Current:2.3")
