// CORBA::Policy, PolicyManager and PolicyCurrent (CORBA 3.x, 4.8): local objects that
// carry quality-of-service choices at ORB, thread and object level.
#pragma once

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>

#include <cstdint>
#include <vector>

namespace CORBA {

using PolicyType = std::uint32_t;

class Policy : public virtual LocalObject {
 public:
  virtual PolicyType policy_type() = 0;
  virtual object_reference<Policy> copy() = 0;
  virtual void destroy() {}
};
using PolicyList = std::vector<object_reference<Policy>>;
using PolicyTypeSeq = std::vector<PolicyType>;

// Why ORB::create_policy refused (CORBA 3.x, 4.9.2): the type is unknown (BAD_POLICY) or
// known but not supported here (UNSUPPORTED_POLICY); the any holds the wrong type
// (BAD_POLICY_TYPE), a value out of range (BAD_POLICY_VALUE) or one not supported
// (UNSUPPORTED_POLICY_VALUE).
using PolicyErrorCode = std::int16_t;
inline constexpr PolicyErrorCode BAD_POLICY = 0;
inline constexpr PolicyErrorCode UNSUPPORTED_POLICY = 1;
inline constexpr PolicyErrorCode BAD_POLICY_TYPE = 2;
inline constexpr PolicyErrorCode BAD_POLICY_VALUE = 3;
inline constexpr PolicyErrorCode UNSUPPORTED_POLICY_VALUE = 4;

class PolicyError : public UserException {
 public:
  PolicyError() = default;
  explicit PolicyError(PolicyErrorCode reason) : reason_(reason) {}
  PolicyErrorCode reason() const noexcept { return reason_; }
  void reason(PolicyErrorCode reason) noexcept { reason_ = reason; }
  const char* _name() const noexcept override { return "PolicyError"; }
  const char* _rep_id() const noexcept override { return "IDL:omg.org/CORBA/PolicyError:1.0"; }
  const char* what() const noexcept override { return _rep_id(); }

 private:
  PolicyErrorCode reason_ = BAD_POLICY;
};

enum class SetOverrideType : std::uint32_t { SET_OVERRIDE, ADD_OVERRIDE };

class InvalidPolicies : public UserException {
 public:
  InvalidPolicies() = default;
  explicit InvalidPolicies(std::vector<std::uint16_t> indices) : indices_(std::move(indices)) {}
  const std::vector<std::uint16_t>& indices() const { return indices_; }
  const char* _name() const noexcept override { return "InvalidPolicies"; }
  const char* _rep_id() const noexcept override { return "IDL:omg.org/CORBA/InvalidPolicies:1.0"; }
  const char* what() const noexcept override { return _rep_id(); }

 private:
  std::vector<std::uint16_t> indices_;
};

// Overrides at ORB level ("ORBPolicyManager") or for the calling thread ("PolicyCurrent").
class PolicyManager : public virtual LocalObject {
 public:
  // Empty `types` means every policy overridden at this level.
  virtual PolicyList get_policy_overrides(const PolicyTypeSeq& types) = 0;
  // Raises InvalidPolicies when a policy cannot be overridden here.
  virtual void set_policy_overrides(const PolicyList& policies, SetOverrideType set_add) = 0;
  bool _is_a(const std::string& repository_id) override;
};

class PolicyCurrent : public virtual PolicyManager {
 public:
  bool _is_a(const std::string& repository_id) override;
};

}  // namespace CORBA

namespace IDL {

template <>
struct traits<CORBA::Policy> {
  using ref_type = CORBA::object_reference<CORBA::Policy>;
  static constexpr const char* repository_id = "IDL:omg.org/CORBA/Policy:1.0";
  static ref_type narrow(const traits<CORBA::Object>::ref_type& object) noexcept {
    return ref_type::adopt(std::dynamic_pointer_cast<CORBA::Policy>(object.shared()));
  }
};

template <>
struct traits<CORBA::PolicyManager> {
  using ref_type = CORBA::object_reference<CORBA::PolicyManager>;
  static constexpr const char* repository_id = "IDL:omg.org/CORBA/PolicyManager:1.0";
  static ref_type narrow(const traits<CORBA::Object>::ref_type& object) noexcept {
    return ref_type::adopt(std::dynamic_pointer_cast<CORBA::PolicyManager>(object.shared()));
  }
};

template <>
struct traits<CORBA::PolicyCurrent> {
  using ref_type = CORBA::object_reference<CORBA::PolicyCurrent>;
  static constexpr const char* repository_id = "IDL:omg.org/CORBA/PolicyCurrent:1.0";
  static ref_type narrow(const traits<CORBA::Object>::ref_type& object) noexcept {
    return ref_type::adopt(std::dynamic_pointer_cast<CORBA::PolicyCurrent>(object.shared()));
  }
};

}  // namespace IDL
