// The server's interception points for one request, with the flow rules of the chapter:
// receive_request_service_contexts in registration order, each interceptor whose point
// returned pushed on the flow stack; receive_request for those on it; then exactly one
// ending point (send_reply, send_exception, send_other) for each, last pushed first. A
// point that raises ends the flow there: the ending points of the stack see what it
// raised, and the request is answered with it.
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/raise.hpp>

#include <exception>
#include <string>

#include "core/object_adapter.hpp"
#include "core/seams/request_interception.hpp"
#include "interceptors/interception_chain.hpp"
#include "interceptors/request_contexts.hpp"
#include "poa/object_key.hpp"

namespace rtorb::interceptors {
namespace {

namespace PI = PortableInterceptor;

enum class ServerPoint : std::uint8_t { receive_contexts, receive_request, send_reply, send_exception, send_other };

class ServerInfo final : public PI::ServerRequestInfo {
 public:
  ServerInfo(const ChainFacts& chain, const orb::ServerRequestFacts& request)
      : chain_(chain),
        request_(request.request),
        request_id_(request.request_id),
        sync_scope_(request.sync_scope),
        received_(request.request_contexts),
        added_(chain.max_message_size) {}

  void at(ServerPoint point, PI::ReplyStatus status) noexcept {
    point_ = point;
    status_ = status;
  }
  void raised(std::string_view repository_id, bool system) {
    point_ = ServerPoint::send_exception;
    status_ = system ? PI::SYSTEM_EXCEPTION : PI::USER_EXCEPTION;
    exception_id_ = repository_id;
  }
  void raised(const CORBA::SystemException& e) { raised(e._rep_id(), true); }
  void forwarded(CORBA::object_reference<CORBA::Object> to) {
    point_ = ServerPoint::send_other;
    status_ = PI::LOCATION_FORWARD;
    forward_ = std::move(to);
  }
  ServerPoint point() const noexcept { return point_; }
  const giop::ServiceContextList& added() const noexcept { return added_.view(); }

  // --- RequestInfo ----------------------------------------------------------------------
  std::uint32_t request_id() override { return request_id_; }
  std::string operation() override { return std::string(request_.operation()); }
  void arguments() override { needs_typecodes("arguments"); }
  void exceptions() override { needs_typecodes("exceptions"); }
  void contexts() override { needs_typecodes("contexts"); }
  void operation_context() override { needs_typecodes("operation_context"); }
  CORBA::Any result() override { needs_typecodes("result"); }
  bool response_expected() override { return request_.response_expected(); }
  std::int16_t sync_scope() override { return sync_scope_; }
  PI::ReplyStatus reply_status() override {
    if (point_ < ServerPoint::send_reply) not_at_this_point("reply_status");
    return status_;
  }
  CORBA::object_reference<CORBA::Object> forward_reference() override {
    if (point_ != ServerPoint::send_other) not_at_this_point("forward_reference");
    return forward_;
  }
  CORBA::Any get_slot(PI::SlotId id) override {
    if (id >= chain_.slots) throw PI::InvalidSlot();
    return {};
  }
  IOP::ServiceContext get_request_service_context(IOP::ServiceId id) override {
    return find_received(&received_, nullptr, id);
  }
  IOP::ServiceContext get_reply_service_context(IOP::ServiceId id) override {
    return find_received(nullptr, &added_, id);
  }

  // --- ServerRequestInfo ----------------------------------------------------------------
  CORBA::Any sending_exception() override { needs_typecodes("sending_exception"); }
  std::string sending_exception_id() override {
    if (point_ != ServerPoint::send_exception) not_at_this_point("sending_exception_id");
    return exception_id_;
  }
  PI::ServerId server_id() override { return {}; }  // -ORBServerId is not an option yet
  PI::ORBId orb_id() override { return chain_.orb_id; }
  std::vector<std::uint8_t> object_id() override {
    const poa::ParsedKey& key = parsed_key("object_id");
    return {key.object_id.begin(), key.object_id.end()};
  }
  // The POA's identity in its keys: the ORB instance, and the POA's place and generation
  // (a PERSISTENT POA's path instead, which outlives the process).
  std::vector<std::uint8_t> adapter_id() override {
    const poa::ParsedKey& key = parsed_key("adapter_id");
    std::vector<std::uint8_t> id;
    if (key.persistent) {
      for (std::string_view name : key.poa_path) {
        id.insert(id.end(), name.begin(), name.end());
        id.push_back('/');
      }
      return id;
    }
    const auto put = [&id](std::uint64_t v, int bytes) {
      for (int i = 0; i < bytes; ++i) id.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    };
    put(key.instance, 8);
    put(key.address.poa_index, 4);
    put(key.address.poa_generation, 4);
    return id;
  }
  std::string target_most_derived_interface() override {
    not_at_this_point("target_most_derived_interface");
  }
  CORBA::object_reference<CORBA::Policy> get_server_policy(CORBA::PolicyType) override {
    return {};
  }
  void set_slot(PI::SlotId id, const CORBA::Any&) override {
    if (id >= chain_.slots) throw PI::InvalidSlot();
  }
  bool target_is_a(const std::string&) override { not_at_this_point("target_is_a"); }
  void add_reply_service_context(const IOP::ServiceContext& context, bool replace) override {
    added_.add(context, replace);
  }

 private:
  const poa::ParsedKey& parsed_key(const char* what) {
    if (!key_ && !poa::parse_key(request_.object_key(), key_.emplace())) {
      key_.reset();
      raise<CORBA::NO_RESOURCES>(no_resources_no_typecodes,
                                 std::string(what) + ": the target is not a POA's object");
    }
    return *key_;
  }

  const ChainFacts& chain_;
  orb::ServerRequest& request_;
  std::uint32_t request_id_;
  std::int16_t sync_scope_;
  const giop::ServiceContextList& received_;
  AddedContexts added_;
  ServerPoint point_ = ServerPoint::receive_contexts;
  PI::ReplyStatus status_ = PI::SUCCESSFUL;
  std::string exception_id_;
  CORBA::object_reference<CORBA::Object> forward_;
  std::optional<poa::ParsedKey> key_;
};

class ServerFlow final : public orb::ServerInterception {
 public:
  ServerFlow(const ChainFacts& chain, const ServerInterceptors& list,
             const orb::ServerRequestFacts& request)
      : list_(list), info_(CORBA::make_reference<ServerInfo>(chain, request)) {}

  void receive_request_service_contexts() override {
    for (const auto& interceptor : list_) {
      if (!run_starting([&] { interceptor->receive_request_service_contexts(info_); })) return;
      ++stacked_;
    }
  }
  void receive_request() override {
    info_->at(ServerPoint::receive_request, PI::SUCCESSFUL);
    for (std::size_t i = 0; i < stacked_; ++i) {
      if (!run_starting([&] { list_[i]->receive_request(info_); })) return;
    }
  }
  void send_reply() override {
    info_->at(ServerPoint::send_reply, PI::SUCCESSFUL);
    finish();
  }
  void send_exception(const CORBA::Exception* e, std::string_view repository_id) override {
    const bool system = e != nullptr && dynamic_cast<const CORBA::SystemException*>(e) != nullptr;
    info_->raised(repository_id, system);
    finish();
  }
  void send_other(const CORBA::object_reference<CORBA::Object>& forward) override {
    info_->forwarded(forward);
    finish();
  }
  const giop::ServiceContextList& reply_contexts() const noexcept override {
    return info_->added();
  }

 private:
  // Runs a starting or intermediate point; when it raises, the ending points of the stack
  // run with what it raised, which is then raised (never returns false otherwise).
  template <class F>
  bool run_starting(F&& point) {
    try {
      point();
      return true;
    } catch (const PI::ForwardRequest& f) {
      info_->forwarded(f.forward());
      finish();
      throw orb::LocationForward{f.forward(), false};
    } catch (const CORBA::SystemException& e) {
      info_->raised(e);
      finish();
      throw;
    }
  }
  void finish() {
    if (ended_) return;
    ended_ = true;
    unwind_flow_stack(list_, stacked_, *info_,
                      [this](PI::ServerRequestInterceptor& i) { run_ending_point(i); });
  }
  void run_ending_point(PI::ServerRequestInterceptor& interceptor) {
    switch (info_->point()) {
      case ServerPoint::send_exception:
        interceptor.send_exception(info_);
        return;
      case ServerPoint::send_other:
        interceptor.send_other(info_);
        return;
      default:
        interceptor.send_reply(info_);
        return;
    }
  }

  const ServerInterceptors& list_;
  CORBA::object_reference<ServerInfo> info_;
  std::size_t stacked_ = 0;
  bool ended_ = false;
};

}  // namespace

std::unique_ptr<orb::ServerInterception> make_server_flow(const ChainFacts& facts,
                                                          const ServerInterceptors& list,
                                                          const orb::ServerRequestFacts& request) {
  return std::make_unique<ServerFlow>(facts, list, request);
}

}  // namespace rtorb::interceptors
