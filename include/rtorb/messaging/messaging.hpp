// CORBA Messaging (CORBA 3.x, chapter 22), module Messaging, in the IDL to C++11 mapping:
// the QoS policies an invocation runs under. Make them with ORB::create_policy(type, any)
// and set them on the ORB ("ORBPolicyManager"), the thread ("PolicyCurrent") or a
// reference (_set_policy_overrides); a call uses the reference's, then the thread's, then
// the ORB's, then the default. docs/messaging.md explains the design and the minor codes.
//
//   CORBA::Any v;
//   v.insert(TimeBase::TimeT{200 * 10'000});  // 200 ms in 100 ns units
//   auto timed = cubit->_set_policy_overrides(
//       {orb->create_policy(Messaging::RELATIVE_RT_TIMEOUT_POLICY_TYPE, v)},
//       CORBA::SetOverrideType::ADD_OVERRIDE);
#pragma once

#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/corba/time_base.hpp>
#include <rtorb/poa/local_traits.hpp>

#include <cstdint>

namespace Messaging {

// --- RebindPolicy (type 23) -----------------------------------------------------------------
// TRANSPARENT (the default): forwards are followed and closed connections reopened.
// NO_REBIND: a LOCATION_FORWARD that would change the target raises REBIND (rebind_forward).
// NO_RECONNECT: as NO_REBIND, and once a reference has had a connection, a call that would
// open another raises REBIND (rebind_reconnect).
using RebindMode = std::int16_t;
inline constexpr RebindMode TRANSPARENT = 0;
inline constexpr RebindMode NO_REBIND = 1;
inline constexpr RebindMode NO_RECONNECT = 2;

// --- SyncScopePolicy (type 24): what a oneway's caller waits for ---------------------------
// SYNC_NONE: nothing; a socket buffer that is full raises TRANSIENT
//   (transient_send_would_block, COMPLETED_NO) rather than blocking.
// SYNC_WITH_TRANSPORT (the default): the request is written to the connection.
// SYNC_WITH_SERVER: the server has found the target (before the upcall).
// SYNC_WITH_TARGET: the upcall has run.
using SyncScope = std::int16_t;
inline constexpr SyncScope SYNC_NONE = 0;
inline constexpr SyncScope SYNC_WITH_TRANSPORT = 1;
inline constexpr SyncScope SYNC_WITH_SERVER = 2;
inline constexpr SyncScope SYNC_WITH_TARGET = 3;

inline constexpr CORBA::PolicyType REBIND_POLICY_TYPE = 23;
inline constexpr CORBA::PolicyType SYNC_SCOPE_POLICY_TYPE = 24;
inline constexpr CORBA::PolicyType REQUEST_PRIORITY_POLICY_TYPE = 25;
inline constexpr CORBA::PolicyType REPLY_PRIORITY_POLICY_TYPE = 26;
inline constexpr CORBA::PolicyType REQUEST_START_TIME_POLICY_TYPE = 27;
inline constexpr CORBA::PolicyType REQUEST_END_TIME_POLICY_TYPE = 28;
inline constexpr CORBA::PolicyType REPLY_START_TIME_POLICY_TYPE = 29;
inline constexpr CORBA::PolicyType REPLY_END_TIME_POLICY_TYPE = 30;
inline constexpr CORBA::PolicyType RELATIVE_REQ_TIMEOUT_POLICY_TYPE = 31;
inline constexpr CORBA::PolicyType RELATIVE_RT_TIMEOUT_POLICY_TYPE = 32;
inline constexpr CORBA::PolicyType ROUTING_POLICY_TYPE = 33;
inline constexpr CORBA::PolicyType MAX_HOPS_POLICY_TYPE = 34;
inline constexpr CORBA::PolicyType QUEUE_ORDER_POLICY_TYPE = 35;

// create_policy(REBIND_POLICY_TYPE, any holding a RebindMode (short) 0..2).
class RebindPolicy : public virtual CORBA::Policy {
 public:
  virtual RebindMode rebind_mode() = 0;
};

// create_policy(SYNC_SCOPE_POLICY_TYPE, any holding a SyncScope (short) 0..3).
class SyncScopePolicy : public virtual CORBA::Policy {
 public:
  virtual SyncScope synchronization() = 0;
};

// create_policy(RELATIVE_REQ_TIMEOUT_POLICY_TYPE, any holding a TimeBase::TimeT): the
// request must reach the server within relative_expiry (100 ns units) of the call; its end
// time travels in the INVOCATION_POLICIES service context and the server answers a request
// that arrives later with TIMEOUT (timeout_request_expired) instead of serving it.
class RelativeRequestTimeoutPolicy : public virtual CORBA::Policy {
 public:
  virtual TimeBase::TimeT relative_expiry() = 0;
};

// create_policy(RELATIVE_RT_TIMEOUT_POLICY_TYPE, any holding a TimeBase::TimeT): the call
// (connect, send, reply) takes at most relative_expiry (100 ns units), else TIMEOUT with
// timeout_connect or timeout_send (COMPLETED_NO) or timeout_reply_wait (COMPLETED_MAYBE).
class RelativeRoundtripTimeoutPolicy : public virtual CORBA::Policy {
 public:
  virtual TimeBase::TimeT relative_expiry() = 0;
};

}  // namespace Messaging

RTORB_POA_LOCAL_TRAITS(Messaging::RebindPolicy, "IDL:omg.org/Messaging/RebindPolicy:1.0")
RTORB_POA_LOCAL_TRAITS(Messaging::SyncScopePolicy, "IDL:omg.org/Messaging/SyncScopePolicy:1.0")
RTORB_POA_LOCAL_TRAITS(Messaging::RelativeRequestTimeoutPolicy,
                       "IDL:omg.org/Messaging/RelativeRequestTimeoutPolicy:1.0")
RTORB_POA_LOCAL_TRAITS(Messaging::RelativeRoundtripTimeoutPolicy,
                       "IDL:omg.org/Messaging/RelativeRoundtripTimeoutPolicy:1.0")
