// One invocation's state, and the steps every send mode is built from: pick a connection,
// write the request, send, wait for the reply (docs/client.md).
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/orb/invocation.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "client/call_policies.hpp"
#include "client/multiplexed_connection.hpp"
#include "client/object_core.hpp"
#include "core/seams/request_interception.hpp"
#include "giop/fragments.hpp"
#include "giop/message_header.hpp"
#include "giop/messages.hpp"
#include "transport/connection_cache.hpp"

namespace rtorb::orb {

class AsyncConnection;
class OrbContext;
struct PendingReply;

// What carries one attempt's request to its target.
enum class Carrier : std::uint8_t {
  collocated,   // served in-process by this ORB (collocated_call.cpp)
  exclusive,    // a connection leased for the call (exclusive_strategy.cpp)
  multiplexed,  // the endpoint's shared connection (multiplexed_strategy.cpp)
  ami,          // the endpoint's AMI connection; the reply goes to a handler (async_call.cpp)
};

// One attempt at the current target: its request id, its priority and what carries it.
struct Attempt {
  const Target& target;
  std::uint32_t id;
  std::int32_t priority;                 // the request's CORBA priority, or no_priority
  const transport::CacheKey& cache_key;  // the connection the priority asks for
  Carrier carrier;
  bool first_request = false;  // the first on its connection: it carries the CodeSets context
};

// A collocated reply of this size or less is copied into the invocation itself (on the
// caller's stack); a larger one into a vector.
constexpr std::size_t inline_reply_size = 512;

// How many LOCATION_FORWARDs one request follows before TRANSIENT transient_forward_limit.
constexpr int max_forwards = 8;

// Raises IMP_LIMIT imp_limit_message_too_large for a request above -ORBMaxMessageSize.
void check_request_size(const OrbContext& orb, const cdr::OutputStream& request);

// Lives in Invocation::storage_ (no heap allocation per call); one per Invocation, used by
// one thread. Members are public: the send modes' files are this class's parts.
class InvocationState {
 public:
  using Clock = std::chrono::steady_clock;

  InvocationState(const CORBA::Object& object, ObjectCore& core, std::string_view operation)
      : object(&object), core(&core), operation(operation) {}

  // --- the call policies, read once per invocation ---------------------------------
  // (Inline, so the carriers below the core need nothing back from invocation_state.cpp.)
  void read_policies();
  bool deadline_set() const noexcept { return deadline != Clock::time_point{}; }
  // Time left before the deadline (at least 1 ms: the waits take milliseconds).
  std::chrono::milliseconds remaining() const {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
    return std::max(left, std::chrono::milliseconds(1));
  }
  // Whether the target may change (RebindPolicy TRANSPARENT, the default).
  bool may_rebind() const noexcept {
    return !has_policies || !policies.rebind || *policies.rebind == RebindMode::transparent;
  }
  // For a forward to `to`: raises REBIND when the policies forbid changing the target.
  void check_rebind(const Target& from, const ior::ObjectReference& to) const;
  // A oneway's SyncScope (transport when no policy sets one).
  OnewayWait oneway_wait() const noexcept {
    return has_policies && policies.oneway_wait ? *policies.oneway_wait : OnewayWait::transport;
  }

  // --- the synchronous modes --------------------------------------------------------
  // twoway.cpp: attempts, forwards and reissues until a reply; returns its body.
  cdr::InputStream& call(ArgumentWriter& arguments,
                         std::span<const UserExceptionEntry> exceptions,
                         giop::ResponseFlags flags);
  // One attempt at `target`: start, connect, write, send and (a response expected) wait.
  // The reply is left in reply_message.
  void attempt(const Target& target, ArgumentWriter& arguments, giop::ResponseFlags flags,
               giop::AddressingDisposition addressing);

  // --- Portable Interceptors (twoway.cpp; docs/interceptors.md) ---------------------
  // Makes `interception` when the ORB has interceptors (the caller checked the seam).
  void start_interception(bool response_expected, std::int16_t sync_scope);
  // The call's attempts with the interception points around each; null for a oneway
  // that expects no reply.
  cdr::InputStream* call_intercepted(ArgumentWriter& arguments,
                                     std::span<const UserExceptionEntry> exceptions,
                                     giop::ResponseFlags flags);

  // --- the steps of an attempt (invocation_state.cpp) ---------------------------------
  // Forgets the last attempt's connection and reply; takes a request id, the priority and
  // the carrier (-ORBClientStrategy's, or collocated; async_call.cpp makes it ami).
  Attempt start(const Target& target);
  // Picks the attempt's connection (exclusive or multiplexed) and learns first_request.
  void connect(Attempt& attempt);
  // The GIOP Request, header and arguments (request_writer.cpp).
  void write_request(cdr::OutputStream& os, const Attempt& attempt, ArgumentWriter& arguments,
                     giop::ResponseFlags flags, giop::AddressingDisposition addressing);
  // Sends by the attempt's carrier and, when a response is expected, waits for the reply.
  void send_and_wait(const Attempt& attempt, const cdr::OutputStream& request,
                     bool response_expected);

  // --- the carriers -----------------------------------------------------------------
  // exclusive_strategy.cpp: the connection for `key` as the call policies allow: within
  // the deadline, and none newly opened for a NO_RECONNECT reference that has had one.
  void lease_connection(const transport::CacheKey& key);
  void send_exclusive(const Target& target, const cdr::OutputStream& request,
                      bool response_expected);
  // Waits on the leased connection for the reply to `id` (reply_message).
  void receive(std::uint32_t id);
  // multiplexed_strategy.cpp.
  void send_multiplexed(const Target& target, const cdr::OutputStream& request,
                        std::uint32_t id, bool response_expected);
  // collocated_call.cpp: serves the request in-process; the reply in reply_message.
  void send_collocated(const Target& target, const cdr::OutputStream& request,
                       bool response_expected);
  // buffered_oneway.cpp: whether this SYNC_NONE oneway joins its connection's batch, and
  // putting it there.
  bool joins_batch() const noexcept;
  void buffer_oneway(transport::Connection& connection, const cdr::OutputStream& request);

  // The target proxy: it outlives the call (Invocation's contract), so it is borrowed,
  // which saves two atomic reference-count updates per call.
  const CORBA::Object* object;
  ObjectCore* core;
  std::string_view operation;
  std::size_t request_body_at = 0;  // where the arguments begin in the request's stream
  std::optional<transport::ConnectionCache::Lease> lease;  // exclusive
  std::shared_ptr<MultiplexedConnection> shared;           // multiplexed
  MultiplexedConnection::Waiter waiter;                     // multiplexed
  PendingReply* pending = nullptr;         // invoke_async: who gets the reply
  std::shared_ptr<AsyncConnection> async;  // invoke_async, remote target
  std::optional<giop::FragmentAssembler> assembler;  // a fragmented reply, exclusive
  std::array<std::uint8_t, inline_reply_size> collocated_block;
  std::vector<std::uint8_t> collocated_large;  // collocated replies above inline_reply_size
  std::optional<giop::Message> reply_message;
  std::optional<cdr::InputStream> reply;
  std::unique_ptr<ClientInterception> interception;  // null: no interceptor registered
  bool points_started = false;  // the attempt's send_request points have all run
  std::uint32_t request_id = 0;  // the last attempt's, for the call's log line
  bool reissued = false;  // a request is sent again at most once (15.5.1)
  bool buffered = false;  // a SYNC_NONE oneway joining its connection's batch
  // The call policies in effect (call_policies.hpp); has_policies false: the defaults.
  bool has_policies = false;
  CallPolicies policies;
  Clock::time_point deadline{};  // RelativeRoundtripTimeout's end; {} for none
};

}  // namespace rtorb::orb
