// The seam Portable Interceptors plug into (docs/interceptors.md): the client call path
// and the server request path ask the SeamRegistry for a RequestInterception; null (no
// interceptor registered, the default) costs one load and a predictable branch, and no
// call allocates. Set once, by an ORB initializer, before any reference of the ORB exists.
#pragma once

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/orb/server_request.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "giop/service_context.hpp"

namespace rtorb::orb {

// How a reply ended that is neither a result nor an exception (PortableInterceptor's
// ReplyStatus values, which the layer above maps them to).
enum class OtherReply : std::uint8_t {
  successful_oneway,  // a oneway that expects no reply (SYNC_NONE, SYNC_WITH_TRANSPORT)
  location_forward,   // LOCATION_FORWARD(_PERM), or an interceptor's ForwardRequest
  transport_retry,    // the request is sent again (CloseConnection, NEEDS_ADDRESSING_MODE)
};

// One call's interception on the client: made when the call starts, destroyed when it
// ends. Every member may raise: what it raises replaces the call's outcome, after the
// ending points the flow rules ask for have run.
class ClientInterception {
 public:
  virtual ~ClientInterception() = default;
  // Before an attempt's request is written. Raises a system exception, or LocationForward
  // for a ForwardRequest (the call then follows it as a LOCATION_FORWARD).
  virtual void send_request(std::uint32_t request_id) = 0;
  // The contexts the send_request points added, for the attempt's request header; valid
  // until the next send_request.
  virtual const giop::ServiceContextList& request_contexts() const noexcept = 0;
  // The reply carried a result (contexts: the reply's).
  virtual void receive_reply(const giop::ServiceContextList& contexts) = 0;
  // The call raises `e` (the reply's, or one of the client's own: TRANSIENT, TIMEOUT ...).
  // Called inside the handler of `e`; returning means raise `e` as it is.
  virtual void receive_exception(const CORBA::Exception& e,
                                 const giop::ServiceContextList* contexts) = 0;
  // Neither: `forward` is the new target for a location_forward.
  virtual void receive_other(OtherReply what, const giop::ServiceContextList* contexts,
                             const CORBA::object_reference<CORBA::Object>& forward) = 0;
};

// One request's interception on the server, made once the request's key is known.
class ServerInterception {
 public:
  virtual ~ServerInterception() = default;
  // Before the target is looked for.
  virtual void receive_request_service_contexts() = 0;
  // The servant is found; the upcall comes next.
  virtual void receive_request() = 0;
  // The upcall returned a result (or the oneway was served).
  virtual void send_reply() = 0;
  // The request is answered with `e` (repository_id: the user exception's, when `e` is
  // null because the skeleton wrote the exception itself). Called inside the handler of
  // `e` when there is one; returning means answer with it as it is.
  virtual void send_exception(const CORBA::Exception* e, std::string_view repository_id) = 0;
  // Answered with LOCATION_FORWARD.
  virtual void send_other(const CORBA::object_reference<CORBA::Object>& forward) = 0;
  // The contexts the points added to the reply (owned here, alive until the reply is sent).
  virtual const giop::ServiceContextList& reply_contexts() const noexcept = 0;
};

// What a call or request tells the interceptors about itself.
struct ClientCallFacts {
  const CORBA::Object& target;
  std::string_view operation;
  bool response_expected;
  std::int16_t sync_scope;  // Messaging::SyncScope: 0 NONE .. 3 WITH_TARGET
};
struct ServerRequestFacts {
  ServerRequest& request;
  std::uint32_t request_id;
  std::int16_t sync_scope;
  const giop::ServiceContextList& request_contexts;
};

class RequestInterception {
 public:
  virtual ~RequestInterception() = default;
  // Null when no client interceptor is registered.
  virtual std::unique_ptr<ClientInterception> start_call(const ClientCallFacts& call) const = 0;
  // Null when no server interceptor is registered.
  virtual std::unique_ptr<ServerInterception> start_request(
      const ServerRequestFacts& request) const = 0;
};

}  // namespace rtorb::orb
