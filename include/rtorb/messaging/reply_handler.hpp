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

#include <rtorb/cdr/byte_order.hpp>
#include <rtorb/idl/types.hpp>
#include <rtorb/orb/async_reply.hpp>
#include <rtorb/orb/direct_call.hpp>
#include <rtorb/orb/invocation.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace Messaging {

class ExceptionHolder;

}  // namespace Messaging

namespace IDL {

// ExceptionHolder is a valuetype in the spec; until rtorb has value types its reference
// is a shared_ptr (a valuetype_reference can take its place with the same use: ->, nil).
template <>
struct traits<::Messaging::ExceptionHolder> {
  using value_type = ::Messaging::ExceptionHolder;
  using ref_type = std::shared_ptr<::Messaging::ExceptionHolder>;
  static constexpr const char* repository_id = "IDL:omg.org/Messaging/ExceptionHolder:1.0";
};

}  // namespace IDL

namespace Messaging {

// The exception an asynchronous request ended with, marshaled: the state members of the
// spec's valuetype (is_system_exception, byte_order, marshaled_exception), and
// raise_exception to throw it. A user exception is recognised among those the operation
// declares (the generated reply code passes them); any other raises UNKNOWN.
class ExceptionHolder {
 public:
  using ExceptionList = std::span<const rtorb::orb::UserExceptionEntry>;

  ExceptionHolder() = default;
  // `marshaled_exception` holds the exception from byte `start` on, at an offset that is
  // 8-aligned in CDR terms (as a reply body is).
  ExceptionHolder(bool is_system_exception, bool byte_order,
                  std::vector<std::uint8_t> marshaled_exception, std::size_t start = 0,
                  ExceptionList exceptions = {});

  // The holder an AMI reply gives a handler's _excep operation.
  static IDL::traits<ExceptionHolder>::ref_type rtorb_from_reply(
      const rtorb::orb::AsyncReply& reply, ExceptionList exceptions);

  bool is_system_exception() const noexcept { return is_system_exception_; }
  void is_system_exception(bool v) noexcept { is_system_exception_ = v; }
  // TRUE: little endian (the GIOP flag's meaning).
  bool byte_order() const noexcept { return byte_order_; }
  void byte_order(bool v) noexcept { byte_order_ = v; }
  const std::vector<std::uint8_t>& marshaled_exception() const noexcept { return marshaled_; }
  std::size_t rtorb_start() const noexcept { return start_; }

  // Throws the exception: a system exception as the standard type it names (UNKNOWN for
  // another id), a user exception as its C++ class if the operation declares it, else
  // CORBA::UNKNOWN unknown_user_exception. MARSHAL if the bytes are not an exception.
  [[noreturn]] void raise_exception() const;
  // The spec's raise_exception_with_list (its Dynamic::ExceptionList: the TypeCodes of the
  // user exceptions the caller is ready for): a user exception whose TypeCode is not in
  // `exc_list` raises CORBA::UNKNOWN unknown_user_exception; otherwise as raise_exception.
  [[noreturn]] void raise_exception_with_list(
      const std::vector<::CORBA::typecode_reference>& exc_list) const;
  // Which user exceptions raise_exception recognises (the generated skeleton of an _excep
  // operation sets them for a holder that came over the wire).
  void rtorb_exceptions(ExceptionList exceptions) noexcept { exceptions_ = exceptions; }

 private:
  bool is_system_exception_ = false;
  bool byte_order_ = rtorb::cdr::native_byte_order == rtorb::cdr::ByteOrder::little_endian;
  std::vector<std::uint8_t> marshaled_;
  std::size_t start_ = 0;
  ExceptionList exceptions_;

  // raise_exception, taking only the user exceptions in `only` when given.
  [[noreturn]] void raise_from(const std::vector<::CORBA::typecode_reference>* only) const;
};

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

namespace rtorb::cdr {

// Until value types exist: the three state members as a struct would carry them (boolean,
// boolean, sequence<octet>), without a valuetype header; so only rtorb peers read it. A
// nil holder is written as an empty system exception and read back as such.
template <>
struct Codec<std::shared_ptr<::Messaging::ExceptionHolder>> {
  static constexpr std::size_t min_size = 6;
  static void write(OutputStream& os, const std::shared_ptr<::Messaging::ExceptionHolder>& v);
  static void read(InputStream& is, std::shared_ptr<::Messaging::ExceptionHolder>& v);
};

}  // namespace rtorb::cdr
