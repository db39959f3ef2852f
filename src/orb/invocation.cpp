// The client side of a request: exclusive connections, the collocated path, replies.
#include <rtorb/orb/invocation.hpp>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/value_codec.hpp>

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <vector>

#include "giop/fragments.hpp"
#include "giop/invocation_policies.hpp"
#include "giop/message_codec.hpp"
#include "giop/messages.hpp"
#include "giop/service_context.hpp"
#include "giop/system_exception_body.hpp"
#include "ior/object_reference.hpp"
#include "orb/async_connection.hpp"
#include "orb/call_policies.hpp"
#include "orb/multiplexed_connection.hpp"
#include "orb/object_core.hpp"
#include "orb/orb_core.hpp"
#include "orb/seams/request_priority.hpp"
#include "orb/server/server_connections.hpp"
#include "transport/fragmenting_send.hpp"

namespace rtorb::orb {
namespace {

using CORBA::CompletionStatus;
constexpr int max_forwards = 8;

// The CodeSets service context body: byte-order octet, padding, two ulongs.
std::array<std::uint8_t, 12> code_sets_context(const cdr::CodeSetServiceContext& c) noexcept {
  std::array<std::uint8_t, 12> bytes{};
  bytes[0] = static_cast<std::uint8_t>(cdr::native_byte_order);
  std::memcpy(bytes.data() + 4, &c.char_data, 4);
  std::memcpy(bytes.data() + 8, &c.wchar_data, 4);
  return bytes;
}

// The RTCorbaPriority context body: byte-order octet, padding, the short (RT-CORBA 1.2,
// 4.7.3).
std::array<std::uint8_t, 4> priority_context(std::int16_t priority) noexcept {
  std::array<std::uint8_t, 4> bytes{};
  bytes[0] = static_cast<std::uint8_t>(cdr::native_byte_order);
  std::memcpy(bytes.data() + 2, &priority, 2);
  return bytes;
}

// A reply of this size or less is copied into the invocation itself (on the caller's
// stack); a larger one into a vector.
constexpr std::size_t inline_reply_size = 512;

// Takes the reply the server path wrote (into a stream on its own stack) before that
// stack frame is gone: one copy, into the invocation's own block when it fits. A reply
// deferred by the servant (AMH) comes later from any thread, through keep_for_later; the
// caller then waits for it (wait_for_deferred).
class CollocatedChannel final : public ReplyChannel {
 public:
  CollocatedChannel(std::array<std::uint8_t, inline_reply_size>& block,
                    std::vector<std::uint8_t>& large) noexcept
      : block_(block), large_(large) {}
  CollocatedChannel(const CollocatedChannel&) = delete;
  CollocatedChannel& operator=(const CollocatedChannel&) = delete;
  ~CollocatedChannel() {
    if (later_) later_->detach();
  }
  void send(const cdr::OutputStream& message) override {
    if (message.size() <= block_.size()) {
      std::size_t n = 0;
      message.for_each_segment([&](std::span<const std::uint8_t> segment) {
        std::memcpy(block_.data() + n, segment.data(), segment.size());
        n += segment.size();
      });
      reply_ = {block_.data(), n};
    } else {
      large_ = message.to_bytes();
      reply_ = large_;
    }
  }
  void close() noexcept override {}
  std::span<const std::uint8_t> reply() const noexcept { return reply_; }

  std::shared_ptr<ReplyChannel> keep_for_later() override {
    later_ = std::make_shared<Later>(*this);
    return later_;
  }
  // After serve_message: true at once if the reply came or none was deferred; else waits
  // for the deferred reply until `deadline` (none: no limit), false if it never came.
  bool wait_for_deferred(std::optional<std::chrono::steady_clock::time_point> deadline) {
    // The reply is read only under Later's lock: another thread may be writing it.
    if (!later_) return true;
    return later_->wait(deadline);
  }

 private:
  // What the servant's response handler holds: the caller's channel while the caller waits.
  class Later final : public ReplyChannel {
   public:
    explicit Later(CollocatedChannel& channel) noexcept : channel_(&channel) {}
    void send(const cdr::OutputStream& message) override {
      std::lock_guard lock(mutex_);
      if (channel_ == nullptr) return;  // the caller stopped waiting
      channel_->send(message);
      sent_ = true;
      arrived_.notify_all();
    }
    void close() noexcept override {}
    bool wait(std::optional<std::chrono::steady_clock::time_point> deadline) {
      std::unique_lock lock(mutex_);
      if (!deadline) {
        arrived_.wait(lock, [&] { return sent_; });
        return true;
      }
      return arrived_.wait_until(lock, *deadline, [&] { return sent_; });
    }
    void detach() noexcept {
      std::lock_guard lock(mutex_);
      channel_ = nullptr;
    }

   private:
    std::mutex mutex_;
    std::condition_variable arrived_;
    CollocatedChannel* channel_;  // guarded by mutex_; null once the caller is gone
    bool sent_ = false;           // guarded by mutex_
  };

  std::array<std::uint8_t, inline_reply_size>& block_;
  std::vector<std::uint8_t>& large_;
  std::span<const std::uint8_t> reply_;
  std::shared_ptr<Later> later_;
};

// The request as one span: a view of the stream when it is one segment (a request that
// fits the first block), otherwise a copy into `copy`.
std::span<const std::uint8_t> contiguous(const cdr::OutputStream& stream,
                                         std::vector<std::uint8_t>& copy) {
  std::span<const std::uint8_t> first;
  int segments = 0;
  stream.for_each_segment([&](std::span<const std::uint8_t> segment) {
    if (segments++ == 0) first = segment;
  });
  if (segments <= 1) return first;
  copy = stream.to_bytes();
  return copy;
}

// A whole Reply (not a fragment, no more-fragments flag): the common case, told from two
// header bytes (the connection has checked magic, version and size) without decoding the
// header a second time before decode_message does.
bool is_whole_reply(std::span<const std::uint8_t> message) noexcept {
  constexpr std::uint8_t reply_type = 1;
  constexpr std::uint8_t more_fragments_flag = 0x02;
  return message.size() >= giop::header_size && message[7] == reply_type &&
         (message[5] == 0 || (message[6] & more_fragments_flag) == 0);
}

// The connection is the caller's for this request: its packets carry the DSCP of the
// request's priority (a system call only when that changes on the connection).
void mark_network_priority(OrbCore& orb, transport::Connection& connection,
                           std::int32_t priority) noexcept {
  NetworkPriority* hook = orb.seams().network_priority();
  if (hook == nullptr) return;
  const int dscp = hook->dscp_for(priority);
  if (dscp != NetworkPriority::no_dscp) connection.mark_dscp(dscp);
}

}  // namespace

class InvocationState {
 public:
  InvocationState(const CORBA::Object& object, ObjectCore& core, std::string_view operation)
      : object(&object), core(&core), operation(operation) {}

  // One attempt: marshal, send, and (twoway) wait for the reply message, which is left in
  // `reply_message`. Returns false for a oneway.
  bool attempt(const Target& target, ArgumentWriter& arguments, giop::ResponseFlags flags,
               giop::AddressingDisposition addressing);
  // The connection for `key` as the call policies allow: within the deadline, and none
  // newly opened for a NO_RECONNECT reference that has had one.
  void lease_connection(const transport::CacheKey& key);
  void send_remote(const Target& target, const cdr::OutputStream& request, std::uint32_t id,
                   bool response_expected);
  // Reads the call policies once per invocation; sets the deadline from them.
  void read_policies();
  bool deadline_set() const noexcept { return deadline != Clock::time_point{}; }
  // Time left before the deadline (at least 1 ms; the waits take milliseconds).
  std::chrono::milliseconds remaining() const;
  // For a forward to `to`: REBIND when the policies forbid changing the target.
  void check_rebind(const Target& from, const ior::ObjectReference& to) const;
  void send_collocated(const Target& target, const cdr::OutputStream& request,
                       bool response_expected);
  void send_multiplexed(const Target& target, const cdr::OutputStream& request,
                        std::uint32_t id, bool response_expected);
  // Leaves the reply in reply_message.
  void receive(std::uint32_t id);
  // Invocation::invoke's loop: attempts, forwards, reissues; returns the reply body.
  cdr::InputStream& call(ArgumentWriter& arguments, std::span<const UserExceptionEntry> exceptions,
                         giop::ResponseFlags flags);
  void receive_reply(std::uint32_t id);

  // invoke_async: the request goes out on the ORB's AMI connection, its reply to `pending`.
  void send_async(const Target& target, const cdr::OutputStream& request, std::uint32_t id);
  void connect_async(const transport::Endpoint& endpoint);
  void deliver_collocated();

  // The target proxy's core: the proxy outlives the call (Invocation's contract), so it
  // is borrowed, which saves two atomic reference-count updates per call.
  const CORBA::Object* object;
  ObjectCore* core;
  std::string_view operation;
  std::size_t request_body_at = 0;  // where the arguments begin in the request's stream
  std::optional<transport::ConnectionCache::Lease> lease;
  std::shared_ptr<MultiplexedConnection> shared;  // multiplexed strategy
  PendingReply* pending = nullptr;                // invoke_async: who gets the reply
  std::shared_ptr<AsyncConnection> async;         // invoke_async, remote target
  MultiplexedConnection::Waiter waiter;
  std::optional<giop::FragmentAssembler> assembler;
  std::array<std::uint8_t, inline_reply_size> collocated_block;
  std::vector<std::uint8_t> collocated_large;  // replies above inline_reply_size
  std::optional<giop::Message> reply_message;
  std::optional<cdr::InputStream> reply;
  bool reissued = false;
  bool buffered = false;  // a SYNC_NONE oneway joining its connection's batch
  // The call policies in effect (call_policies.hpp); has_policies false: the defaults.
  using Clock = std::chrono::steady_clock;
  bool has_policies = false;
  CallPolicies policies;
  Clock::time_point deadline{};  // RelativeRoundtripTimeout's end; {} for none
};

void InvocationState::read_policies() {
  has_policies = effective_call_policies(*core, policies);
  if (has_policies && policies.roundtrip_timeout) {
    deadline = Clock::now() + std::chrono::ceil<Clock::duration>(*policies.roundtrip_timeout);
  }
}

std::chrono::milliseconds InvocationState::remaining() const {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
  return std::max(left, std::chrono::milliseconds(1));
}

void InvocationState::check_rebind(const Target& from, const ior::ObjectReference& to) const {
  if (!has_policies || !policies.rebind || *policies.rebind == RebindMode::transparent) return;
  if (to == from.reference) return;
  raise<CORBA::REBIND>(minor::rebind_forward,
                       "RebindPolicy NO_REBIND: a LOCATION_FORWARD would change the target");
}

void InvocationState::lease_connection(const transport::CacheKey& key) {
  OrbCore& orb = *core->orb();
  if (!has_policies) {
    lease.emplace(orb.client().connections().acquire(key));
    // A load per call, a store once: a NO_RECONNECT set later at the thread or ORB level
    // knows the reference has had a connection.
    if (!core->connected_once()) core->mark_connected();
    return;
  }
  if (policies.rebind == RebindMode::no_reconnect && core->connected_once()) {
    auto existing = orb.client().connections().acquire_existing(key);
    if (!existing) {
      raise<CORBA::REBIND>(minor::rebind_reconnect,
                           "RebindPolicy NO_RECONNECT: the reference's connection is gone");
    }
    lease.emplace(std::move(*existing));
    return;
  }
  if (!deadline_set()) {
    lease.emplace(orb.client().connections().acquire(key));
  } else {
    if (Clock::now() >= deadline) {
      raise<CORBA::TIMEOUT>(minor::timeout_connect, "RelativeRoundtripTimeout passed before connecting");
    }
    const auto left = remaining();
    try {
      lease.emplace(orb.client().connections().acquire(key, left));
    } catch (const CORBA::TRANSIENT& e) {
      if (e.minor() != minor::transient_connect_timeout) throw;
      raise<CORBA::TIMEOUT>(minor::timeout_connect,
                            "RelativeRoundtripTimeout passed while connecting: " + e.detail());
    }
  }
  core->mark_connected();
}

Invocation::Invocation(const CORBA::Object& target, std::string_view operation) {
  const auto& core = core_of(target);
  if (!core) {
    raise<CORBA::INV_OBJREF>(minor::inv_objref_no_profile, "a local object has no profile");
  }
  core->orb()->check_alive();
  static_assert(sizeof(InvocationState) <= state_size, "Invocation::state_size too small");
  static_assert(alignof(InvocationState) <= alignof(std::max_align_t));
  state_ = new (storage_) InvocationState(target, *core, operation);
}

Invocation::~Invocation() { state_->~InvocationState(); }

bool InvocationState::attempt(const Target& target, ArgumentWriter& arguments,
                              giop::ResponseFlags flags, giop::AddressingDisposition addressing) {
  const bool response_expected = giop::response_expected(flags);
  OrbCore& orb = *core->orb();
  lease.reset();
  shared.reset();
  reply_message.reset();
  const bool collocated = core->collocated(target);
  const std::uint32_t id = orb.client().next_request_id();
  std::int32_t priority = thread_priority();
  if (priority != no_priority) {
    if (OutboundPriority* hook = orb.seams().outbound_priority()) {
      priority = hook->outbound(priority, target.profile.object_key);
    }
  }
  const transport::CacheKey& cache_key = target.cache_key_for(priority);
  // The connection comes first: whether this is its first request decides the contexts.
  // A collocated request needs none: the server side is given the code sets directly.
  bool first_request = !collocated;
  if (!collocated) {
    if (pending != nullptr) {
      connect_async(cache_key.endpoint);
      first_request = async->connection().take_first_request();
    } else if (orb.options().client_strategy == ClientStrategy::multiplexed) {
      // Requests race to the shared socket, so every one carries the context.
      shared = orb.client().multiplexed_connection(cache_key.endpoint);
    } else {
      orb.client().expire_idle_connections();
      lease_connection(cache_key);
      first_request = (*lease)->take_first_request();
      if (priority != no_priority) mark_network_priority(orb, **lease, priority);
    }
  }

  std::array<std::uint8_t, 1024> block;
  cdr::OutputStream os(block, {target.version.minor, target.code_sets});
  // The request is sent before attempt() returns, while the caller's arguments are alive.
  os.borrow_arrays_from(cdr::OutputStream::default_borrow_threshold);
  giop::RequestHeader header;
  header.request_id = id;
  header.response_flags = flags;
  header.operation = operation;
  switch (addressing) {
    case giop::AddressingDisposition::key_addr:
      header.target = giop::KeyAddr{target.profile.object_key};
      break;
    case giop::AddressingDisposition::profile_addr:
      header.target = giop::ProfileAddr{ior::encode_profile(target.profile)};
      break;
    case giop::AddressingDisposition::reference_addr:
      header.target = giop::ReferenceAddr{static_cast<std::uint32_t>(target.profile_index),
                                          ior::encode_reference(target.reference)};
      break;
  }
  // CodeSets goes in a connection's first request only (13.10.2.5): the server keeps it.
  const auto context = code_sets_context(target.code_set_context);
  const bool with_code_sets = first_request && target.version.minor >= 1 && target.has_code_sets;
  // CLIENT_PROPAGATED: the RTCorbaPriority context (id 10) on every request.
  const bool with_priority = priority != no_priority && target.priority_model &&
                             target.priority_model->model == ior::PriorityModel::client_propagated;
  const auto priority_bytes = priority_context(static_cast<std::int16_t>(priority));
  giop::InvocationPoliciesContext end_time_context;  // RelativeRequestTimeout's end
  if (with_code_sets) header.service_context.push_back({giop::service_id::code_sets, context});
  if (with_priority) {
    header.service_context.push_back({giop::service_id::rt_corba_priority, priority_bytes});
  }
  // RelativeRequestTimeout: the end time, fixed as the request is made (JacORB's encoding).
  if (has_policies && policies.request_timeout) {
    if (policies.request_timeout->count() <= 0) {
      raise<CORBA::TIMEOUT>(minor::timeout_request_expired,
                            "RelativeRequestTimeout passed before the request was sent");
    }
    end_time_context = giop::encode_request_end_time(giop::utc_after(*policies.request_timeout));
    header.service_context.push_back({giop::service_id::invocation_policies, end_time_context});
  }
  // GIOPlite when the connection's endpoint speaks it (it has no service contexts); a
  // collocated request is served in-process in standard form.
  const giop::Format format{target.version, !collocated && cache_key.endpoint.giop_lite
                                                ? giop::HeaderMode::lite
                                                : giop::HeaderMode::standard};
  const auto start = giop::encode_request(os, format, header);
  request_body_at = os.size();
  arguments(os);
  giop::end_message(os, start);

  if (collocated) {
    send_collocated(target, os, response_expected);
  } else {
    send_remote(target, os, id, response_expected);
  }
  return response_expected;
}

void InvocationState::send_collocated(const Target& target, const cdr::OutputStream& request,
                                      bool response_expected) {
  OrbCore& orb = *core->orb();
  // Served as if received: the request is viewed where it was marshaled, and the reply
  // copied once out of the server path's stack.
  std::vector<std::uint8_t> large_request;
  const auto bytes = contiguous(request, large_request);
  ConnectionCodeSets code_sets{target.code_sets};  // what a CodeSets context would say
  CollocatedChannel channel(collocated_block, collocated_large);
  {
    CollocatedServing in_process;
    serve_message(orb, bytes, code_sets, channel);
  }
  if (!response_expected) return;
  // A servant that deferred its reply (AMH) answers from another thread, or from this
  // one before serve_message returned; the caller waits for it as for a remote reply.
  std::optional<Clock::time_point> until;
  if (deadline_set()) until = deadline;
  if (!channel.wait_for_deferred(until)) {
    raise<CORBA::TIMEOUT>(minor::timeout_reply_wait,
                          "the collocated servant did not reply before the deadline",
                          CompletionStatus::COMPLETED_MAYBE);
  }
  if (channel.reply().empty()) {
    raise<CORBA::INTERNAL>(0, "collocated request produced no reply",
                           CompletionStatus::COMPLETED_MAYBE);
  }
  giop::DecodeOptions options;
  options.limits.max_message_size = orb.options().max_message_size;
  reply_message = giop::decode_message(channel.reply(), options);
}

void InvocationState::send_remote(const Target& target, const cdr::OutputStream& request,
                                  std::uint32_t id, bool response_expected) {
  OrbCore& orb = *core->orb();
  if (request.size() > orb.options().max_message_size) {
    raise<CORBA::IMP_LIMIT>(minor::imp_limit_message_too_large,
                            "request of " + std::to_string(request.size()) +
                                " bytes exceeds -ORBMaxMessageSize");
  }
  if (async) {
    send_async(target, request, id);
    return;
  }
  if (shared) {
    send_multiplexed(target, request, id, response_expected);
    return;
  }
  transport::Connection& connection = **lease;
  if (buffered) {
    const OnewayBuffering& b = *policies.buffering;
    connection.buffer_oneway(request, {b.count, b.bytes, b.timeout, orb.options().oneway_buffer_size});
    return;
  }
  if (sends_fragmented(orb.options(), request.size()) && target.version.minor >= 1 &&
      connection.mode() == giop::HeaderMode::standard) {
    transport::send_fragmented(connection, request, orb.options().fragment_size);
  } else if (!has_policies) {
    connection.send_owned(request);  // the lease makes it ours: no lock
  } else {
    transport::SendWait wait;
    if (!response_expected && policies.oneway_wait == OnewayWait::none) {
      wait.kind = transport::SendWait::Kind::never;  // SYNC_NONE never blocks its caller
    } else if (deadline_set()) {
      wait = {transport::SendWait::Kind::until, deadline};
    }
    connection.send_owned(request, wait);
  }
  if (!response_expected) return;
  receive(id);
}

void InvocationState::send_multiplexed(const Target& target, const cdr::OutputStream& request,
                                       std::uint32_t id, bool response_expected) {
  OrbCore& orb = *core->orb();
  waiter = {};
  if (response_expected) shared->expect(id, waiter);
  try {
    // GIOP 1.1 fragments may not interleave with other messages: those go whole.
    if (sends_fragmented(orb.options(), request.size()) && target.version.minor >= 2 &&
        shared->connection().mode() == giop::HeaderMode::standard) {
      transport::send_fragmented(shared->connection(), request, orb.options().fragment_size);
    } else {
      shared->connection().send(request);
    }
  } catch (...) {
    shared->forget(id);
    throw;
  }
  if (!response_expected) return;
  auto timeout = orb.options().reply_timeout;
  if (deadline_set() && (timeout.count() == 0 || remaining() < timeout)) timeout = remaining();
  shared->wait(id, waiter, timeout);
  giop::DecodeOptions options;
  options.mode = shared->connection().mode();
  options.limits.max_message_size = orb.options().max_message_size;
  reply_message = giop::decode_message(waiter.reply, options);
}

// The AMI connection to `endpoint`: an open one, or one opened within the deadline
// (TIMEOUT timeout_connect when it runs out, as for a synchronous call) or 10 s.
void InvocationState::connect_async(const transport::Endpoint& endpoint) {
  OrbCore& orb = *core->orb();
  if (!deadline_set()) {
    async = orb.client().async_connection(endpoint, std::chrono::milliseconds(10'000));
    return;
  }
  if (Clock::now() >= deadline) {
    raise<CORBA::TIMEOUT>(minor::timeout_connect, "RelativeRoundtripTimeout passed before connecting");
  }
  try {
    async = orb.client().async_connection(endpoint, remaining());
  } catch (const CORBA::TRANSIENT& e) {
    if (e.minor() != minor::transient_connect_timeout) throw;
    raise<CORBA::TIMEOUT>(minor::timeout_connect,
                          "RelativeRoundtripTimeout passed while connecting: " + e.detail());
  }
}

void InvocationState::send_async(const Target& target, const cdr::OutputStream& request,
                                 std::uint32_t id) {
  async->read_due_replies();
  // Fire and forget (a nil handler) registers nothing: the reply finds no one and is dropped.
  if (pending->handler == nullptr) {
    async->send(request);
    return;
  }
  pending->deadline = deadline;
  pending->code_sets = target.code_sets;
  // Kept for a forward, where the arguments keep their alignment in another request (GIOP
  // 1.2 aligns every body to 8; a 1.0/1.1 body would not read the same after another key).
  if (!pending->resend && target.version.minor >= 2) {
    auto resend = std::make_shared<AmiResend>();
    resend->core = core_of(*object);
    resend->operation = std::string(operation);
    // A request without arguments can end before request_body_at: end_message drops the
    // alignment padding only a body needs (found against JacORB, whose long object keys
    // leave a GIOP 1.2 header off an 8-byte boundary).
    resend->arguments.reserve(request.size() > request_body_at ? request.size() - request_body_at
                                                               : 0);
    std::size_t at = 0;
    request.for_each_segment([&](std::span<const std::uint8_t> segment) {
      if (at + segment.size() > request_body_at) {
        const std::size_t skip = request_body_at > at ? request_body_at - at : 0;
        resend->arguments.insert(resend->arguments.end(), segment.begin() + skip, segment.end());
      }
      at += segment.size();
    });
    pending->resend = std::move(resend);
  }
  async->expect(id, std::move(*pending));
  try {
    async->send(request);
  } catch (...) {
    async->forget(id);
    throw;
  }
}

// A collocated target has been served already: its handler is called now.
void InvocationState::deliver_collocated() {
  if (pending->handler == nullptr) return;
  deliver_reply(*core->orb(), *reply_message, *pending);
}

// Waits for the reply to request `id` on the leased connection, putting fragments back
// together. The connection is discarded on any failure: what is left on it (the rest of a
// refused reply) belongs to no later request.
void InvocationState::receive(std::uint32_t id) {
  try {
    receive_reply(id);
  } catch (CORBA::SystemException& e) {
    lease->discard();
    // The request was sent; only CloseConnection says it was not processed.
    if (dynamic_cast<CORBA::TRANSIENT*>(&e) == nullptr) e.completed(CompletionStatus::COMPLETED_MAYBE);
    throw;
  } catch (...) {
    lease->discard();
    throw;
  }
}

void InvocationState::receive_reply(std::uint32_t id) {
  OrbCore& orb = *core->orb();
  transport::Connection& connection = **lease;
  const auto timeout = orb.options().reply_timeout;
  // The clock is read only when a timeout is configured: -ORBReplyTimeout, or the
  // RelativeRoundtripTimeout's deadline, whichever ends first.
  auto reply_deadline = timeout.count() > 0 ? std::chrono::steady_clock::now() + timeout
                                            : std::chrono::steady_clock::time_point{};
  const bool by_policy = deadline_set() && (reply_deadline == Clock::time_point{} ||
                                            deadline < reply_deadline);
  if (by_policy) reply_deadline = deadline;
  const bool bounded = reply_deadline != Clock::time_point{};
  for (;;) {
    std::span<const std::uint8_t> message;
    try {
      const auto wait = bounded ? std::chrono::ceil<std::chrono::milliseconds>(
                                      reply_deadline - std::chrono::steady_clock::now())
                                : transport::Connection::forever;
      // Head first: a large reply's sequences are received straight into the stub's
      // results (reply_message keeps connection.rest(), and the lease keeps the connection
      // until the stub has read them).
      message = connection.receive_message_head(std::max(wait, std::chrono::milliseconds(0)));
    } catch (const CORBA::TIMEOUT& e) {
      if (!bounded) continue;
      lease->discard();
      if (by_policy) {
        raise<CORBA::TIMEOUT>(minor::timeout_reply_wait, "no reply within the RelativeRoundtripTimeout",
                              CompletionStatus::COMPLETED_MAYBE);
      }
      raise<CORBA::TIMEOUT>(e.minor(), "no reply within -ORBReplyTimeout",
                            CompletionStatus::COMPLETED_MAYBE);
    } catch (const CORBA::SystemException& e) {
      lease->discard();
      raise<CORBA::COMM_FAILURE>(e.minor(), e.detail(), CompletionStatus::COMPLETED_MAYBE);
    }
    const giop::HeaderMode mode = connection.mode();
    if (mode == giop::HeaderMode::lite || !is_whole_reply(message)) {
      giop::MessageHeader header = giop::decode_header(message, mode);
      if (header.type == giop::MsgType::close_connection) {
        lease->discard();
        raise<CORBA::TRANSIENT>(minor::transient_close_connection,
                                "server sent CloseConnection before replying");
      }
      if (header.type == giop::MsgType::message_error) {
        lease->discard();
        raise<CORBA::COMM_FAILURE>(minor::comm_failure_connection_closed,
                                   "server answered MessageError",
                                   CompletionStatus::COMPLETED_MAYBE);
      }
      // GIOPlite has no fragments: a Fragment there is just not a Reply.
      if (mode == giop::HeaderMode::standard &&
          (header.more_fragments || header.type == giop::MsgType::fragment)) {
        if (!assembler)
          assembler.emplace(giop::AssemblerLimits{orb.options().max_message_size,
                                                  orb.options().max_message_size});
        const auto whole = assembler->add(message);
        if (!whole.complete) continue;
        message = whole.message;
        header = giop::decode_header(message);
      }
      if (header.type != giop::MsgType::reply) {
        lease->discard();
        raise<CORBA::MARSHAL>(minor::marshal_unexpected_reply, "expected a Reply",
                              CompletionStatus::COMPLETED_MAYBE);
      }
    }
    // The reply's request id follows the header (after the 1.0/1.1 service contexts), so
    // the full decode checks it; a stale reply to an abandoned request is skipped.
    giop::DecodeOptions options;
    options.mode = mode;
    options.limits.max_message_size = orb.options().max_message_size;
    reply_message = giop::decode_message(message, options, connection.rest());
    if (reply_message->get<giop::ReplyHeader>()->request_id == id) return;
  }
}

cdr::InputStream& Invocation::invoke(ArgumentWriter arguments,
                                     std::span<const UserExceptionEntry> exceptions) {
  state_->read_policies();
  return state_->call(arguments, exceptions, giop::ResponseFlags::sync_with_target);
}

cdr::InputStream& InvocationState::call(ArgumentWriter& arguments,
                                        std::span<const UserExceptionEntry> exceptions,
                                        giop::ResponseFlags flags) {
  InvocationState& s = *this;
  OrbCore& orb = *s.core->orb();
  auto addressing = giop::AddressingDisposition::key_addr;
  for (int hops = 0;; ++hops) {
    if (hops > max_forwards) {
      raise<CORBA::TRANSIENT>(minor::transient_forward_limit, "too many LOCATION_FORWARDs");
    }
    std::shared_ptr<const Target> hold;
    const Target& target = s.core->target(hold);
    try {
      s.attempt(target, arguments, flags, addressing);
    } catch (const CORBA::TRANSIENT& e) {
      if (e.minor() == minor::transient_close_connection && !s.reissued) {
        s.reissued = true;  // 15.5.1: not processed, may be sent again once
        continue;
      }
      const bool may_rebind = !s.has_policies || !s.policies.rebind ||
                              *s.policies.rebind == RebindMode::transparent;
      if (s.core->forwarded() && may_rebind) {  // the forwarded target failed: back to the original
        s.core->reset_forward();
        continue;
      }
      throw;
    } catch (const CORBA::COMM_FAILURE& e) {
      // A cached connection the server had closed: the request never left, send it again.
      if (e.completed() == CompletionStatus::COMPLETED_NO && !s.reissued) {
        s.reissued = true;
        continue;
      }
      throw;
    }
    const giop::Message& m = *s.reply_message;
    const auto& header = *m.get<giop::ReplyHeader>();
    cdr::InputStream body = giop::body_stream(m);
    body.set_code_sets(target.code_sets);
    body.set_references(&orb, &find_value_factory);
    switch (header.reply_status) {
      case giop::ReplyStatus::no_exception:
        s.reply.emplace(body);
        return *s.reply;
      case giop::ReplyStatus::user_exception: {
        cdr::InputStream peek = body;
        const std::string_view id = peek.read_string_view();
        for (const auto& entry : exceptions) {
          if (id == entry.repository_id) entry.raise(body);
        }
        raise<CORBA::UNKNOWN>(minor::unknown_user_exception,
                              "user exception not declared: " + std::string(id),
                              CompletionStatus::COMPLETED_YES);
      }
      case giop::ReplyStatus::system_exception:
        giop::raise_system_exception(giop::read_system_exception(body));
      case giop::ReplyStatus::location_forward:
      case giop::ReplyStatus::location_forward_perm: {
        auto to = ior::read_reference(body);
        s.check_rebind(target, to);
        s.core->forward(to);
        orb.debug(2, "client: LOCATION_FORWARD followed");
        continue;
      }
      case giop::ReplyStatus::needs_addressing_mode: {
        const auto mode = body.read_short();
        if (mode < 0 || mode > 2) {
          raise<CORBA::MARSHAL>(minor::marshal_bad_message, "bad addressing disposition");
        }
        addressing = static_cast<giop::AddressingDisposition>(mode);
        continue;
      }
    }
    raise<CORBA::MARSHAL>(minor::marshal_unexpected_reply, "unknown reply status",
                          CompletionStatus::COMPLETED_MAYBE);
  }
}

// A friend of Invocation's: the forwarded request is made as a sendc_ call makes one, by
// the same InvocationState, with the arguments kept from the first request.
struct AmiForward {
  static void follow(OrbCore& orb, const giop::Message& reply, PendingReply& pending) {
    const AmiResend& resend = *pending.resend;
    if (resend.forwards >= max_forwards) {
      raise<CORBA::TRANSIENT>(minor::transient_forward_limit, "too many LOCATION_FORWARDs",
                              CompletionStatus::COMPLETED_NO);
    }
    cdr::InputStream body = giop::body_stream(reply);
    body.set_code_sets(pending.code_sets);
    body.set_references(&orb, &find_value_factory);
    const auto to = ior::read_reference(body);
    const auto object = ProxyAccess::make<CORBA::Object>(resend.core);
    Invocation invocation(*object, resend.operation);
    InvocationState& s = *invocation.state_;
    s.read_policies();
    if (pending.deadline != PendingReply::Clock::time_point{}) s.deadline = pending.deadline;  // the first's
    std::shared_ptr<const Target> hold;
    s.check_rebind(s.core->target(hold), to);
    s.core->forward(to);
    orb.debug(2, "client: LOCATION_FORWARD of an AMI request followed");
    auto next = std::make_shared<AmiResend>(resend);
    ++next->forwards;
    PendingReply again{pending.handler, pending.dispatch, {}, {}, std::move(next)};
    s.pending = &again;
    const auto write = [&resend](cdr::OutputStream& os) {
      os.write_raw(resend.arguments.data(), resend.arguments.size());
    };
    ArgumentWriter write_arguments(write);
    hold.reset();
    s.attempt(s.core->target(hold), write_arguments, giop::ResponseFlags::sync_with_target,
              giop::AddressingDisposition::key_addr);
    if (!s.async) s.deliver_collocated();
  }
};

void follow_ami_forward(OrbCore& orb, const giop::Message& reply, PendingReply& pending) {
  try {
    AmiForward::follow(orb, reply, pending);
  } catch (const CORBA::SystemException& e) {
    deliver_failure(orb, e, pending);
  }
}

void Invocation::invoke_async(ArgumentWriter arguments,
                              CORBA::object_reference<CORBA::Object> handler,
                              ReplyDispatch dispatch) {
  InvocationState& s = *state_;
  s.read_policies();
  PendingReply pending{std::move(handler), dispatch, {}, {}, nullptr};
  s.pending = &pending;
  std::shared_ptr<const Target> hold;
  const Target& target = s.core->target(hold);
  s.attempt(target, arguments, giop::ResponseFlags::sync_with_target,
            giop::AddressingDisposition::key_addr);
  if (!s.async) s.deliver_collocated();
}

void Invocation::invoke_oneway(ArgumentWriter arguments) {
  InvocationState& s = *state_;
  s.read_policies();
  const OnewayWait wait =
      s.has_policies && s.policies.oneway_wait ? *s.policies.oneway_wait : OnewayWait::transport;
  // WITH_SERVER and WITH_TARGET wait for a reply, and follow forwards, as a twoway does.
  if (wait == OnewayWait::server) {
    s.call(arguments, {}, giop::ResponseFlags::sync_with_server);
    return;
  }
  if (wait == OnewayWait::target) {
    s.call(arguments, {}, giop::ResponseFlags::sync_with_target);
    return;
  }
  // SYNC_NONE under a BufferingConstraint joins the connection's batch (its FLUSH mode, an
  // out-of-band call, is sent now, after what is buffered).
  s.buffered = wait == OnewayWait::none && s.policies.buffering && !s.policies.buffering->at_once;
  std::shared_ptr<const Target> hold;
  s.attempt(s.core->target(hold), arguments, giop::ResponseFlags::sync_none,
            giop::AddressingDisposition::key_addr);
}

}  // namespace rtorb::orb
