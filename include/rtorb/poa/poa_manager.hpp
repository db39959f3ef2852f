// PortableServer::POAManager (CORBA 3.x, 15.3.2): the processing state shared by a group
// of POAs.
#pragma once

#include <cstdint>
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/poa/local_traits.hpp>
#include <string>

namespace PortableServer {

class POAManager : public virtual CORBA::LocalObject {
 public:
  enum class State : std::uint32_t { HOLDING, ACTIVE, DISCARDING, INACTIVE };

  class AdapterInactive : public CORBA::UserException {
   public:
    const char* _name() const noexcept override { return "AdapterInactive"; }
    const char* _rep_id() const noexcept override {
      return "IDL:omg.org/PortableServer/POAManager/AdapterInactive:1.0";
    }
    const char* what() const noexcept override { return _rep_id(); }
  };

  // Each raises AdapterInactive once the manager is INACTIVE. With wait_for_completion,
  // returns when requests in progress in its POAs have finished; from inside an upcall of
  // the same ORB that raises BAD_INV_ORDER (OMG minor 3).
  virtual void activate() = 0;
  // Requests that arrive while holding wait (at most OrbOptions::holding_queue_bound of
  // them; more get TRANSIENT, OMG minor 1).
  virtual void hold_requests(bool wait_for_completion) = 0;
  // New requests get TRANSIENT (OMG minor 1).
  virtual void discard_requests(bool wait_for_completion) = 0;
  // New requests get OBJ_ADAPTER (rtorb minor obj_adapter_inactive); with
  // etherealize_objects, servant activators of its RETAIN POAs etherealize every servant.
  virtual void deactivate(bool etherealize_objects, bool wait_for_completion) = 0;
  virtual State get_state() = 0;
  virtual std::string get_id() = 0;
};

}  // namespace PortableServer

RTORB_POA_LOCAL_TRAITS(PortableServer::POAManager, "IDL:omg.org/PortableServer/POAManager:2.3")
