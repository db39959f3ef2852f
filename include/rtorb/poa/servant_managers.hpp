// Servant managers and adapter activators (CORBA 3.x, 15.3.4-15.3.6): user objects the
// POA calls to find servants and POAs on demand.
#pragma once

#include <rtorb/corba/object.hpp>
#include <rtorb/poa/local_traits.hpp>
#include <rtorb/poa/poa_types.hpp>
#include <rtorb/poa/servant.hpp>
#include <string>

namespace PortableServer {

class POA;

class ServantManager : public virtual CORBA::LocalObject {};

// For RETAIN + USE_SERVANT_MANAGER POAs: incarnate makes a servant for an id the active
// object map lacks (it is then retained); etherealize hears when it is given up.
class ServantActivator : public virtual ServantManager {
 public:
  // May raise ForwardRequest (answered as LOCATION_FORWARD) or any system exception.
  virtual CORBA::servant_reference<Servant> incarnate(const ObjectId& oid,
                                                      CORBA::object_reference<POA> adapter) = 0;
  virtual void etherealize(const ObjectId& oid, CORBA::object_reference<POA> adapter,
                           CORBA::servant_reference<Servant> serv, bool cleanup_in_progress,
                           bool remaining_activations) = 0;
};

// For NON_RETAIN + USE_SERVANT_MANAGER POAs: brackets every request.
class ServantLocator : public virtual ServantManager {
 public:
  using Cookie = void*;
  // May raise ForwardRequest or any system exception (the request is not run).
  virtual CORBA::servant_reference<Servant> preinvoke(const ObjectId& oid,
                                                      CORBA::object_reference<POA> adapter,
                                                      const std::string& operation,
                                                      Cookie& the_cookie) = 0;
  // Runs after the upcall, also when it raised.
  virtual void postinvoke(const ObjectId& oid, CORBA::object_reference<POA> adapter,
                          const std::string& operation, Cookie the_cookie,
                          CORBA::servant_reference<Servant> the_servant) = 0;
};

// Creates a child POA on demand (find_POA with activate_it, or a request for one).
class AdapterActivator : public virtual CORBA::LocalObject {
 public:
  // True if it created the child `name` of `parent`.
  virtual bool unknown_adapter(CORBA::object_reference<POA> parent,
                               const std::string& name) = 0;
};

}  // namespace PortableServer

RTORB_POA_LOCAL_TRAITS(PortableServer::ServantManager,
                       "IDL:omg.org/PortableServer/ServantManager:2.3")
RTORB_POA_LOCAL_TRAITS(PortableServer::ServantActivator,
                       "IDL:omg.org/PortableServer/ServantActivator:2.3")
RTORB_POA_LOCAL_TRAITS(PortableServer::ServantLocator,
                       "IDL:omg.org/PortableServer/ServantLocator:2.3")
RTORB_POA_LOCAL_TRAITS(PortableServer::AdapterActivator,
                       "IDL:omg.org/PortableServer/AdapterActivator:2.3")
