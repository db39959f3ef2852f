// What the ORB core asks of an object adapter (the POA, in src/poa). The orb layer cannot
// see the poa layer, so the POA registers itself through this interface: OrbOptions carries
// the factory that src/runtime (ORB_init) fills in.
#pragma once

#include <rtorb/corba/object.hpp>
#include <rtorb/orb/direct_call.hpp>
#include <rtorb/orb/server_request.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>

namespace rtorb::orb {

class OrbContext;

// Thrown by an adapter (from dispatch or locate) to answer LOCATION_FORWARD or
// LOCATION_FORWARD_PERM (a ServantManager's ForwardRequest).
struct LocationForward {
  CORBA::object_reference<CORBA::Object> target;
  bool permanent = false;
};

// What direct_binding answers: the servant (kept alive by `servant`) as its upcall class,
// valid while *epoch_source still holds `epoch`.
struct DirectBinding {
  DirectUpcall* upcall = nullptr;
  std::shared_ptr<void> servant;
  std::uint64_t epoch = 0;
  std::shared_ptr<const std::atomic<std::uint64_t>> epoch_source;
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
  // -ORBCollocation direct: the servant a request for `key` would be dispatched to when
  // nothing would run between the ORB and that servant (manager ACTIVE, the object active
  // in a RETAIN POA's map and not being deactivated, no SINGLE_THREAD_MODEL), with the
  // value of the adapter's direct-call epoch read before the lookup: the binding is valid
  // while the epoch still has that value (the adapter bumps it on anything that could end
  // it: deactivation, manager state changes, POA destruction, shutdown). An empty binding
  // otherwise. Never raises.
  virtual DirectBinding direct_binding(std::span<const std::uint8_t> /*key*/) noexcept {
    return {};
  }
  // Thru-POA collocation without marshaling (see rtorb::orb::collocated_upcall): runs
  // `call` with the servant of `key` inside a POA upcall when the adapter can apply every
  // rule itself (ACTIVE manager, servant found without a servant manager); false, having
  // run nothing, otherwise. Exceptions from `call` pass through unchanged.
  virtual bool collocated_upcall(std::span<const std::uint8_t> /*key*/,
                                 FunctionRef<bool(DirectUpcall*)> /*call*/) {
    return false;
  }

  // The objects resolve_initial_references returns for "RootPOA" and "POACurrent".
  virtual CORBA::object_reference<CORBA::Object> root_poa() = 0;
  virtual CORBA::object_reference<CORBA::Object> current() = 0;

  // ORB::shutdown: destroys every POA (etherealizing), waiting for upcalls in progress
  // when asked to.
  virtual void shutdown(bool wait_for_completion) = 0;
};

// Creates the adapter of `orb` when "RootPOA" is first resolved.
using AdapterFactory = std::function<std::unique_ptr<ObjectAdapter>(OrbContext& orb)>;

}  // namespace rtorb::orb
