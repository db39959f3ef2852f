// Messaging::ExceptionHolder (include/rtorb/messaging/exception_holder.hpp): raising the
// exception it holds, and its state as a value.
#include <rtorb/cdr/codec.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>
#include <rtorb/messaging/exception_holder.hpp>

#include <algorithm>

#include "giop/system_exception_body.hpp"

namespace Messaging {

using rtorb::cdr::ByteOrder;

ExceptionHolder::ExceptionHolder(bool is_system_exception, bool byte_order,
                                 std::vector<std::uint8_t> marshaled_exception, std::size_t start,
                                 ExceptionList exceptions)
    : is_system_exception_(is_system_exception),
      byte_order_(byte_order),
      marshaled_(std::move(marshaled_exception)),
      start_(start),
      exceptions_(exceptions) {
  start_at_exception();
}

IDL::traits<ExceptionHolder>::ref_type ExceptionHolder::rtorb_from_reply(
    const rtorb::orb::AsyncReply& reply, ExceptionList exceptions) {
  const auto bytes = reply.exception_bytes();
  const std::size_t start = std::min(reply.exception_start(), bytes.size());
  // Only from the last 8-byte boundary before the exception: what precedes it is the reply
  // header, which the holder does not need.
  const std::size_t from = start - start % 8;
  return CORBA::make_reference<ExceptionHolder>(
      reply.kind() == rtorb::orb::AsyncReply::Kind::system_exception,
      reply.byte_order() == ByteOrder::little_endian,
      std::vector<std::uint8_t>(bytes.begin() + static_cast<std::ptrdiff_t>(from), bytes.end()),
      start - from, exceptions);
}

void ExceptionHolder::start_at_exception() {
  if (start_ == 0) return;
  if (start_ > marshaled_.size()) return;  // raise_exception reports it
  const std::size_t boundary = start_ - start_ % 8;
  marshaled_.erase(marshaled_.begin(), marshaled_.begin() + static_cast<std::ptrdiff_t>(boundary));
  start_ -= boundary;
  if (start_ == 0 || !is_system_exception_) return;
  // A system exception off an 8-byte boundary (a GIOP 1.0/1.1 reply): marshal it again from
  // byte 0, so the bytes read the same wherever they are put.
  rtorb::cdr::InputStream is(marshaled_, byte_order_ ? ByteOrder::little_endian : ByteOrder::big_endian);
  is.skip(start_);
  const auto body = rtorb::giop::read_system_exception(is);
  rtorb::cdr::OutputStream os;
  rtorb::giop::write_system_exception(os, body);
  marshaled_ = os.to_bytes();
  byte_order_ = rtorb::cdr::native_byte_order == ByteOrder::little_endian;
  start_ = 0;
}

void ExceptionHolder::raise_exception() const { raise_from(nullptr); }

void ExceptionHolder::raise_exception_with_list(
    const std::vector<::CORBA::typecode_reference>& exc_list) const {
  raise_from(&exc_list);
}

void ExceptionHolder::raise_from(const std::vector<::CORBA::typecode_reference>* only) const {
  if (start_ > marshaled_.size()) {
    rtorb::raise<CORBA::MARSHAL>(rtorb::minor::marshal_bad_message,
                                 "ExceptionHolder: the exception starts past its bytes");
  }
  rtorb::cdr::InputStream is(marshaled_,
                             byte_order_ ? ByteOrder::little_endian : ByteOrder::big_endian);
  is.skip(start_);
  if (is_system_exception_) {
    rtorb::giop::raise_system_exception(rtorb::giop::read_system_exception(is));
  }
  rtorb::cdr::InputStream peek = is;
  const std::string_view id = peek.read_string_view();
  const bool listed = only == nullptr || std::any_of(only->begin(), only->end(), [id](const auto& tc) {
                        return tc && tc->kind() == rtorb::cdr::TCKind::tk_except && tc->id() == id;
                      });
  if (listed) {
    for (const auto& entry : exceptions_) {
      if (id == entry.repository_id) entry.raise(is);
    }
  }
  rtorb::raise<CORBA::UNKNOWN>(rtorb::minor::unknown_user_exception,
                               std::string(listed ? "user exception not declared: "
                                                  : "user exception not in the list: ") +
                                   std::string(id),
                               CORBA::CompletionStatus::COMPLETED_YES);
}

// --- the value --------------------------------------------------------------------------

CORBA::ValueBase::_ref_type ExceptionHolder::_copy_value() const {
  return CORBA::make_reference<ExceptionHolder>(*this);
}

const rtorb::cdr::ValueTypeInfo& ExceptionHolder::rtorb_value_info() noexcept {
  static const rtorb::cdr::ValueTypeInfo info{IDL::traits<ExceptionHolder>::repository_id};
  return info;
}

CORBA::ValueBase::_ref_type ExceptionHolder::rtorb_create() {
  return CORBA::make_reference<ExceptionHolder>();
}

void ExceptionHolder::rtorb_write_state(rtorb::cdr::OutputStream& os) const {
  os.write_boolean(is_system_exception_);
  os.write_boolean(byte_order_);
  // From the exception's first byte (see the class comment for rtorb_start() > 0).
  const std::size_t from = std::min(start_, marshaled_.size());
  os.write_ulong(static_cast<std::uint32_t>(marshaled_.size() - from));
  os.write_array_copy(marshaled_.data() + from, marshaled_.size() - from);
}

void ExceptionHolder::rtorb_read_state(rtorb::cdr::InputStream& is) {
  rtorb::cdr::value_member_boundary(is);
  is_system_exception_ = rtorb::cdr::read<bool>(is);
  rtorb::cdr::value_member_boundary(is);
  byte_order_ = rtorb::cdr::read<bool>(is);
  rtorb::cdr::value_member_boundary(is);
  rtorb::cdr::Codec<std::vector<std::uint8_t>>::read(is, marshaled_);
  start_ = 0;
}

}  // namespace Messaging

namespace rtorb::typecodes::Messaging {

const ::rtorb::cdr::TypeCodeRef& ExceptionHolder_tc() {
  using ::rtorb::cdr::TCKind;
  using ::rtorb::cdr::TypeCode;
  static const ::rtorb::cdr::TypeCodeRef tc = TypeCode::value(
      TCKind::tk_value, "IDL:omg.org/Messaging/ExceptionHolder:1.0", "ExceptionHolder", 0, nullptr,
      {{"is_system_exception", TypeCode::basic(TCKind::tk_boolean), 0, 0},
       {"byte_order", TypeCode::basic(TCKind::tk_boolean), 0, 0},
       {"marshaled_exception", TypeCode::sequence(TypeCode::basic(TCKind::tk_octet)), 0, 0}});
  return tc;
}

}  // namespace rtorb::typecodes::Messaging
