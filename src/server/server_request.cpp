// serve_message: the server side of GIOP (Request, LocateRequest and the rest).
#include <rtorb/orb/server_request.hpp>

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/orb/object_codec.hpp>
#include <rtorb/orb/value_codec.hpp>

#include <array>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/orb_context.hpp"
#include "core/seams/request_admission.hpp"
#include "core/seams/request_interception.hpp"
#include "core/seams/seam_registry.hpp"
#include "core/seams/server_qos.hpp"
#include "giop/message_codec.hpp"
#include "giop/messages.hpp"
#include "giop/service_context.hpp"
#include "giop/system_exception_body.hpp"
#include "ior/encapsulation.hpp"
#include "ior/iiop_profile.hpp"
#include "server/intercepted_reply.hpp"
#include "server/request_log.hpp"
#include "server/server_connections.hpp"
#include "server/server_side.hpp"

namespace rtorb::orb {
namespace {

thread_local const OrbContext* current_upcall_orb = nullptr;
thread_local bool collocated_request = false;

// Marks the calling thread as inside an upcall of `orb` (shutdown needs to know).
class UpcallScope {
 public:
  explicit UpcallScope(OrbContext& orb) noexcept : orb_(orb), previous_(current_upcall_orb) {
    current_upcall_orb = &orb;
    orb_.server().upcall_started();
  }
  UpcallScope(const UpcallScope&) = delete;
  UpcallScope& operator=(const UpcallScope&) = delete;
  ~UpcallScope() {
    current_upcall_orb = previous_;
    orb_.server().upcall_finished();
  }

 private:
  OrbContext& orb_;
  const OrbContext* previous_;
};

// The reply to a request whose client waits for none (a oneway, or WITH_SERVER answered
// already): whatever is written goes nowhere.
class UnexpectedReply final : public DeferredReply {
 public:
  bool response_expected() const noexcept override { return false; }
  cdr::OutputStream& reply() override { return discard(); }
  cdr::OutputStream& user_exception() override { return discard(); }
  void system_exception(const CORBA::SystemException&) override {}
  void send() noexcept override { stream_.reset(); }

 private:
  cdr::OutputStream& discard() {
    stream_.emplace();
    return *stream_;
  }
  std::optional<cdr::OutputStream> stream_;
};

// A reply sent after the upcall, through a channel kept for it. Its stream is made when a
// reply starts and destroyed once sent, so that its blocks come from and go back to the
// replying thread's pool.
class LaterReply final : public DeferredReply {
 public:
  LaterReply(std::shared_ptr<ReplyChannel> channel, std::uint32_t id, giop::Format format,
             cdr::OutputOptions options) noexcept
      : channel_(std::move(channel)), id_(id), format_(format), options_(options) {}
  // The contexts a layer added to the reply (RTCorbaPriority ...), copied: the request
  // they point into is gone when the reply is sent.
  void add_context(std::uint32_t id, std::span<const std::uint8_t> data) {
    contexts_.push_back({id, std::vector<std::uint8_t>(data.begin(), data.end())});
  }

  bool response_expected() const noexcept override { return true; }
  cdr::OutputStream& reply() override { return start(giop::ReplyStatus::no_exception); }
  cdr::OutputStream& user_exception() override {
    return start(giop::ReplyStatus::user_exception);
  }
  void system_exception(const CORBA::SystemException& exception) override {
    giop::write_system_exception(start(giop::ReplyStatus::system_exception),
                                 giop::to_body(exception));
  }
  void send() noexcept override {
    if (!stream_) return;
    try {
      giop::end_message(*stream_, start_);
      channel_->send(*stream_);
    } catch (...) {
      // The channel drops what it cannot send; nothing else can fail here.
    }
    stream_.reset();
  }

 private:
  struct Context {
    std::uint32_t id;
    std::vector<std::uint8_t> data;
  };

  cdr::OutputStream& start(giop::ReplyStatus status) {
    stream_.emplace(options_);
    giop::ReplyHeader header{id_, status, {}};
    for (const Context& c : contexts_) header.service_context.push_back({c.id, c.data});
    start_ = giop::encode_reply(*stream_, format_, header);
    return *stream_;
  }

  std::shared_ptr<ReplyChannel> channel_;
  std::uint32_t id_;
  giop::Format format_;
  cdr::OutputOptions options_;
  std::vector<Context> contexts_;
  std::optional<cdr::OutputStream> stream_;
  giop::MessageStart start_{};
};

// A reply is built in `os` (whose first block is on the serving thread's stack) and sent
// once, whole.
class ServerRequestImpl final : public ServerRequest {
 public:
  using ServerRequest::set_object_key;
  ServerRequestImpl(const giop::RequestHeader& header, std::span<const std::uint8_t> key,
                    cdr::InputStream arguments, giop::Format format, cdr::OutputStream& os,
                    ReplyChannel& channel)
      : ServerRequest(header.operation, key, giop::response_expected(header.response_flags),
                      std::move(arguments)),
        id_(header.request_id),
        format_(format),
        os_(os),
        channel_(channel),
        reply_when_located_(header.response_flags == giop::ResponseFlags::sync_with_server),
        contexts_(header.service_context) {}

  // SyncScope WITH_SERVER: the empty reply goes now, before the upcall (GIOP 1.2 only: 1.0
  // and 1.1 decode response_expected TRUE as 0x03).
  void servant_located() override {
    if (interception_ != nullptr) [[unlikely]] interception_->receive_request();
    if (!reply_when_located_ || replied_) return;
    start(giop::ReplyStatus::no_exception);
    finish();
    channel_.send(os_);
    replied_ = true;
  }
  // Portable Interceptors: the request's interception (null: none registered).
  void intercept(ServerInterception* interception) noexcept { interception_ = interception; }
  ServerInterception* interception() const noexcept { return interception_; }
  // The repository id of the user exception the skeleton wrote into the reply.
  std::string user_exception_id() const { return user_exception_id_of(os_, start_); }
  // The reply written again with the contexts the interceptors' sending points added
  // after its header was (intercepted_reply.hpp); false when its body could not move.
  bool rewrite_with_interceptor_contexts() {
    const ReplySnapshot before = snapshot_reply(os_, start_);
    start(status_);
    return put_body_back(os_, start_, before);
  }
  // How many of the interceptors' reply contexts the header holds.
  std::size_t interceptor_contexts_written() const noexcept { return interceptor_contexts_; }

  // The reply has gone already (servant_located): whatever the upcall does is not sent.
  bool replied() const noexcept { return replied_; }
  // The skeleton left the reply for later (AMH): nothing is sent when it returns.
  bool deferred() const noexcept { return deferred_; }

  std::unique_ptr<DeferredReply> defer_reply() override {
    if (!response_expected() || replied_) {
      deferred_ = true;
      return std::make_unique<UnexpectedReply>();
    }
    std::shared_ptr<ReplyChannel> later = channel_.keep_for_later();
    if (!later) {
      raise<CORBA::NO_IMPLEMENT>(minor::no_implement_deferred_reply,
                                 "this request's reply cannot be deferred",
                                 CORBA::CompletionStatus::COMPLETED_NO);
    }
    auto reply = std::make_unique<LaterReply>(std::move(later), id_, format_, os_.options());
    for (std::size_t i = 0; i < reply_contexts_; ++i)
      reply->add_context(reply_context_[i].id, reply_context_[i].data());
    deferred_ = true;
    return reply;
  }

  std::span<const std::uint8_t> service_context(std::uint32_t id) const noexcept override {
    for (const auto& sc : contexts_) {
      if (sc.context_id == id) return sc.context_data;
    }
    return {};
  }
  bool carries_service_contexts() const noexcept override { return !format_.lite(); }
  void add_reply_service_context(std::uint32_t id,
                                 std::span<const std::uint8_t> data) noexcept override {
    if (reply_contexts_ < reply_context_limit) {
      reply_context_[reply_contexts_++] = {id, data.data(), data.size()};
    }
  }

  cdr::OutputStream& reply() override { return start(giop::ReplyStatus::no_exception); }
  // serve_request sends the reply before this request (and what it keeps) is destroyed.
  cdr::OutputStream& reply_borrowing() override {
    cdr::OutputStream& os = start(giop::ReplyStatus::no_exception);
    os.borrow_arrays_from(cdr::OutputStream::default_borrow_threshold);
    return os;
  }
  cdr::OutputStream& user_exception() override {
    return start(giop::ReplyStatus::user_exception);
  }

  // Every other reply copies: a user exception is written from an object that dies with
  // the skeleton's catch block, before the reply is sent.
  cdr::OutputStream& start(giop::ReplyStatus status) {
    status_ = status;
    os_.reset();
    os_.borrow_arrays_from(0);
    giop::ReplyHeader header{id_, status, {}};
    for (std::size_t i = 0; i < reply_contexts_; ++i) {
      header.service_context.push_back({reply_context_[i].id, reply_context_[i].data()});
    }
    if (interception_ != nullptr) [[unlikely]] {
      const giop::ServiceContextList& added = interception_->reply_contexts();
      for (const giop::ServiceContext& c : added) header.service_context.push_back(c);
      interceptor_contexts_ = added.size();
    }
    start_ = giop::encode_reply(os_, format_, header);
    started_ = true;
    return os_;
  }
  // Completes the reply (an empty NO_EXCEPTION reply if the skeleton wrote none).
  void finish() {
    if (!started_) start(giop::ReplyStatus::no_exception);
    giop::end_message(os_, start_);
  }
  std::uint32_t id() const noexcept { return id_; }
  // The status of the reply started last (NO_EXCEPTION before any).
  const giop::ReplyStatus& status() const noexcept { return status_; }

 private:
  std::uint32_t id_;
  giop::Format format_;
  cdr::OutputStream& os_;
  ReplyChannel& channel_;
  const bool reply_when_located_;
  bool replied_ = false;
  bool deferred_ = false;
  giop::MessageStart start_{};
  giop::ReplyStatus status_ = giop::ReplyStatus::no_exception;
  bool started_ = false;
  const giop::ServiceContextList& contexts_;
  ServerInterception* interception_ = nullptr;
  std::size_t interceptor_contexts_ = 0;
  // Trivially constructible on purpose: a request builds this array and nearly always
  // leaves it empty (zeroing giop::ServiceContexts cost ~30 instructions a request).
  // Only the first reply_contexts_ entries are ever read.
  struct ReplyContext {
    std::uint32_t id;
    const std::uint8_t* bytes;
    std::size_t size;
    std::span<const std::uint8_t> data() const noexcept { return {bytes, size}; }
  };
  std::array<ReplyContext, reply_context_limit> reply_context_;
  std::size_t reply_contexts_ = 0;
};

void log_peer(const OrbContext& orb, int level, const ReplyChannel& channel,
              std::string_view what) noexcept {
  if (!orb.logger().enabled(level)) return;
  try {
    orb.logger().write_line(std::string(what) + channel.peer());
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

void log_bad_message(const OrbContext& orb, const ReplyChannel& channel,
                     std::string_view reason) noexcept {
  if (!orb.logger().enabled(log_errors)) return;
  try {
    orb.logger().write_line("bad message on " + channel.peer() + ": " + std::string(reason) +
                            "; answered MessageError and closed the connection");
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

void send_message_error(giop::Format format, ReplyChannel& channel) noexcept {
  try {
    cdr::OutputStream os;
    const auto start = giop::encode_message_error(os, format);
    giop::end_message(os, start);
    channel.send(os);
  } catch (...) {
    // The channel is closed next anyway.
  }
  channel.close();
}

// The object key a target address names; decoded profiles are kept in `storage` (a
// pointer, not an optional: nearly every request names a KeyAddr, and an empty
// unique_ptr costs less to make and destroy than an empty optional profile).
std::span<const std::uint8_t> key_of(const giop::TargetAddress& target,
                                     std::unique_ptr<ior::IiopProfile>& storage) {
  if (const auto* k = std::get_if<giop::KeyAddr>(&target)) [[likely]] return k->object_key;
  const cdr::TaggedProfile* profile = nullptr;
  if (const auto* p = std::get_if<giop::ProfileAddr>(&target)) {
    profile = &p->profile;
  } else if (const auto* r = std::get_if<giop::ReferenceAddr>(&target)) {
    if (r->selected_profile_index < r->ior.profiles.size())
      profile = &r->ior.profiles[r->selected_profile_index];
  }
  if (profile == nullptr || profile->tag != cdr::profile_tag::internet_iop) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_bad_key,
                                   "target address names no IIOP profile");
  }
  storage = std::make_unique<ior::IiopProfile>(ior::decode_iiop_profile(profile->profile_data));
  return storage->object_key;
}

ObjectAdapter* adapter_for_requests(OrbContext& orb) {
  if (ObjectAdapter* a = orb.adapter_if_created()) return a;
  if (!orb.options().adapter_factory || orb.shut_down()) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_no_adapter,
                                   "this ORB has no object adapter");
  }
  return &orb.adapter();
}

void remember_code_sets(const giop::ServiceContextList& contexts, ConnectionCodeSets& state) {
  const auto* sc = giop::find_service_context(contexts, giop::service_id::code_sets);
  if (sc == nullptr) return;
  cdr::InputStream is = ior::open_encapsulation(sc->context_data);
  const cdr::CodeSetId c = is.read_ulong();
  const cdr::CodeSetId w = is.read_ulong();
  if (c != 0) state.code_sets.transmission_char = c;
  if (w != 0) state.code_sets.transmission_wchar = w;
}

giop::Message decode_for_server(const OrbContext& orb, std::span<const std::uint8_t> message,
                               giop::HeaderMode mode, cdr::MessageRest* rest = nullptr) {
  giop::DecodeOptions options;
  options.mode = mode;
  options.limits.max_message_size = orb.options().max_message_size;
  return giop::decode_message(message, options, rest);
}

void write_system_exception_reply(ServerRequestImpl& request, RequestLog& log,
                                  const CORBA::SystemException& e) {
  log.system_exception(e);
  auto& os = request.start(giop::ReplyStatus::system_exception);
  giop::write_system_exception(os, giop::to_body(e));
}

// After an exception: the reply `request` still owes, unless it expects none or has had
// one already (deferred, or sent at WITH_SERVER).
void send_exception_reply(const OrbContext& orb, const giop::RequestHeader& header,
                          ServerRequestImpl& request, const cdr::OutputStream& os,
                          ReplyChannel& channel) {
  if (!giop::response_expected(header.response_flags)) return;
  if (request.deferred()) {
    orb.debug(3, "server: an exception after the reply was deferred (AMH) was not sent");
    return;
  }
  if (request.replied()) {
    orb.debug(3, "server: an exception after a WITH_SERVER reply was not sent");
    return;
  }
  request.finish();
  channel.send(os);
}

// After the upcall: the interceptors' send_reply points, or send_exception for a user
// exception the skeleton wrote; then the contexts they added, into the reply's header.
void intercept_reply(const OrbContext& orb, ServerRequestImpl& request) {
  ServerInterception& pi = *request.interception();
  if (request.status() == giop::ReplyStatus::user_exception) {
    pi.send_exception(nullptr, request.user_exception_id());
  } else {
    pi.send_reply();
  }
  if (!request.response_expected() || request.replied() || request.deferred()) return;
  if (pi.reply_contexts().size() == request.interceptor_contexts_written()) return;
  if (!request.rewrite_with_interceptor_contexts()) {
    orb.debug(2, "server: reply contexts added at send_reply were not sent (GIOP 1.0/1.1 "
                 "alignment)");
  }
}

// The request up to its reply: the target, the admission, the upcall, the reply sent.
// Returns true when nothing more is owed; raises what the reply is to carry.
bool serve_upcall(OrbContext& orb, const giop::RequestHeader& header,
                  ServerRequestImpl& request, cdr::OutputStream& os, ReplyChannel& channel,
                  std::unique_ptr<ior::IiopProfile>& profile) {
  request.set_object_key(key_of(header.target, profile));
  if (ServerInterception* pi = request.interception()) [[unlikely]] {
    pi->receive_request_service_contexts();
  }
  // Admission judges service contexts only (request_admission.hpp): a request without
  // any, nearly every one, is admitted without the virtual call and its scan.
  if (!header.service_context.empty()) {
    const RequestAdmission* admission = orb.seams().request_admission();
    if (admission != nullptr) admission->admit(request);
  }
  UpcallScope scope(orb);
  adapter_for_requests(orb)->dispatch(request);
  if (request.interception() != nullptr) [[unlikely]] intercept_reply(orb, request);
  if (!request.response_expected() || request.replied() || request.deferred()) return true;
  request.finish();
  // Sent while `request` lives: a borrowing reply points into what it keeps.
  channel.send(os);
  return true;
}

void write_forward(ServerRequestImpl& request, giop::Version version, const LocationForward& f) {
  const auto status = f.permanent && version.minor >= 2 ? giop::ReplyStatus::location_forward_perm
                                                        : giop::ReplyStatus::location_forward;
  write_object(request.start(status), f.target);
}

void serve_request(OrbContext& orb, const giop::Message& m, ConnectionCodeSets& state,
                   ReplyChannel& channel) {
  const auto& header = *m.get<giop::RequestHeader>();
  const giop::Version version = m.header.version;
  if (version.minor >= 1 && !header.service_context.empty()) {
    remember_code_sets(header.service_context, state);
  }

  std::array<std::uint8_t, 1024> block;
  cdr::OutputStream os(block, {version.minor, state.code_sets});
  std::unique_ptr<ior::IiopProfile> profile;  // what the request's key views, if decoded
  // The arguments' stream is made in its place in the request (copying it costs more than
  // setting two of its options there).
  ServerRequestImpl request(header, {}, giop::body_stream(m), {version, m.header.mode}, os,
                            channel);
  request.arguments().set_code_sets(state.code_sets);
  request.arguments().set_references(&orb, &find_value_factory);
  std::unique_ptr<ServerInterception> interception;
  if (const RequestInterception* ri = orb.seams().request_interception()) [[unlikely]] {
    interception = ri->start_request(
        {request, header.request_id, sync_scope_of(header.response_flags), header.service_context});
    request.intercept(interception.get());
  }

  RequestLog log(orb.logger(), request, header.request_id, request.status(), channel, os,
                 m.header.mode);
  try {
    try {
      if (serve_upcall(orb, header, request, os, channel, profile)) return;
    } catch (const LocationForward& f) {
      if (interception) [[unlikely]] interception->send_other(f.target);
      write_forward(request, version, f);
    } catch (const CORBA::Exception& e) {
      // The interceptors' send_exception points may answer with another exception.
      if (interception) [[unlikely]] interception->send_exception(&e, e._rep_id());
      throw;
    }
  } catch (const LocationForward& f) {  // an interceptor's ForwardRequest
    write_forward(request, version, f);
  } catch (const CORBA::SystemException& e) {
    write_system_exception_reply(request, log, e);
  } catch (const CORBA::UserException& e) {
    // A skeleton lets through only the user exceptions its operation declares.
    write_system_exception_reply(
        request, log, CORBA::UNKNOWN(minor::unknown_undeclared_user_exception,
                                     CORBA::CompletionStatus::COMPLETED_MAYBE, e._rep_id()));
  } catch (const std::exception& e) {
    write_system_exception_reply(
        request, log, CORBA::UNKNOWN(minor::unknown_cxx_exception,
                                     CORBA::CompletionStatus::COMPLETED_MAYBE, e.what()));
  } catch (...) {
    write_system_exception_reply(
        request, log,
        CORBA::UNKNOWN(minor::unknown_cxx_exception, CORBA::CompletionStatus::COMPLETED_MAYBE));
  }
  send_exception_reply(orb, header, request, os, channel);
}

void serve_locate(OrbContext& orb, const giop::Message& m, ReplyChannel& channel) {
  const auto& header = *m.get<giop::LocateRequestHeader>();
  const giop::Version version = m.header.version;
  std::array<std::uint8_t, 512> block;
  cdr::OutputStream os(block, {version.minor, {}});
  giop::LocateStatus answered = giop::LocateStatus::unknown_object;
  auto reply = [&](giop::LocateStatus status) {
    answered = status;
    os.reset();
    return giop::encode_locate_reply(os, {version, m.header.mode}, {header.request_id, status});
  };
  giop::MessageStart start{};
  std::unique_ptr<ior::IiopProfile> profile;  // what `key` views, for the log too
  std::span<const std::uint8_t> key;
  try {
    key = key_of(header.target, profile);
    try {
      start =
          reply(adapter_for_requests(orb)->locate(key) ? giop::LocateStatus::object_here
                                                       : giop::LocateStatus::unknown_object);
    } catch (const LocationForward& f) {
      start = reply(f.permanent && version.minor >= 2 ? giop::LocateStatus::object_forward_perm
                                                      : giop::LocateStatus::object_forward);
      write_object(os, f.target);
    }
  } catch (const CORBA::SystemException& e) {
    if (version.minor >= 2) {
      start = reply(giop::LocateStatus::loc_system_exception);
      giop::write_system_exception(os, giop::to_body(e));
    } else {
      start = reply(giop::LocateStatus::unknown_object);
    }
  }
  giop::end_message(os, start);
  channel.send(os);
  if (orb.logger().enabled(log_requests)) [[unlikely]] {
    orb.logger().write_line("LocateRequest " + std::to_string(header.request_id) + " on " +
                            channel.peer() + ": key " + printable_key(key) + ": " +
                            std::string(giop::to_string(answered)));
  }
}

}  // namespace

std::unique_ptr<DeferredReply> ServerRequest::defer_reply() {
  raise<CORBA::NO_IMPLEMENT>(minor::no_implement_deferred_reply,
                             "this request's reply cannot be deferred",
                             CORBA::CompletionStatus::COMPLETED_NO);
}

bool in_upcall_of(const OrbContext& orb) noexcept { return current_upcall_orb == &orb; }

bool serving_collocated_request() noexcept { return collocated_request; }

CollocatedServing::CollocatedServing() noexcept : previous_(collocated_request) {
  collocated_request = true;
}

CollocatedServing::~CollocatedServing() { collocated_request = previous_; }

void serve_message(OrbContext& orb, std::span<const std::uint8_t> message,
                   ConnectionCodeSets& state, ReplyChannel& channel,
                   cdr::MessageRest* rest, giop::HeaderMode mode) noexcept {
  giop::Format format{giop::giop_1_2, mode};
  try {
    const giop::Message m = decode_for_server(orb, message, mode, rest);
    format.version = m.header.version;
    switch (m.header.type) {
      case giop::MsgType::request:
        serve_request(orb, m, state, channel);
        return;
      case giop::MsgType::locate_request:
        serve_locate(orb, m, channel);
        return;
      case giop::MsgType::cancel_request:
        return;  // the reply (if any) goes out anyway; clients ignore it
      case giop::MsgType::close_connection:
        log_peer(orb, log_connections, channel, "CloseConnection received on ");
        channel.close();
        return;
      case giop::MsgType::message_error:
        log_peer(orb, log_errors, channel, "MessageError received on ");
        channel.close();
        return;
      default:
        break;
    }
    log_bad_message(orb, channel, "a " + std::string(giop::to_string(m.header.type)) +
                                      " message, which a server does not take");
  } catch (const CORBA::SystemException& e) {
    log_bad_message(orb, channel, e.what());
  } catch (const std::exception& e) {
    log_bad_message(orb, channel, e.what());
  }
  send_message_error(format, channel);
}

std::optional<giop::ServiceContextList> request_service_contexts(
    const OrbContext& orb, std::span<const std::uint8_t> message, giop::HeaderMode mode,
    ConnectionCodeSets& state) noexcept {
  try {
    const giop::Message m = decode_for_server(orb, message, mode);
    if (m.header.type != giop::MsgType::request) return std::nullopt;
    const auto& header = *m.get<giop::RequestHeader>();
    if (m.header.version.minor >= 1) remember_code_sets(header.service_context, state);
    return header.service_context;
  } catch (...) {
    return std::nullopt;  // serve_message answers what cannot be decoded
  }
}

void refuse_request(const OrbContext& orb, std::span<const std::uint8_t> message,
                    giop::HeaderMode mode, ReplyChannel& channel,
                    const CORBA::SystemException& reason) noexcept {
  try {
    const giop::Message m = decode_for_server(orb, message, mode);
    const auto& header = *m.get<giop::RequestHeader>();
    if (orb.logger().enabled(log_exceptions)) {
      orb.logger().write_line("request " + std::to_string(header.request_id) + " on " +
                              channel.peer() + ": '" + std::string(header.operation) + "' refused: " +
                              reason.what());
    }
    if (!giop::response_expected(header.response_flags)) return;
    cdr::OutputStream os;
    const auto start =
        giop::encode_reply(os, giop::Format{m.header.version, mode},
                           {header.request_id, giop::ReplyStatus::system_exception, {}});
    giop::write_system_exception(os, giop::to_body(reason));
    giop::end_message(os, start);
    channel.send(os);
  } catch (...) {
    // Decoded once already (request_service_contexts); only the channel can fail here.
  }
}

}  // namespace rtorb::orb
