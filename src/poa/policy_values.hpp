// The seven POA policy values of one POA, their defaults, and the policy objects the
// create_*_policy factories return.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <rtorb/poa/policies.hpp>

#include "core/seams/server_qos.hpp"

namespace rtorb::poa {

struct PolicyValues {
  PortableServer::ThreadPolicyValue thread = PortableServer::ThreadPolicyValue::ORB_CTRL_MODEL;
  PortableServer::LifespanPolicyValue lifespan = PortableServer::LifespanPolicyValue::TRANSIENT;
  PortableServer::IdUniquenessPolicyValue uniqueness =
      PortableServer::IdUniquenessPolicyValue::UNIQUE_ID;
  PortableServer::IdAssignmentPolicyValue assignment =
      PortableServer::IdAssignmentPolicyValue::SYSTEM_ID;
  PortableServer::ImplicitActivationPolicyValue activation =
      PortableServer::ImplicitActivationPolicyValue::NO_IMPLICIT_ACTIVATION;
  PortableServer::ServantRetentionPolicyValue retention =
      PortableServer::ServantRetentionPolicyValue::RETAIN;
  PortableServer::RequestProcessingPolicyValue processing =
      PortableServer::RequestProcessingPolicyValue::USE_ACTIVE_OBJECT_MAP_ONLY;
  // What the layers above the POA made of their policies (rt); null if none were given.
  std::shared_ptr<orb::ServerQos> qos;

  bool retain() const noexcept {
    return retention == PortableServer::ServantRetentionPolicyValue::RETAIN;
  }
  bool unique_id() const noexcept {
    return uniqueness == PortableServer::IdUniquenessPolicyValue::UNIQUE_ID;
  }
  bool system_id() const noexcept {
    return assignment == PortableServer::IdAssignmentPolicyValue::SYSTEM_ID;
  }
  bool persistent() const noexcept {
    return lifespan == PortableServer::LifespanPolicyValue::PERSISTENT;
  }
  bool implicit_activation() const noexcept {
    return activation == PortableServer::ImplicitActivationPolicyValue::IMPLICIT_ACTIVATION;
  }
  bool single_thread() const noexcept {
    return thread == PortableServer::ThreadPolicyValue::SINGLE_THREAD_MODEL;
  }
  bool use_default_servant() const noexcept {
    return processing == PortableServer::RequestProcessingPolicyValue::USE_DEFAULT_SERVANT;
  }
  bool use_servant_manager() const noexcept {
    return processing == PortableServer::RequestProcessingPolicyValue::USE_SERVANT_MANAGER;
  }

  static PolicyValues root() noexcept {
    PolicyValues v;
    v.activation = PortableServer::ImplicitActivationPolicyValue::IMPLICIT_ACTIVATION;
    return v;
  }
};

// Applies `policies` over the defaults. Raises POA::InvalidPolicy with the index of the
// first policy that is not a POA policy or that conflicts with the others (NON_RETAIN
// with USE_ACTIVE_OBJECT_MAP_ONLY, IMPLICIT_ACTIVATION without SYSTEM_ID and RETAIN,
// USE_DEFAULT_SERVANT without MULTIPLE_ID). A type `known_above` accepts is left to the
// layer that registered it (OrbServices::make_qos).
PolicyValues parse_policies(const CORBA::PolicyList& policies,
                            const std::function<bool(CORBA::PolicyType)>& known_above = {});

CORBA::object_reference<PortableServer::ThreadPolicy> make_policy(
    PortableServer::ThreadPolicyValue v);
CORBA::object_reference<PortableServer::LifespanPolicy> make_policy(
    PortableServer::LifespanPolicyValue v);
CORBA::object_reference<PortableServer::IdUniquenessPolicy> make_policy(
    PortableServer::IdUniquenessPolicyValue v);
CORBA::object_reference<PortableServer::IdAssignmentPolicy> make_policy(
    PortableServer::IdAssignmentPolicyValue v);
CORBA::object_reference<PortableServer::ImplicitActivationPolicy> make_policy(
    PortableServer::ImplicitActivationPolicyValue v);
CORBA::object_reference<PortableServer::ServantRetentionPolicy> make_policy(
    PortableServer::ServantRetentionPolicyValue v);
CORBA::object_reference<PortableServer::RequestProcessingPolicy> make_policy(
    PortableServer::RequestProcessingPolicyValue v);

}  // namespace rtorb::poa
