// Messaging::ExceptionHolder (CORBA Messaging, 22.11.2; IDL to C++11 mapping): the valuetype
// an AMI reply handler's _excep operations receive, holding the exception marshaled.
//
//   valuetype ExceptionHolder {
//     void raise_exception() raises (UserExceptionBase);
//     void raise_exception_with_list(in Dynamic::ExceptionList exc_list) raises (...);
//     private boolean is_system_exception;
//     private boolean byte_order;
//     private CORBA::OctetSeq marshaled_exception;
//   };
//
// On the wire it is that value (repository id IDL:omg.org/Messaging/ExceptionHolder:1.0, the
// three members as its state), so a handler served by rtorb takes _excep calls from another
// ORB's AMI and a handler of another ORB takes rtorb's. The messaging layer registers its
// factory with every ORB; docs/messaging.md, "AMI", explains the design.
#pragma once

#include <rtorb/cdr/byte_order.hpp>
#include <rtorb/cdr/type_code.hpp>
#include <rtorb/corba/value_base.hpp>
#include <rtorb/idl/types.hpp>
#include <rtorb/orb/async_reply.hpp>
#include <rtorb/orb/invocation.hpp>
#include <rtorb/orb/value_codec.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace Messaging {
class ExceptionHolder;
}  // namespace Messaging

namespace rtorb::typecodes::Messaging {
const ::rtorb::cdr::TypeCodeRef& ExceptionHolder_tc();
}  // namespace rtorb::typecodes::Messaging

namespace IDL {

template <>
struct traits<::Messaging::ExceptionHolder> {
  using value_type = ::Messaging::ExceptionHolder;
  using base_type = ::Messaging::ExceptionHolder;
  using obv_type = ::Messaging::ExceptionHolder;
  using ref_type = ::CORBA::valuetype_reference<::Messaging::ExceptionHolder>;
  using weak_ref_type = ::CORBA::weak_valuetype_reference<::Messaging::ExceptionHolder>;
  using in_type = const ref_type&;
  using out_type = ref_type&;
  using inout_type = ref_type&;
  using is_bounded = std::false_type;
  using bound = std::integral_constant<std::uint32_t, 0>;
  static constexpr const char* repository_id = "IDL:omg.org/Messaging/ExceptionHolder:1.0";
  static const ::CORBA::typecode_reference& type_code() {
    return ::rtorb::typecodes::Messaging::ExceptionHolder_tc();
  }
  template <class U>
  static ref_type narrow(const ::CORBA::valuetype_reference<U>& value) noexcept {
    return ::rtorb::detail::narrow_value<::Messaging::ExceptionHolder>(value);
  }
};

}  // namespace IDL

namespace Messaging {

// The exception an asynchronous request ended with, marshaled, and raise_exception to throw
// it. A user exception is recognised among those the operation declares (the generated reply
// code and the skeleton of an _excep operation pass them); any other raises UNKNOWN.
//
// `marshaled_exception` is the exception's CDR from its first byte, aligned from there (as
// the spec's sequence<octet> is read). The one exception: a user exception from a GIOP
// 1.0/1.1 reply whose body began off an 8-byte boundary keeps its bytes from the last
// boundary before it (rtorb_start() > 0), since only its own class could re-align it.
class ExceptionHolder : public virtual ::CORBA::ValueBase {
 public:
  using ExceptionList = std::span<const rtorb::orb::UserExceptionEntry>;

  ExceptionHolder() = default;
  // `marshaled_exception` holds the exception from byte `start` on, at an offset that is
  // 8-aligned in CDR terms (as a reply body is).
  ExceptionHolder(bool is_system_exception, bool byte_order,
                  std::vector<std::uint8_t> marshaled_exception, std::size_t start = 0,
                  ExceptionList exceptions = {});
  ExceptionHolder(const ExceptionHolder&) = default;
  ExceptionHolder& operator=(const ExceptionHolder&) = default;
  ~ExceptionHolder() override = default;

  // The holder an AMI reply gives a handler's _excep operation.
  static IDL::traits<ExceptionHolder>::ref_type rtorb_from_reply(
      const rtorb::orb::AsyncReply& reply, ExceptionList exceptions);

  // --- the state members ------------------------------------------------------------
  bool is_system_exception() const noexcept { return is_system_exception_; }
  void is_system_exception(bool v) noexcept { is_system_exception_ = v; }
  // TRUE: little endian (the GIOP flag's meaning).
  bool byte_order() const noexcept { return byte_order_; }
  void byte_order(bool v) noexcept { byte_order_ = v; }
  const std::vector<std::uint8_t>& marshaled_exception() const noexcept { return marshaled_; }
  void marshaled_exception(std::vector<std::uint8_t> v) noexcept {
    marshaled_ = std::move(v);
    start_ = 0;
  }
  std::size_t rtorb_start() const noexcept { return start_; }

  // --- the operations ---------------------------------------------------------------
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

  // --- CORBA::ValueBase -------------------------------------------------------------
  ::CORBA::ValueBase::_ref_type _copy_value() const override;
  static const ::rtorb::cdr::ValueTypeInfo& rtorb_value_info() noexcept;
  static ::CORBA::ValueBase::_ref_type rtorb_create();
  const ::rtorb::cdr::ValueTypeInfo& rtorb_type() const noexcept override {
    return rtorb_value_info();
  }
  // The state in the spec's order: is_system_exception, byte_order, marshaled_exception.
  void rtorb_write_state(::rtorb::cdr::OutputStream& os) const override;
  void rtorb_read_state(::rtorb::cdr::InputStream& is) override;

 private:
  bool is_system_exception_ = false;
  bool byte_order_ = rtorb::cdr::native_byte_order == rtorb::cdr::ByteOrder::little_endian;
  std::vector<std::uint8_t> marshaled_;
  std::size_t start_ = 0;
  ExceptionList exceptions_;

  // Makes marshaled_ start at the exception itself where that keeps its alignment.
  void start_at_exception();
  // raise_exception, taking only the user exceptions in `only` when given.
  [[noreturn]] void raise_from(const std::vector<::CORBA::typecode_reference>* only) const;
};

}  // namespace Messaging
