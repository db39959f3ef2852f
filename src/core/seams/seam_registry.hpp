// The registry of seams the layers above the core plug into (rt, messaging): policy
// handlers and factories, the reader of call policies, request admission, the priority
// hooks and initial references, with the ORB level of the policies they read (docs/orb.md,
// "Parts of the core"). The core interprets no policy itself: it asks what is registered.
#pragma once

#include <rtorb/cdr/any.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/policy.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/seams/orb_level_policies.hpp"
#include "core/seams/request_priority.hpp"

namespace rtorb::orb {

class CallPolicyReader;
class ClientPolicyHandler;
class PolicyFactory;
class RequestAdmission;
class RequestInterception;
class ServerPolicyHandler;

// What resolve_initial_references gives for a name a layer above registered.
using InitialReferenceFactory = std::function<CORBA::object_reference<CORBA::Object>()>;

// Registration happens in the layers' initializers, before the ORB serves or calls, but
// may come later (a handler added by a test); every getter is safe from any thread.
// Lock rules: mutex_ guards the lists and the owners of the reader and the admission. What
// the request path reads (the shaping types, the reader, the admission, the two priority
// hooks) is published in atomics and read without it. No registered code is called under
// mutex_.
class SeamRegistry {
 public:
  SeamRegistry() noexcept : orb_policies_(*this) {}
  SeamRegistry(const SeamRegistry&) = delete;
  SeamRegistry& operator=(const SeamRegistry&) = delete;

  // resolve_initial_references(name) calls `factory` (names registered later win; an
  // -ORBInitRef for the name still comes first). list_initial_services lists it.
  void register_initial_reference(std::string name, InitialReferenceFactory factory);
  std::optional<InitialReferenceFactory> initial_reference(const std::string& name) const;
  std::vector<std::string> initial_reference_names() const;

  // A handler for policy types the POA does not know itself (server_qos.hpp).
  void add_server_policy_handler(std::shared_ptr<ServerPolicyHandler> handler);
  // The handlers, in registration order.
  std::vector<std::shared_ptr<ServerPolicyHandler>> server_policy_handlers() const;

  // A handler giving client-side policy overrides their meaning (client_policy.hpp).
  // Raises INTERNAL when it shapes by a policy type above 63.
  void add_client_policy_handler(std::shared_ptr<const ClientPolicyHandler> handler);
  std::vector<std::shared_ptr<const ClientPolicyHandler>> client_policy_handlers() const;
  // Bit t set: a handler shapes targets by policies of type t (shaped_types); 0 when no
  // handler is registered, which keeps a call from looking at the other levels at all.
  std::uint64_t client_shaping_types() const noexcept {
    return client_shaping_types_.load(std::memory_order_acquire);
  }

  // ORB::create_policy's factories (policy_factory.hpp), asked in registration order; the
  // first that handles a type makes it. create_policy raises PolicyError BAD_POLICY for a
  // type no factory handles.
  void add_policy_factory(std::shared_ptr<const PolicyFactory> factory);
  CORBA::object_reference<CORBA::Policy> create_policy(CORBA::PolicyType type,
                                                       const cdr::Any& value) const;

  // What turns override lists into CallPolicies (call_policies.hpp). Set by an initializer,
  // before any reference of this ORB exists; null (no reader): no call is ever affected.
  void set_call_policy_reader(std::shared_ptr<const CallPolicyReader> reader);
  const CallPolicyReader* call_policy_reader() const noexcept {
    return call_policy_reader_.load(std::memory_order_acquire);
  }

  // Consulted for every request this ORB serves, before its target is looked for (null:
  // every request is served). Set by an initializer, before the ORB serves.
  void set_request_admission(std::shared_ptr<const RequestAdmission> admission);
  const RequestAdmission* request_admission() const noexcept {
    return request_admission_.load(std::memory_order_acquire);
  }

  // Portable Interceptors (request_interception.hpp): set once by an initializer, before
  // any reference of this ORB exists; null (the default): no call or request is
  // intercepted, at the cost of this load and a branch.
  void set_request_interception(std::shared_ptr<const RequestInterception> interception);
  const RequestInterception* request_interception() const noexcept {
    return request_interception_.load(std::memory_order_acquire);
  }

  // Consulted for the priority of every request that leaves with one; null (the default)
  // for none. `hook` must outlive this ORB's invocations (the rt layer's lives as long as
  // the ORB).
  void set_outbound_priority(OutboundPriority* hook) noexcept {
    outbound_priority_.store(hook, std::memory_order_release);
  }
  OutboundPriority* outbound_priority() const noexcept {
    return outbound_priority_.load(std::memory_order_acquire);
  }
  // Consulted for every request with a priority that leaves on a connection of its own
  // (the exclusive strategy): the connection is marked with the DSCP it gives. Null (the
  // default): no marking. `hook` must outlive this ORB's invocations.
  void set_network_priority(NetworkPriority* hook) noexcept {
    network_priority_.store(hook, std::memory_order_release);
  }
  NetworkPriority* network_priority() const noexcept {
    return network_priority_.load(std::memory_order_acquire);
  }

  // The ORBPolicyManager level of the policies, as the request path reads it.
  OrbLevelPolicies& orb_policies() noexcept { return orb_policies_; }
  const OrbLevelPolicies& orb_policies() const noexcept { return orb_policies_; }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, InitialReferenceFactory> initial_references_;               // (mutex_)
  std::vector<std::shared_ptr<ServerPolicyHandler>> server_policy_handlers_;         // (mutex_)
  std::vector<std::shared_ptr<const ClientPolicyHandler>> client_policy_handlers_;  // (mutex_)
  std::atomic<std::uint64_t> client_shaping_types_{0};
  std::vector<std::shared_ptr<const PolicyFactory>> policy_factories_;  // (mutex_)
  std::shared_ptr<const CallPolicyReader> call_policy_reader_owner_;    // (mutex_)
  std::atomic<const CallPolicyReader*> call_policy_reader_{nullptr};
  std::shared_ptr<const RequestAdmission> request_admission_owner_;  // (mutex_)
  std::atomic<const RequestAdmission*> request_admission_{nullptr};
  std::shared_ptr<const RequestInterception> request_interception_owner_;  // (mutex_)
  std::atomic<const RequestInterception*> request_interception_{nullptr};
  std::atomic<OutboundPriority*> outbound_priority_{nullptr};
  std::atomic<NetworkPriority*> network_priority_{nullptr};
  OrbLevelPolicies orb_policies_;  // its own lock
};

}  // namespace rtorb::orb
