// The ORB behind a CORBA::ORB: options, endpoints, connection cache, reactor and object
// adapter. (Owned by the orb layer; the declarations below are the contract the poa layer
// relies on; add, never rename.)
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/orb.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "orb/object_adapter.hpp"
#include "orb/orb_options.hpp"

namespace rtorb::orb {

class ObjectCore;

class OrbCore : public std::enable_shared_from_this<OrbCore> {
 public:
  const OrbOptions& options() const noexcept;
  std::string_view id() const noexcept;

  // The CORBA::ORB users hold (nil after destroy()).
  CORBA::object_reference<CORBA::ORB> orb() const;

  // A reference to an object of this ORB: an IOR with `type_id`, one IIOP profile per
  // listen endpoint (GIOP 1.2, code sets and ORB type components) and `object_key`.
  // Opens the listen endpoints first if they are not open yet.
  std::shared_ptr<ObjectCore> make_object(std::string type_id, std::vector<std::uint8_t> object_key);

  // Opens every -ORBEndpoint (or the default iiop://127.0.0.1:0) and starts serving them
  // with the configured concurrency model. Idempotent. Raises INITIALIZE on failure.
  void activate_endpoints();

  // The object adapter, created on first use through OrbOptions::adapter_factory.
  ObjectAdapter& adapter();
};

}  // namespace rtorb::orb
