// CORBA::Object, CORBA::LocalObject and IDL::traits<CORBA::Object> (IDL to C++11 mapping,
// 6.7 and 6.16; CORBA 3.x, 8.3 for the pseudo-operations).
#pragma once

#include <rtorb/base/object_reference.hpp>
#include <rtorb/base/idl_traits.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace CORBA {
class Object;
}

namespace rtorb::orb {
class ObjectCore;
struct ProxyAccess;
const std::shared_ptr<ObjectCore>& core_of(const CORBA::Object& object) noexcept;
}  // namespace rtorb::orb

namespace CORBA {

class ORB;
class Policy;
using PolicyType = std::uint32_t;
enum class SetOverrideType : std::uint32_t;  // policy.hpp

// A reference to a (possibly remote) object. Proxies generated for interfaces derive from
// it virtually; every proxy of one reference shares its ObjectCore (IOR, ORB, chosen
// profile, collocation state). Nil is an empty object_reference, never an Object.
class Object {
 public:
  virtual ~Object() = default;
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;

  // Local when the answer is known (the proxy's own type and its bases, a collocated
  // servant); otherwise a remote "_is_a" call. Raises what an invocation raises.
  virtual bool _is_a(const std::string& repository_id);
  // True if the server says the object is gone (OBJECT_NOT_EXIST); remote "_non_existent".
  virtual bool _non_existent();
  // Same IOR profiles (object key and address); never a remote call.
  virtual bool _is_equivalent(const object_reference<Object>& other);
  // A hash of the IOR's profiles in [0, maximum]; equal for equivalent references.
  virtual std::uint32_t _hash(std::uint32_t maximum);
  // The IOR's type id ("" for a local object that does not name one).
  virtual std::string _repository_id();
  // Binds the reference now (CORBA Messaging, Object::validate_connection): opens every
  // connection its calls will use, one per lane or priority band of the server, so the first
  // call at a priority pays no connect. True if the reference can be invoked; no policy is
  // inconsistent yet, so `inconsistent_policies` is left empty. Raises TRANSIENT when the
  // server cannot be reached.
  virtual bool _validate_connection(std::vector<object_reference<Policy>>& inconsistent_policies);
  virtual bool _is_local() const { return false; }
  object_reference<ORB> _get_orb();

  // Client-side policy overrides (CORBA 3.x, 8.3.10-8.3.12). A new reference to the same
  // object whose invocations use `policies` before the thread's and the ORB's: SET_OVERRIDE
  // replaces this reference's overrides, ADD_OVERRIDE adds to them (a policy replaces one
  // of its type). This reference is unchanged. Raises BAD_PARAM bad_param_nil_policy for a
  // nil policy, and what the layer that gives a policy its meaning raises for a policy that
  // cannot apply (RT-CORBA: INV_POLICY for bands that make no sense).
  virtual object_reference<Object> _set_policy_overrides(
      const std::vector<object_reference<Policy>>& policies, SetOverrideType set_add);
  // This reference's overrides of `types`; every one for an empty `types`.
  virtual std::vector<object_reference<Policy>> _get_policy_overrides(
      const std::vector<PolicyType>& types);
  // The override of `type` an invocation on this reference now uses: the reference's,
  // else the calling thread's (PolicyCurrent), else the ORB's (PolicyManager); nil if none.
  virtual object_reference<Policy> _get_client_policy(PolicyType type);

 protected:
  Object() = default;  // for local objects and for virtual bases of proxies
  explicit Object(std::shared_ptr<rtorb::orb::ObjectCore> core) noexcept : core_(std::move(core)) {}
  // The repository id a proxy class knows statically; `_is_a` answers locally for it and
  // for its bases. Generated proxies override.
  virtual bool rtorb_is_a_known(const std::string& /*repository_id*/) const { return false; }

 private:
  friend const std::shared_ptr<rtorb::orb::ObjectCore>& rtorb::orb::core_of(const Object&) noexcept;
  friend struct rtorb::orb::ProxyAccess;
  std::shared_ptr<rtorb::orb::ObjectCore> core_;
};

// Objects that live only in this process (POA, POAManager, policies, servant managers).
// Passing one to a remote peer raises MARSHAL.
class LocalObject : public virtual Object {
 public:
  bool _is_a(const std::string& repository_id) override;
  bool _non_existent() override { return false; }
  bool _is_equivalent(const object_reference<Object>& other) override;
  std::uint32_t _hash(std::uint32_t maximum) override;
  std::string _repository_id() override { return {}; }
  bool _is_local() const override { return true; }
  // A local object has no invocations to apply policies to: NO_IMPLEMENT
  // no_implement_local_policies (CORBA 3.x, 8.3.14).
  object_reference<Object> _set_policy_overrides(const std::vector<object_reference<Policy>>&,
                                                 SetOverrideType) override;
  std::vector<object_reference<Policy>> _get_policy_overrides(
      const std::vector<PolicyType>& types) override;
  object_reference<Policy> _get_client_policy(PolicyType type) override;
};

}  // namespace CORBA

namespace IDL {

template <>
struct traits<CORBA::Object> {
  using ref_type = CORBA::object_reference<CORBA::Object>;
  using weak_ref_type = CORBA::weak_object_reference<CORBA::Object>;
  static constexpr const char* repository_id = "IDL:omg.org/CORBA/Object:1.0";
  static ref_type narrow(ref_type object) noexcept { return object; }
};

}  // namespace IDL

namespace rtorb::orb {

inline const std::shared_ptr<ObjectCore>& core_of(const CORBA::Object& object) noexcept {
  return object.core_;
}

// Generated proxies give this access to their private constructor from an ObjectCore.
struct ProxyAccess {
  template <class T>
  static CORBA::object_reference<T> make(std::shared_ptr<ObjectCore> core) {
    if (!core) return nullptr;
    return CORBA::object_reference<T>::adopt(std::shared_ptr<T>(new T(std::move(core))));
  }
};

}  // namespace rtorb::orb
