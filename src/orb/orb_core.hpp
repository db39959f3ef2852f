// The ORB behind a CORBA::ORB: options, endpoints, connection cache, reactor and object
// adapter. (Owned by the orb layer; the declarations below are the contract the poa layer
// relies on; add, never rename.)
#pragma once

#include <rtorb/cdr/code_set.hpp>
#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/policy.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "base/logger.hpp"
#include "ior/object_reference.hpp"
#include "orb/client/call_policies.hpp"
#include "orb/object_adapter.hpp"
#include "orb/object_table.hpp"
#include "orb/orb_options.hpp"
#include "orb/request_priority.hpp"
#include "orb/server_qos.hpp"
#include "orb/value_factory_table.hpp"
#include "transport/connection_cache.hpp"
#include "transport/connection_threads.hpp"
#include "transport/endpoint.hpp"
#include "transport/oneway_flusher.hpp"
#include "transport/reactor.hpp"
#include "transport/server_thread_pool.hpp"

namespace rtorb::orb {

class ClientPolicyHandler;
class PolicyFactory;
class RequestAdmission;
class ObjectCore;
class ServerConnections;
class MultiplexedConnection;
class AsyncConnection;
class ServerLane;
struct LaneOptions;

// What resolve_initial_references gives for a name a layer above registered.
using InitialReferenceFactory = std::function<CORBA::object_reference<CORBA::Object>()>;

class OrbCore : public std::enable_shared_from_this<OrbCore> {
 public:
  // ORB_init's work: parses (and consumes) the -ORB arguments, then returns the live ORB
  // named `orb_id` (or -ORBId) if there is one, else creates it with `factory` as its
  // object adapter factory. Raises parse_orb_arguments' BAD_PARAM.
  static CORBA::object_reference<CORBA::ORB> create(int& argc, char* argv[],
                                                    const std::string& orb_id,
                                                    AdapterFactory factory);
  // The same from options already parsed (tests); `options.orb_id` names the ORB.
  static CORBA::object_reference<CORBA::ORB> create(OrbOptions options);

  OrbCore(std::string id, OrbOptions options);
  OrbCore(const OrbCore&) = delete;
  OrbCore& operator=(const OrbCore&) = delete;
  ~OrbCore();

  const OrbOptions& options() const noexcept { return options_; }
  std::string_view id() const noexcept;

  // The CORBA::ORB users hold (nil after destroy()).
  CORBA::object_reference<CORBA::ORB> orb() const;

  // A reference to an object of this ORB: an IOR with `type_id`, one IIOP profile per
  // listen endpoint (GIOP 1.2, code sets and ORB type components) and `object_key`.
  // Opens the listen endpoints first if they are not open yet.
  std::shared_ptr<ObjectCore> make_object(std::string type_id,
                                          std::vector<std::uint8_t> object_key);

  // Opens every -ORBEndpoint (or the default iiop://127.0.0.1:0) and starts serving them
  // with the configured concurrency model. Idempotent. Raises INITIALIZE on failure.
  void activate_endpoints();

  // The object adapter, created on first use through OrbOptions::adapter_factory.
  // Raises OBJ_ADAPTER when the ORB has no adapter factory, BAD_INV_ORDER after shutdown.
  ObjectAdapter& adapter();

  // --- added by the orb layer -------------------------------------------------------
  // The adapter if one was created (never creates it); null otherwise.
  ObjectAdapter* adapter_if_created() noexcept {
    return adapter_ptr_.load(std::memory_order_acquire);
  }
  // A reference (with this ORB) for a decoded IOR; nil IORs give null.
  std::shared_ptr<ObjectCore> make_object(ior::ObjectReference reference);

  // What the endpoints listen on, as published in IORs (empty before activation).
  std::vector<transport::Endpoint> published_endpoints() const;
  bool is_own_endpoint(std::string_view host, std::uint16_t port) const;
  // The code sets this ORB offers in its IORs and as a client.
  static const cdr::CodeSetComponentInfo& code_sets() noexcept;

  transport::ConnectionCache& connections() noexcept { return connections_; }
  // Writes the client connections' buffered oneways nobody else flushes (docs/messaging.md).
  transport::OnewayFlusher& oneway_flusher() noexcept { return *oneway_flusher_; }
  // -ORBClientStrategy multiplexed: the shared connection to `endpoint` (opened or
  // replaced when needed). Raises transport::connect's TRANSIENT.
  std::shared_ptr<MultiplexedConnection> multiplexed_connection(
      const transport::Endpoint& endpoint);
  // The connection AMI requests to `endpoint` share (opened, within `connect_timeout`, or
  // replaced when needed; async_connection.hpp). Raises transport::connect's TRANSIENT,
  // BAD_INV_ORDER after shutdown (no event loop would read the replies).
  std::shared_ptr<AsyncConnection> async_connection(const transport::Endpoint& endpoint,
                                                    std::chrono::milliseconds connect_timeout);
  // The event loop ORB::run, perform_work and the server threads drive.
  transport::Reactor& reactor() noexcept { return *reactor_; }
  const std::shared_ptr<transport::SocketOptionsCell>& client_socket_options_cell() const noexcept {
    return client_sockets_;
  }
  const std::shared_ptr<const Logger>& logger_pointer() const noexcept { return logger_; }
  // Closes idle client connections past -ORBConnectionIdleTimeout; cheap to call on every
  // request (it looks at the cache at most twice per idle period).
  void expire_idle_connections() noexcept;
  std::uint32_t next_request_id() noexcept {
    return next_request_id_.fetch_add(1, std::memory_order_relaxed);
  }
  // Raises OBJECT_NOT_EXIST object_not_exist_orb_destroyed after destroy().
  void check_alive() const;
  bool shut_down() const noexcept { return shutdown_.load(std::memory_order_acquire); }

  // --- seams for the layers above (rt, messaging) ------------------------------------
  // resolve_initial_references(name) calls `factory` (names registered later win; an
  // -ORBInitRef for the name still comes first). list_initial_services lists it.
  void register_initial_reference(std::string name, InitialReferenceFactory factory);
  // A handler for policy types the POA does not know itself (server_qos.hpp).
  void add_server_policy_handler(std::shared_ptr<ServerPolicyHandler> handler);
  // The handlers, in registration order; safe to call from any thread.
  std::vector<std::shared_ptr<ServerPolicyHandler>> server_policy_handlers() const;
  // A handler giving client-side policy overrides their meaning (client_policy.hpp).
  void add_client_policy_handler(std::shared_ptr<const ClientPolicyHandler> handler);
  std::vector<std::shared_ptr<const ClientPolicyHandler>> client_policy_handlers() const;
  // Bit t set: a handler shapes targets by policies of type t (shaped_types); 0 when no
  // handler is registered, which keeps a call from looking at the other levels at all.
  std::uint64_t client_shaping_types() const noexcept {
    return client_shaping_types_.load(std::memory_order_acquire);
  }
  // The ORBPolicyManager's policies of those types (null if none), and a count that moves
  // each time they change, so that targets shaped by them can be cached.
  std::shared_ptr<const CORBA::PolicyList> orb_shaping_policies() const noexcept {
    return orb_shaping_policies_.load(std::memory_order_acquire);
  }
  bool has_orb_shaping_policies() const noexcept {
    return has_orb_shaping_policies_.load(std::memory_order_acquire);
  }
  std::uint64_t orb_shaping_generation() const noexcept {
    return orb_shaping_generation_.load(std::memory_order_acquire);
  }
  // The ORB-level overrides ("ORBPolicyManager") of `types`; every one for empty `types`.
  CORBA::PolicyList orb_policy_overrides(const CORBA::PolicyTypeSeq& types) const;
  // Opens a server lane (server_lane.hpp): it accepts and serves at once, with the
  // handler every connection of this ORB has. Raises INITIALIZE initialize_listen_failed,
  // BAD_INV_ORDER after shutdown.
  LaneId add_lane(const LaneOptions& options);
  // Stops a lane's acceptors and threads (its open connections are closed). Not from one
  // of its own threads: raises BAD_INV_ORDER bad_inv_order_wait_in_upcall then.
  void remove_lane(LaneId lane);
  // The lane itself (null for an unknown or removed one): for its counters and lenders.
  std::shared_ptr<ServerLane> lane(LaneId lane) const;
  // What a lane publishes in IORs (host names as make_object writes them); empty for an
  // unknown lane. default_lane: published_endpoints().
  std::vector<transport::Endpoint> lane_endpoints(LaneId lane);
  // Makes `lane` listen on an endpoint that frames messages as `mode` says, opening one
  // beside its first when it has none (ReferenceLayout::header_modes). False when it cannot:
  // an unknown lane, GIOPlite under GIOP 1.0, or the default lane without such an endpoint
  // among -ORBEndpoint's. Raises INITIALIZE when the endpoint cannot be opened.
  bool ensure_lane_framing(LaneId lane, giop::HeaderMode mode);
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
  // What the sockets of new client connections are set up with (-ORBSocketOptions at
  // first); a layer above may change it (ClientProtocolPolicy at the ORB level). Open
  // connections keep what they have.
  transport::SocketOptionsCell& client_socket_options() noexcept { return *client_sockets_; }
  // `observer` is called with the ORBPolicyManager's whole list each time it changes, on the
  // thread that changed it, in the order of the changes. It must not call the manager.
  void add_orb_policy_observer(std::function<void(const CORBA::PolicyList&)> observer);
  // ORB::create_policy's factories (policy_factory.hpp), asked in registration order; the
  // first that handles a type makes it. create_policy raises PolicyError BAD_POLICY for a
  // type no factory handles.
  void add_policy_factory(std::shared_ptr<const PolicyFactory> factory);
  CORBA::object_reference<CORBA::Policy> create_policy(CORBA::PolicyType type,
                                                       const cdr::Any& value);
  // What turns override lists into CallPolicies (call_policies.hpp). Set by an initializer,
  // before any reference of this ORB exists; null (no reader): no call is ever affected.
  void set_call_policy_reader(std::shared_ptr<const CallPolicyReader> reader);
  const CallPolicyReader* call_policy_reader() const noexcept {
    return call_policy_reader_.load(std::memory_order_acquire);
  }
  // The ORB level of the call policies (ORBPolicyManager as the reader reads it), kept
  // up to date as the manager changes.
  bool has_orb_call_policies() const noexcept {
    return has_orb_call_policies_.load(std::memory_order_acquire);
  }
  CallPolicies orb_call_policies() const;
  // Consulted for every request this ORB serves, before its target is looked for (null:
  // every request is served). Set by an initializer, before the ORB serves.
  void set_request_admission(std::shared_ptr<const RequestAdmission> admission);
  const RequestAdmission* request_admission() const noexcept {
    return request_admission_.load(std::memory_order_acquire);
  }
  // make_object with the profiles `layout` lists.
  std::shared_ptr<ObjectCore> make_object(std::string type_id,
                                          std::vector<std::uint8_t> object_key,
                                          const ReferenceLayout& layout);

  // The INS object table ("IORTable"): the adapter forwards requests for keys it did not
  // make to the objects bound here.
  ObjectTable& object_table() noexcept { return object_table_; }

  // --- the CORBA::ORB operations --------------------------------------------------------
  CORBA::ORB::ObjectIdList list_initial_services();
  CORBA::object_reference<CORBA::Object> resolve_initial_references(const std::string& name);
  CORBA::object_reference<CORBA::Object> string_to_object(std::string_view text);
  std::string object_to_string(const CORBA::object_reference<CORBA::Object>& object);
  void run();
  void run(std::chrono::milliseconds timeout);
  bool work_pending();
  void perform_work();
  void shutdown(bool wait_for_completion);
  void destroy();

  // Server side (server_request_handler.cpp): counts upcalls so shutdown can wait for them.
  void upcall_started() noexcept;
  void upcall_finished() noexcept;
  // Logs `text` when -ORBDebugLevel >= level (to -ORBLogFile or stderr).
  void debug(int level, std::string_view text) const { logger_->log(level, text); }
  // This ORB's log, for callers that build a line only when it is wanted.
  const Logger& logger() const noexcept { return *logger_; }
  // ORB::register_value_factory's table, read when values are unmarshaled.
  ValueFactoryTable& value_factories() noexcept { return value_factories_; }

 private:
  friend class ServerConnections;
  void serve_until(std::chrono::steady_clock::time_point deadline);
  // Whether server threads run the reactor (else ORB::run and perform_work do).
  bool pooled() const;
  CORBA::object_reference<CORBA::Object> object_from_url(std::string_view url);
  std::string host_for(const transport::Endpoint& bound) const;

  std::string id_;
  OrbOptions options_;
  CORBA::weak_object_reference<CORBA::ORB> orb_;
  const std::shared_ptr<const Logger> logger_;  // before the connections that log to it
  ValueFactoryTable value_factories_;

  const std::shared_ptr<transport::SocketOptionsCell> client_sockets_;  // before connections_
  // Before connections_: its connections tell it when they go.
  const std::shared_ptr<transport::OnewayFlusher> oneway_flusher_;
  transport::ConnectionCache connections_;
  std::atomic<std::uint32_t> next_request_id_{1};
  std::atomic<std::int64_t> next_idle_check_{0};  // steady_clock ticks
  std::mutex multiplexed_mutex_;                  // guards multiplexed_
  std::map<transport::Endpoint, std::shared_ptr<MultiplexedConnection>> multiplexed_;
  std::mutex async_mutex_;  // guards async_
  std::map<transport::Endpoint, std::shared_ptr<AsyncConnection>> async_;

  mutable std::mutex mutex_;  // guards the members below
  std::atomic<bool> endpoints_active_{false};  // set (release) once published_ is final
  std::vector<transport::Endpoint> published_;  // written under mutex_ before activation
  std::vector<transport::Reactor::HandlerId> acceptors_;  // closed at shutdown
  std::unique_ptr<ObjectAdapter> adapter_;
  std::atomic<ObjectAdapter*> adapter_ptr_{nullptr};  // adapter_, readable without mutex_
  CORBA::object_reference<CORBA::PolicyManager> policy_manager_;
  CORBA::object_reference<CORBA::PolicyCurrent> policy_current_;
  std::condition_variable state_changed_;  // shutdown_, upcalls_
  std::atomic<std::size_t> upcalls_{0};        // not guarded: atomic
  std::atomic<std::size_t> upcall_waiters_{0};  // shutdown(true) calls waiting on upcalls_

  std::atomic<bool> shutdown_{false};
  std::atomic<bool> destroyed_{false};
  std::map<std::string, InitialReferenceFactory> registered_references_;  // (mutex_)
  ObjectTable object_table_;  // its own lock
  std::atomic<OutboundPriority*> outbound_priority_{nullptr};
  std::atomic<NetworkPriority*> network_priority_{nullptr};
  // Observers of ORBPolicyManager (mutex_).
  std::vector<std::function<void(const CORBA::PolicyList&)>> policy_observers_;
  std::vector<std::shared_ptr<ServerPolicyHandler>> policy_handlers_;     // (mutex_)
  std::vector<std::shared_ptr<const ClientPolicyHandler>> client_policy_handlers_;  // (mutex_)
  std::unique_ptr<ServerConnections> server_connections_;
  std::unique_ptr<transport::Reactor> reactor_;
  std::unique_ptr<transport::ServerThreadPool> pool_;
  // -ORBServerThreads per_connection; last, so its threads are joined before the members
  // they use go.
  std::unique_ptr<transport::ConnectionThreads> connection_threads_;
  // Server lanes (add_lane), after everything their threads use: destroyed (joined) first.
  mutable std::mutex lanes_mutex_;  // guards lanes_, next_lane_
  std::map<LaneId, std::shared_ptr<ServerLane>> lanes_;
  // Every lane's published endpoints, replaced whole (under lanes_mutex_) as lanes come
  // and go, so is_own_endpoint reads them without a lock.
  std::atomic<std::shared_ptr<const std::vector<transport::Endpoint>>> lane_published_;
  void republish_lane_endpoints();  // needs lanes_mutex_
  void read_orb_call_policies(const CORBA::PolicyList& now);
  void read_orb_shaping_policies(const CORBA::PolicyList& now);
  std::vector<std::shared_ptr<const PolicyFactory>> policy_factories_;  // (mutex_)
  std::shared_ptr<const CallPolicyReader> call_policy_reader_owner_;    // (mutex_)
  std::atomic<const CallPolicyReader*> call_policy_reader_{nullptr};
  std::atomic<bool> has_orb_call_policies_{false};
  std::atomic<std::shared_ptr<const CallPolicies>> orb_call_policies_;
  std::atomic<std::uint64_t> client_shaping_types_{0};
  std::atomic<std::shared_ptr<const CORBA::PolicyList>> orb_shaping_policies_;
  std::atomic<bool> has_orb_shaping_policies_{false};
  std::atomic<std::uint64_t> orb_shaping_generation_{0};
  std::shared_ptr<const RequestAdmission> request_admission_owner_;  // (mutex_)
  std::atomic<const RequestAdmission*> request_admission_{nullptr};
  LaneId next_lane_ = default_lane + 1;
};

// The OrbCore of an InputStream's InputOptions::references (null if none).
inline OrbCore* orb_of(const cdr::InputStream& is) noexcept {
  return static_cast<OrbCore*>(is.options().references);
}

}  // namespace rtorb::orb
