// The INS object table behind IORTable::Table: simple object keys the application bound,
// each to the object a request for it is forwarded to (docs/orb.md, "Short object keys").
#pragma once

#include <rtorb/corba/ior_table.hpp>

#include <cstdint>
#include <memory>
#include <shared_mutex>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

namespace rtorb::orb {

class OrbContext;

class ObjectTable {
 public:
  // `object` must be a non-nil remote reference (checked by the caller). Raises
  // IORTable::AlreadyBound when `replace` is false and the key is bound.
  void bind(std::string key, CORBA::object_reference<CORBA::Object> object, bool replace);
  // Raises IORTable::NotFound.
  void unbind(std::string_view key);
  // The object bound to `key`; nil if none. Consulted only for keys the adapter did not
  // make, so the request path for POA keys never comes here.
  CORBA::object_reference<CORBA::Object> find(std::span<const std::uint8_t> key) const;
  // Lets go of every entry (their references hold their ORBs: ORB::destroy breaks the cycle).
  void clear() noexcept;

 private:
  // Lookups by the request's key bytes, without copying them into a std::string.
  struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view key) const noexcept {
      return std::hash<std::string_view>{}(key);
    }
  };
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, CORBA::object_reference<CORBA::Object>, KeyHash,
                     std::equal_to<>>
      entries_;  // (mutex_)
};

// The IORTable::Table local object for `orb`; it holds the ORB weakly, so the table an
// application keeps does not keep its ORB alive.
CORBA::object_reference<IORTable::Table> make_ior_table(const std::shared_ptr<OrbContext>& orb);

}  // namespace rtorb::orb
