// What the ORB core asks of an object adapter (the POA, in src/poa). The orb layer cannot
// see the poa layer, so the POA registers itself through this interface: OrbOptions carries
// the factory that src/runtime (ORB_init) fills in.
#pragma once

#include <rtorb/corba/object.hpp>
#include <rtorb/orb/direct_call.hpp>
#include <rtorb/orb/server_request.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <span>

namespace rtorb::orb {

class OrbCore;

// Thrown by an adapter (from dispatch or locate) to answer LOCATION_FORWARD or
// LOCATION_FORWARD_PERM (a ServantManager's ForwardRequest).
struct LocationForward {
  CORBA::object_reference<CORBA::Object> target;
  bool permanent = false;
};

class ObjectAdapter {
 public:
  virtual ~ObjectAdapter() = default;

  // Finds the servant for request.object_key() in constant time and runs the upcall on the
  // calling thread (POA manager state, POA Current and servant managers honoured). Throws
  // the system exception to send back (OBJECT_NOT_EXIST, OBJ_ADAPTER, TRANSIENT, the
  // servant's own ...) or LocationForward.
  virtual void dispatch(ServerRequest& request) = 0;
  // For LocateRequest: true if an object with `key` exists here now (activating nothing);
  // may throw LocationForward or a system exception.
  virtual bool locate(std::span<const std::uint8_t> key) = 0;
  // True if `key` was made by this adapter: references carrying it are collocated.
  virtual bool owns_key(std::span<const std::uint8_t> key) const noexcept = 0;
  // -ORBCollocation direct: the servant a request for `key` would be dispatched to, when
  // nothing would run between the ORB and that servant (manager ACTIVE, the object active
  // in a RETAIN POA's map and not being deactivated, no servant manager or default servant
  // involved, no SINGLE_THREAD_MODEL serialisation). Null otherwise, so the caller takes
  // the normal path, which applies every rule. Counts the call until the guard ends.
  // Never raises; allocates nothing once warm for TRANSIENT keys (a PERSISTENT key's POA
  // path is parsed into a vector).
  virtual DirectServant direct_servant(std::span<const std::uint8_t> /*key*/) noexcept {
    return {};
  }

  // The objects resolve_initial_references returns for "RootPOA" and "POACurrent".
  virtual CORBA::object_reference<CORBA::Object> root_poa() = 0;
  virtual CORBA::object_reference<CORBA::Object> current() = 0;

  // ORB::shutdown: destroys every POA (etherealizing), waiting for upcalls in progress
  // when asked to.
  virtual void shutdown(bool wait_for_completion) = 0;
};

// Creates the adapter of `orb` when "RootPOA" is first resolved.
using AdapterFactory = std::function<std::unique_ptr<ObjectAdapter>(OrbCore& orb)>;

}  // namespace rtorb::orb
