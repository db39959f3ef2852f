// Portable Interceptors (CORBA 3.x, chapter "Portable Interceptors"), modules IOP (service
// contexts) and PortableInterceptor, in the IDL to C++11 mapping: ORB initializers and the
// request interceptors with their request information. Register an ORBInitializer before
// ORB_init; the interceptors it adds are fixed once ORB_init returns. docs/interceptors.md
// explains the design, the flow rules and what is not here yet (PICurrent, IOR
// interceptors, Codec).
//
//   class Tracer : public PortableInterceptor::ClientRequestInterceptor { ... };
//   class Init : public PortableInterceptor::ORBInitializer {
//     void pre_init(IDL::traits<PortableInterceptor::ORBInitInfo>::ref_type) override {}
//     void post_init(IDL::traits<PortableInterceptor::ORBInitInfo>::ref_type info) override {
//       info->add_client_request_interceptor(CORBA::make_reference<Tracer>());
//     }
//   };
//   PortableInterceptor::register_orb_initializer(CORBA::make_reference<Init>());
//   auto orb = CORBA::ORB_init(argc, argv);
#pragma once

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/object.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/orb.hpp>
#include <rtorb/corba/policy.hpp>
#include <rtorb/poa/local_traits.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace IOP {

using ServiceId = std::uint32_t;

// struct ServiceContext { ServiceId context_id; sequence<octet> context_data; };
// context_data is usually a CDR encapsulation (byte-order octet first).
class ServiceContext {
 public:
  ServiceContext() = default;
  ServiceContext(ServiceId context_id, std::vector<std::uint8_t> context_data)
      : context_id_(context_id), context_data_(std::move(context_data)) {}
  ServiceId context_id() const noexcept { return context_id_; }
  void context_id(ServiceId id) noexcept { context_id_ = id; }
  const std::vector<std::uint8_t>& context_data() const noexcept { return context_data_; }
  std::vector<std::uint8_t>& context_data() noexcept { return context_data_; }
  void context_data(std::vector<std::uint8_t> data) { context_data_ = std::move(data); }

 private:
  ServiceId context_id_ = 0;
  std::vector<std::uint8_t> context_data_;
};

}  // namespace IOP

namespace PortableInterceptor {

using ReplyStatus = std::int16_t;
inline constexpr ReplyStatus SUCCESSFUL = 0;
inline constexpr ReplyStatus SYSTEM_EXCEPTION = 1;
inline constexpr ReplyStatus USER_EXCEPTION = 2;
inline constexpr ReplyStatus LOCATION_FORWARD = 3;
inline constexpr ReplyStatus TRANSPORT_RETRY = 5;
inline constexpr ReplyStatus UNKNOWN = 6;

using SlotId = std::uint32_t;
using ORBId = std::string;
using ServerId = std::string;

// Raised by an interception point to send the request to `forward` instead.
class ForwardRequest : public CORBA::UserException {
 public:
  ForwardRequest() = default;
  explicit ForwardRequest(CORBA::object_reference<CORBA::Object> forward)
      : forward_(std::move(forward)) {}
  const CORBA::object_reference<CORBA::Object>& forward() const noexcept { return forward_; }
  void forward(CORBA::object_reference<CORBA::Object> f) { forward_ = std::move(f); }
  const char* _name() const noexcept override { return "ForwardRequest"; }
  const char* _rep_id() const noexcept override {
    return "IDL:omg.org/PortableInterceptor/ForwardRequest:1.0";
  }
  const char* what() const noexcept override { return _rep_id(); }

 private:
  CORBA::object_reference<CORBA::Object> forward_;
};

class InvalidSlot : public CORBA::UserException {
 public:
  const char* _name() const noexcept override { return "InvalidSlot"; }
  const char* _rep_id() const noexcept override {
    return "IDL:omg.org/PortableInterceptor/InvalidSlot:1.0";
  }
  const char* what() const noexcept override { return _rep_id(); }
};

class Interceptor : public virtual CORBA::LocalObject {
 public:
  // Two interceptors of one kind may not share a non-empty name (DuplicateName).
  virtual std::string name() = 0;
  // Called when the ORB is destroyed.
  virtual void destroy() {}
};

// What every interception point may read of its request. An attribute not available at
// a point raises BAD_INV_ORDER (OMG minor 14); arguments, exceptions, contexts,
// operation_context and result raise NO_RESOURCES (OMG minor 1): the compiled stubs and
// skeletons carry no typecodes.
class RequestInfo : public virtual CORBA::LocalObject {
 public:
  virtual std::uint32_t request_id() = 0;
  virtual std::string operation() = 0;
  virtual void arguments() = 0;
  virtual void exceptions() = 0;
  virtual void contexts() = 0;
  virtual void operation_context() = 0;
  virtual CORBA::Any result() = 0;
  virtual bool response_expected() = 0;
  virtual std::int16_t sync_scope() = 0;  // Messaging::SyncScope
  virtual ReplyStatus reply_status() = 0;
  virtual CORBA::object_reference<CORBA::Object> forward_reference() = 0;
  // The slot's value; an empty Any while no PICurrent is kept. Raises InvalidSlot for a
  // slot allocate_slot_id did not give.
  virtual CORBA::Any get_slot(SlotId id) = 0;
  // Raise BAD_PARAM (OMG minor 26) when the request or reply has no context `id`.
  virtual IOP::ServiceContext get_request_service_context(IOP::ServiceId id) = 0;
  virtual IOP::ServiceContext get_reply_service_context(IOP::ServiceId id) = 0;
};

class ClientRequestInfo : public virtual RequestInfo {
 public:
  virtual CORBA::object_reference<CORBA::Object> target() = 0;
  virtual CORBA::object_reference<CORBA::Object> effective_target() = 0;
  virtual CORBA::Any received_exception() = 0;  // NO_RESOURCES: no typecodes
  virtual std::string received_exception_id() = 0;
  virtual CORBA::object_reference<CORBA::Policy> get_request_policy(CORBA::PolicyType type) = 0;
  // `replace` false and a context `id` there already: BAD_INV_ORDER (OMG minor 15).
  virtual void add_request_service_context(const IOP::ServiceContext& service_context,
                                           bool replace) = 0;
};

class ServerRequestInfo : public virtual RequestInfo {
 public:
  virtual CORBA::Any sending_exception() = 0;  // NO_RESOURCES: no typecodes
  virtual std::string sending_exception_id() = 0;  // rtorb: the repository id being sent
  virtual ServerId server_id() = 0;
  virtual ORBId orb_id() = 0;
  virtual std::vector<std::uint8_t> object_id() = 0;
  virtual std::vector<std::uint8_t> adapter_id() = 0;
  virtual std::string target_most_derived_interface() = 0;
  virtual CORBA::object_reference<CORBA::Policy> get_server_policy(CORBA::PolicyType type) = 0;
  virtual void set_slot(SlotId id, const CORBA::Any& data) = 0;
  virtual bool target_is_a(const std::string& id) = 0;
  virtual void add_reply_service_context(const IOP::ServiceContext& service_context,
                                         bool replace) = 0;
};

class ClientRequestInterceptor : public virtual Interceptor {
 public:
  using Info = CORBA::object_reference<ClientRequestInfo>;
  virtual void send_request(Info ri) = 0;
  virtual void send_poll(Info ri) = 0;  // time-independent invocations: not yet called
  virtual void receive_reply(Info ri) = 0;
  virtual void receive_exception(Info ri) = 0;
  virtual void receive_other(Info ri) = 0;
};

class ServerRequestInterceptor : public virtual Interceptor {
 public:
  using Info = CORBA::object_reference<ServerRequestInfo>;
  virtual void receive_request_service_contexts(Info ri) = 0;
  virtual void receive_request(Info ri) = 0;
  virtual void send_reply(Info ri) = 0;
  virtual void send_exception(Info ri) = 0;
  virtual void send_other(Info ri) = 0;
};

class ORBInitInfo : public virtual CORBA::LocalObject {
 public:
  using ObjectId = std::string;
  class DuplicateName : public CORBA::UserException {
   public:
    DuplicateName() = default;
    explicit DuplicateName(std::string name) : name_(std::move(name)) {}
    const std::string& name() const noexcept { return name_; }
    const char* _name() const noexcept override { return "DuplicateName"; }
    const char* _rep_id() const noexcept override {
      return "IDL:omg.org/PortableInterceptor/ORBInitInfo/DuplicateName:1.0";
    }
    const char* what() const noexcept override { return _rep_id(); }

   private:
    std::string name_;
  };
  class InvalidName : public CORBA::UserException {
   public:
    const char* _name() const noexcept override { return "InvalidName"; }
    const char* _rep_id() const noexcept override {
      return "IDL:omg.org/PortableInterceptor/ORBInitInfo/InvalidName:1.0";
    }
    const char* what() const noexcept override { return _rep_id(); }
  };

  // The arguments ORB_init left to the program (its -ORB options taken out).
  virtual std::vector<std::string> arguments() = 0;
  virtual std::string orb_id() = 0;
  // Raises InvalidName for an empty id or one registered already.
  virtual void register_initial_reference(const ObjectId& id,
                                          CORBA::object_reference<CORBA::Object> obj) = 0;
  // Raises InvalidName for an id with no reference (in pre_init: only those registered).
  virtual CORBA::object_reference<CORBA::Object> resolve_initial_references(const ObjectId& id) = 0;
  virtual void add_client_request_interceptor(
      CORBA::object_reference<ClientRequestInterceptor> interceptor) = 0;
  virtual void add_server_request_interceptor(
      CORBA::object_reference<ServerRequestInterceptor> interceptor) = 0;
  virtual SlotId allocate_slot_id() = 0;
};

class ORBInitializer : public virtual CORBA::LocalObject {
 public:
  virtual void pre_init(CORBA::object_reference<ORBInitInfo> info) = 0;
  virtual void post_init(CORBA::object_reference<ORBInitInfo> info) = 0;
};

// Every ORB that ORB_init creates after this call runs `init` (pre_init before the ORB's
// own initial references are there, post_init after). Raises BAD_PARAM for a nil one. The
// program must link rtorb::interceptors (rtorb::rtorb does).
void register_orb_initializer(CORBA::object_reference<ORBInitializer> init);

}  // namespace PortableInterceptor

RTORB_POA_LOCAL_TRAITS(PortableInterceptor::Interceptor,
                       "IDL:omg.org/PortableInterceptor/Interceptor:1.0")
RTORB_POA_LOCAL_TRAITS(PortableInterceptor::RequestInfo,
                       "IDL:omg.org/PortableInterceptor/RequestInfo:1.0")
RTORB_POA_LOCAL_TRAITS(PortableInterceptor::ClientRequestInfo,
                       "IDL:omg.org/PortableInterceptor/ClientRequestInfo:1.0")
RTORB_POA_LOCAL_TRAITS(PortableInterceptor::ServerRequestInfo,
                       "IDL:omg.org/PortableInterceptor/ServerRequestInfo:1.0")
RTORB_POA_LOCAL_TRAITS(PortableInterceptor::ClientRequestInterceptor,
                       "IDL:omg.org/PortableInterceptor/ClientRequestInterceptor:1.0")
RTORB_POA_LOCAL_TRAITS(PortableInterceptor::ServerRequestInterceptor,
                       "IDL:omg.org/PortableInterceptor/ServerRequestInterceptor:1.0")
RTORB_POA_LOCAL_TRAITS(PortableInterceptor::ORBInitInfo,
                       "IDL:omg.org/PortableInterceptor/ORBInitInfo:1.0")
RTORB_POA_LOCAL_TRAITS(PortableInterceptor::ORBInitializer,
                       "IDL:omg.org/PortableInterceptor/ORBInitializer:1.0")
