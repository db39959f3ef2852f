// What the POA needs from its ORB, as an interface so the POA can be tested without one:
// making references, reading keys back out of them, and per-ORB settings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <rtorb/corba/object.hpp>
#include <string>
#include <vector>

namespace rtorb::poa {

class OrbServices {
 public:
  virtual ~OrbServices() = default;
  // A reference to an object of this ORB with `type_id` and `object_key`.
  virtual CORBA::object_reference<CORBA::Object> make_reference(
      std::string type_id, std::vector<std::uint8_t> object_key) = 0;
  // The object key of `reference`'s profile; nullopt for nil and local objects.
  virtual std::optional<std::vector<std::uint8_t>> key_of(
      const CORBA::object_reference<CORBA::Object>& reference) = 0;
  // Random per ORB instance: transient keys carry it, so keys of an earlier process (or
  // another ORB in this one) are refused.
  virtual std::uint64_t instance() const noexcept = 0;
  // Requests that may wait in a HOLDING POAManager before more get TRANSIENT.
  virtual std::size_t holding_bound() const noexcept = 0;
};

}  // namespace rtorb::poa
