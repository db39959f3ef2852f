// AMI callbacks (CORBA Messaging, 22.6 and 22.11; IDL to C++11 mapping): the ReplyHandler
// every generated AMI_<I>Handler derives from, and the ExceptionHolder its _excep
// operations receive. rtorb-idl --ami (or `#pragma ami I`) generates, for interface I,
// AMI_<I>Handler and the stub operations sendc_<op>; docs/messaging.md, "AMI", explains the
// design.
//
//   class CubeHandler : public CORBA::servant_traits<AMI_CubitHandler>::base_type {
//     void cube_long(int32_t ami_return_val) override { ... }
//     void cube_long_excep(IDL::traits<Messaging::ExceptionHolder>::ref_type h) override {
//       try { h->raise_exception(); } catch (const CORBA::TIMEOUT&) { ... }
//     }
//   };
//   cubit->sendc_cube_long(handler_reference, 3);   // returns once the request is written
//   orb->run();                                      // replies reach the handler here
#pragma once

#include <rtorb/idl/types.hpp>
#include <rtorb/messaging/exception_holder.hpp>
#include <rtorb/orb/async_reply.hpp>
#include <rtorb/orb/direct_call.hpp>
#include <rtorb/orb/invocation.hpp>

#include <memory>
#include <string>

namespace Messaging {

// Messaging::ReplyHandler: the base of every AMI_<I>Handler (an empty interface).
class ReplyHandler : public virtual ::CORBA::Object {
 protected:
  ReplyHandler() = default;
  bool rtorb_is_a_known(const std::string& repository_id) const override {
    return repository_id == "IDL:omg.org/Messaging/ReplyHandler:1.0" ||
           repository_id == "IDL:omg.org/CORBA/Object:1.0";
  }

 private:
  friend struct ::rtorb::orb::ProxyAccess;
  explicit ReplyHandler(std::shared_ptr<::rtorb::orb::ObjectCore> core)
      : ::CORBA::Object(std::move(core)) {}
};

// What a servant of ReplyHandler implements: nothing of its own.
class rtorb_upcall_ReplyHandler : public virtual ::rtorb::orb::DirectUpcall {
 protected:
  rtorb_upcall_ReplyHandler() = default;
};

}  // namespace Messaging

namespace rtorb::typecodes::Messaging {
const ::rtorb::cdr::TypeCodeRef& ReplyHandler_tc();
}  // namespace rtorb::typecodes::Messaging

namespace IDL {

template <>
struct traits<::Messaging::ReplyHandler> {
  using ref_type = ::CORBA::object_reference<::Messaging::ReplyHandler>;
  using weak_ref_type = ::CORBA::weak_object_reference<::Messaging::ReplyHandler>;
  static constexpr const char* repository_id = "IDL:omg.org/Messaging/ReplyHandler:1.0";
  static const ::CORBA::typecode_reference& type_code() {
    return ::rtorb::typecodes::Messaging::ReplyHandler_tc();
  }
  static ref_type narrow(::CORBA::object_reference<::CORBA::Object> object) {
    return ::rtorb::detail::narrow_reference<::Messaging::ReplyHandler>(object, repository_id);
  }
};

}  // namespace IDL
