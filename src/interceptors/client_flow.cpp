// The client's interception points for one call, with the flow rules of the chapter: the
// send_request points in registration order, each interceptor whose send_request returned
// pushed on the flow stack; exactly one ending point (receive_reply, receive_exception,
// receive_other) for each interceptor on it, last pushed first. An ending point that
// raises changes what the interceptors after it see, and what the call raises.
#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/raise.hpp>

#include <exception>
#include <string>

#include "client/object_core.hpp"
#include "core/object_adapter.hpp"
#include "core/orb_context.hpp"
#include "core/seams/request_interception.hpp"
#include "interceptors/interception_chain.hpp"
#include "interceptors/request_contexts.hpp"
#include "ior/ior_string.hpp"

namespace rtorb::interceptors {
namespace {

namespace PI = PortableInterceptor;

enum class ClientPoint : std::uint8_t { send_request, receive_reply, receive_exception, receive_other };

// The object `reference` names, made by this ORB (only when an interceptor asks for it).
CORBA::object_reference<CORBA::Object> object_for(const orb::ObjectCore& core,
                                                  const ior::ObjectReference& reference) {
  return core.orb()->orb()->string_to_object(ior::to_ior_string(reference));
}

class ClientInfo final : public PI::ClientRequestInfo {
 public:
  ClientInfo(const ChainFacts& chain, const orb::ClientCallFacts& call)
      : chain_(chain),
        target_(call.target),
        operation_(call.operation),
        response_expected_(call.response_expected),
        sync_scope_(call.sync_scope),
        added_(chain.max_message_size) {}

  // --- what the flow sets ---------------------------------------------------------------
  void start_attempt(std::uint32_t id) {
    request_id_ = id;
    point_ = ClientPoint::send_request;
    added_.clear();
    reply_contexts_ = nullptr;
    exception_id_.clear();
    forward_ = {};
  }
  void at(ClientPoint point, PI::ReplyStatus status, const giop::ServiceContextList* contexts) {
    point_ = point;
    status_ = status;
    reply_contexts_ = contexts;
  }
  void raised(const CORBA::Exception& e) {
    status_ = dynamic_cast<const CORBA::SystemException*>(&e) != nullptr ? PI::SYSTEM_EXCEPTION
                                                                          : PI::USER_EXCEPTION;
    exception_id_ = e._rep_id();
    point_ = ClientPoint::receive_exception;
  }
  void forwarded(CORBA::object_reference<CORBA::Object> to) {
    status_ = PI::LOCATION_FORWARD;
    forward_ = std::move(to);
    point_ = ClientPoint::receive_other;
  }
  ClientPoint point() const noexcept { return point_; }
  PI::ReplyStatus status() const noexcept { return status_; }
  const giop::ServiceContextList& added() const noexcept { return added_.view(); }

  // --- RequestInfo ----------------------------------------------------------------------
  std::uint32_t request_id() override { return request_id_; }
  std::string operation() override { return std::string(operation_); }
  void arguments() override { needs_typecodes("arguments"); }
  void exceptions() override { needs_typecodes("exceptions"); }
  void contexts() override { needs_typecodes("contexts"); }
  void operation_context() override { needs_typecodes("operation_context"); }
  CORBA::Any result() override { needs_typecodes("result"); }
  bool response_expected() override { return response_expected_; }
  std::int16_t sync_scope() override { return sync_scope_; }
  PI::ReplyStatus reply_status() override {
    if (point_ == ClientPoint::send_request) not_at_this_point("reply_status");
    return status_;
  }
  CORBA::object_reference<CORBA::Object> forward_reference() override {
    if (point_ != ClientPoint::receive_other || status_ != PI::LOCATION_FORWARD) {
      not_at_this_point("forward_reference");
    }
    return forward_;
  }
  CORBA::Any get_slot(PI::SlotId id) override {
    if (id >= chain_.slots) throw PI::InvalidSlot();
    return {};
  }
  IOP::ServiceContext get_request_service_context(IOP::ServiceId id) override {
    return find_received(nullptr, &added_, id);
  }
  IOP::ServiceContext get_reply_service_context(IOP::ServiceId id) override {
    if (point_ == ClientPoint::send_request) not_at_this_point("get_reply_service_context");
    return find_received(reply_contexts_, nullptr, id);
  }

  // --- ClientRequestInfo ----------------------------------------------------------------
  CORBA::object_reference<CORBA::Object> target() override {
    const auto& core = orb::core_of(target_);
    return object_for(*core, core->reference());
  }
  CORBA::object_reference<CORBA::Object> effective_target() override {
    const auto& core = orb::core_of(target_);
    return object_for(*core, core->target()->reference);
  }
  CORBA::Any received_exception() override { needs_typecodes("received_exception"); }
  std::string received_exception_id() override {
    if (point_ != ClientPoint::receive_exception) not_at_this_point("received_exception_id");
    return exception_id_;
  }
  CORBA::object_reference<CORBA::Policy> get_request_policy(CORBA::PolicyType) override {
    return {};  // the effective policy is read by the call itself; none is exposed yet
  }
  void add_request_service_context(const IOP::ServiceContext& context, bool replace) override {
    if (point_ != ClientPoint::send_request) not_at_this_point("add_request_service_context");
    added_.add(context, replace);
  }

 private:
  const ChainFacts& chain_;
  const CORBA::Object& target_;  // the proxy: it outlives the call
  std::string_view operation_;
  bool response_expected_;
  std::int16_t sync_scope_;
  std::uint32_t request_id_ = 0;
  ClientPoint point_ = ClientPoint::send_request;
  PI::ReplyStatus status_ = PI::SUCCESSFUL;
  AddedContexts added_;
  const giop::ServiceContextList* reply_contexts_ = nullptr;
  std::string exception_id_;
  CORBA::object_reference<CORBA::Object> forward_;
};

class ClientFlow final : public orb::ClientInterception {
 public:
  ClientFlow(const ChainFacts& chain, const ClientInterceptors& list,
             const orb::ClientCallFacts& call)
      : list_(list), info_(CORBA::make_reference<ClientInfo>(chain, call)) {}

  void send_request(std::uint32_t request_id) override {
    info_->start_attempt(request_id);
    stacked_ = 0;
    ended_ = false;
    for (const auto& interceptor : list_) {
      try {
        interceptor->send_request(info_);
      } catch (const PI::ForwardRequest& f) {
        info_->forwarded(f.forward());
        finish();
        throw orb::LocationForward{f.forward(), false};
      } catch (const CORBA::SystemException& e) {
        info_->raised(e);
        finish();
        throw;
      }
      ++stacked_;
    }
  }
  const giop::ServiceContextList& request_contexts() const noexcept override {
    return info_->added();
  }
  void receive_reply(const giop::ServiceContextList& contexts) override {
    info_->at(ClientPoint::receive_reply, PI::SUCCESSFUL, &contexts);
    finish();
  }
  void receive_exception(const CORBA::Exception& e,
                         const giop::ServiceContextList* contexts) override {
    info_->at(ClientPoint::receive_exception, PI::SYSTEM_EXCEPTION, contexts);
    info_->raised(e);
    finish();
  }
  void receive_other(orb::OtherReply what, const giop::ServiceContextList* contexts,
                     const CORBA::object_reference<CORBA::Object>& forward) override {
    const PI::ReplyStatus status = what == orb::OtherReply::location_forward ? PI::LOCATION_FORWARD
                                   : what == orb::OtherReply::transport_retry ? PI::TRANSPORT_RETRY
                                                                              : PI::SUCCESSFUL;
    info_->at(ClientPoint::receive_other, status, contexts);
    if (forward) info_->forwarded(forward);
    finish();
  }

 private:
  void finish() {
    if (ended_) return;
    ended_ = true;
    unwind_flow_stack(list_, stacked_, *info_,
                      [this](PI::ClientRequestInterceptor& i) { run_ending_point(i); });
  }
  void run_ending_point(PI::ClientRequestInterceptor& interceptor) {
    switch (info_->point()) {
      case ClientPoint::send_request:
      case ClientPoint::receive_reply:
        interceptor.receive_reply(info_);
        return;
      case ClientPoint::receive_exception:
        interceptor.receive_exception(info_);
        return;
      case ClientPoint::receive_other:
        interceptor.receive_other(info_);
        return;
    }
  }

  const ClientInterceptors& list_;
  CORBA::object_reference<ClientInfo> info_;
  std::size_t stacked_ = 0;
  bool ended_ = true;
};

}  // namespace

std::unique_ptr<orb::ClientInterception> make_client_flow(const ChainFacts& facts,
                                                          const ClientInterceptors& list,
                                                          const orb::ClientCallFacts& call) {
  return std::make_unique<ClientFlow>(facts, list, call);
}

}  // namespace rtorb::interceptors
