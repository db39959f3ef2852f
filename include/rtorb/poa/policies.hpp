// The seven standard POA policies (CORBA 3.x, 15.3.7; IDL to C++11 mapping): value enums,
// policy type ids and the policy interfaces POA::create_*_policy returns.
#pragma once

#include <cstdint>
#include <rtorb/corba/policy.hpp>
#include <rtorb/poa/local_traits.hpp>

namespace PortableServer {

inline constexpr CORBA::PolicyType THREAD_POLICY_ID = 16;
inline constexpr CORBA::PolicyType LIFESPAN_POLICY_ID = 17;
inline constexpr CORBA::PolicyType ID_UNIQUENESS_POLICY_ID = 18;
inline constexpr CORBA::PolicyType ID_ASSIGNMENT_POLICY_ID = 19;
inline constexpr CORBA::PolicyType IMPLICIT_ACTIVATION_POLICY_ID = 20;
inline constexpr CORBA::PolicyType SERVANT_RETENTION_POLICY_ID = 21;
inline constexpr CORBA::PolicyType REQUEST_PROCESSING_POLICY_ID = 22;

enum class ThreadPolicyValue : std::uint32_t {
  ORB_CTRL_MODEL,
  SINGLE_THREAD_MODEL,
  MAIN_THREAD_MODEL
};
enum class LifespanPolicyValue : std::uint32_t { TRANSIENT, PERSISTENT };
enum class IdUniquenessPolicyValue : std::uint32_t { UNIQUE_ID, MULTIPLE_ID };
enum class IdAssignmentPolicyValue : std::uint32_t { USER_ID, SYSTEM_ID };
enum class ImplicitActivationPolicyValue : std::uint32_t {
  IMPLICIT_ACTIVATION,
  NO_IMPLICIT_ACTIVATION
};
enum class ServantRetentionPolicyValue : std::uint32_t { RETAIN, NON_RETAIN };
enum class RequestProcessingPolicyValue : std::uint32_t {
  USE_ACTIVE_OBJECT_MAP_ONLY,
  USE_DEFAULT_SERVANT,
  USE_SERVANT_MANAGER
};

// Each policy interface: value() is the choice; policy_type() its id.
#define RTORB_POA_POLICY_INTERFACE(NAME, VALUE) \
  class NAME : public virtual CORBA::Policy {   \
   public:                                      \
    virtual VALUE value() = 0;                  \
  };
RTORB_POA_POLICY_INTERFACE(ThreadPolicy, ThreadPolicyValue)
RTORB_POA_POLICY_INTERFACE(LifespanPolicy, LifespanPolicyValue)
RTORB_POA_POLICY_INTERFACE(IdUniquenessPolicy, IdUniquenessPolicyValue)
RTORB_POA_POLICY_INTERFACE(IdAssignmentPolicy, IdAssignmentPolicyValue)
RTORB_POA_POLICY_INTERFACE(ImplicitActivationPolicy, ImplicitActivationPolicyValue)
RTORB_POA_POLICY_INTERFACE(ServantRetentionPolicy, ServantRetentionPolicyValue)
RTORB_POA_POLICY_INTERFACE(RequestProcessingPolicy, RequestProcessingPolicyValue)
#undef RTORB_POA_POLICY_INTERFACE

}  // namespace PortableServer

RTORB_POA_LOCAL_TRAITS(PortableServer::ThreadPolicy,
                       "IDL:omg.org/PortableServer/ThreadPolicy:2.3")
RTORB_POA_LOCAL_TRAITS(PortableServer::LifespanPolicy,
                       "IDL:omg.org/PortableServer/LifespanPolicy:2.3")
RTORB_POA_LOCAL_TRAITS(PortableServer::IdUniquenessPolicy,
                       "IDL:omg.org/PortableServer/IdUniquenessPolicy:2.3")
RTORB_POA_LOCAL_TRAITS(PortableServer::IdAssignmentPolicy,
                       "IDL:omg.org/PortableServer/IdAssignmentPolicy:2.3")
RTORB_POA_LOCAL_TRAITS(PortableServer::ImplicitActivationPolicy,
                       "IDL:omg.org/PortableServer/ImplicitActivationPolicy:2.3")
RTORB_POA_LOCAL_TRAITS(PortableServer::ServantRetentionPolicy,
                       "IDL:omg.org/PortableServer/ServantRetentionPolicy:2.3")
RTORB_POA_LOCAL_TRAITS(PortableServer::RequestProcessingPolicy,
                       "IDL:omg.org/PortableServer/RequestProcessingPolicy:2.3")
