// The references of an ORB: made for its own objects (one profile per published endpoint
// of each lane), read from IOR strings and URLs, written back, and the initial references
// (docs/orb.md, "Initial references and strings").
#pragma once

#include <rtorb/cdr/code_set.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/orb.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/seams/server_qos.hpp"
#include "ior/object_reference.hpp"
#include "orb/object_table.hpp"

namespace rtorb::orb {

class OrbContext;
class ObjectCore;

// Lock rules: none of its own. The object table locks itself; the initial reference
// factories are the seam registry's, the published endpoints the server side's.
class References {
 public:
  explicit References(OrbContext& orb) noexcept : orb_(orb) {}
  References(const References&) = delete;
  References& operator=(const References&) = delete;

  // A reference to an object of this ORB: an IOR with `type_id`, one IIOP profile per
  // listen endpoint (GIOP 1.2, code sets and ORB type components) and `object_key`.
  // Opens the listen endpoints first if they are not open yet.
  std::shared_ptr<ObjectCore> make_object(std::string type_id,
                                          std::vector<std::uint8_t> object_key);
  // make_object with the profiles `layout` lists.
  std::shared_ptr<ObjectCore> make_object(std::string type_id,
                                          std::vector<std::uint8_t> object_key,
                                          const ReferenceLayout& layout);
  // A reference (with this ORB) for a decoded IOR; nil IORs give null.
  std::shared_ptr<ObjectCore> make_object(ior::ObjectReference reference);

  // The CORBA::ORB operations on references and initial references.
  CORBA::ORB::ObjectIdList list_initial_services();
  CORBA::object_reference<CORBA::Object> resolve_initial_references(const std::string& name);
  CORBA::object_reference<CORBA::Object> string_to_object(std::string_view text);
  std::string object_to_string(const CORBA::object_reference<CORBA::Object>& object);

  // The INS object table ("IORTable"): the adapter forwards requests for keys it did not
  // make to the objects bound here.
  ObjectTable& object_table() noexcept { return object_table_; }

 private:
  // The references the ORB itself provides (RootPOA, ORBPolicyManager, ...); nil if
  // `name` is none of them.
  CORBA::object_reference<CORBA::Object> builtin_reference(const std::string& name);

  OrbContext& orb_;
  ObjectTable object_table_;
};

}  // namespace rtorb::orb
