// What the POA needs from its ORB, as an interface so the POA can be tested without one:
// making references, reading keys back out of them, and per-ORB settings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/policy.hpp>
#include <string>
#include <vector>

#include "core/seams/server_qos.hpp"

namespace rtorb::poa {

class OrbServices {
 public:
  virtual ~OrbServices() = default;
  // A reference to an object of this ORB with `type_id` and `object_key`.
  virtual CORBA::object_reference<CORBA::Object> make_reference(
      std::string type_id, std::vector<std::uint8_t> object_key) = 0;
  // The same with the profiles `layout` lists (a POA with the policies of a layer above).
  virtual CORBA::object_reference<CORBA::Object> make_reference(
      std::string type_id, std::vector<std::uint8_t> object_key,
      const orb::ReferenceLayout& /*layout*/) {
    return make_reference(std::move(type_id), std::move(object_key));
  }
  // True if a layer above the POA interprets policies of `type` (core/seams/server_qos.hpp).
  virtual bool handles_policy(CORBA::PolicyType /*type*/) const { return false; }
  // What those layers make of `policies`; null if they hold none of theirs. Raises
  // PortableServer::POA::InvalidPolicy with the index of a policy they refuse.
  virtual std::shared_ptr<orb::ServerQos> make_qos(const CORBA::PolicyList& /*policies*/) {
    return nullptr;
  }
  // The object key of `reference`'s profile; nullopt for nil and local objects.
  virtual std::optional<std::vector<std::uint8_t>> key_of(
      const CORBA::object_reference<CORBA::Object>& reference) = 0;
  // The object the application published under `key` (IORTable), for keys that are not
  // the POA's; nil if none. Asked only after a key failed to parse, never for POA keys.
  virtual CORBA::object_reference<CORBA::Object> published_object(
      std::span<const std::uint8_t> /*key*/) const {
    return nullptr;
  }
  // Random per ORB instance: transient keys carry it, so keys of an earlier process (or
  // another ORB in this one) are refused.
  virtual std::uint64_t instance() const noexcept = 0;
  // Requests that may wait in a HOLDING POAManager before more get TRANSIENT.
  virtual std::size_t holding_bound() const noexcept = 0;
};

}  // namespace rtorb::poa
