// Messaging::ExceptionHolder and ReplyHandler (include/rtorb/messaging/reply_handler.hpp,
// reply_handler_servant.hpp).
#include <rtorb/messaging/reply_handler.hpp>
#include <rtorb/messaging/reply_handler_servant.hpp>

#include <rtorb/cdr/type_code.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

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
      exceptions_(exceptions) {}

IDL::traits<ExceptionHolder>::ref_type ExceptionHolder::rtorb_from_reply(
    const rtorb::orb::AsyncReply& reply, ExceptionList exceptions) {
  const auto bytes = reply.exception_bytes();
  return std::make_shared<ExceptionHolder>(
      reply.kind() == rtorb::orb::AsyncReply::Kind::system_exception,
      reply.byte_order() == ByteOrder::little_endian,
      std::vector<std::uint8_t>(bytes.begin(), bytes.end()), reply.exception_start(), exceptions);
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

}  // namespace Messaging

namespace rtorb::typecodes::Messaging {

const ::rtorb::cdr::TypeCodeRef& ReplyHandler_tc() {
  using ::rtorb::cdr::TCKind;
  using ::rtorb::cdr::TypeCode;
  static const ::rtorb::cdr::TypeCodeRef tc = TypeCode::interface(
      TCKind::tk_objref, "IDL:omg.org/Messaging/ReplyHandler:1.0", "ReplyHandler");
  return tc;
}

}  // namespace rtorb::typecodes::Messaging

namespace POA::Messaging {

::CORBA::object_reference<::Messaging::ReplyHandler> ReplyHandler::_this() {
  return ::rtorb::orb::ProxyAccess::make<::Messaging::ReplyHandler>(
      ::rtorb::orb::core_of(*rtorb_this()));
}

bool ReplyHandler::_is_a(const std::string& repository_id) {
  return repository_id == "IDL:omg.org/Messaging/ReplyHandler:1.0" ||
         repository_id == "IDL:omg.org/CORBA/Object:1.0";
}

const char* ReplyHandler::rtorb_repository_id() const {
  return "IDL:omg.org/Messaging/ReplyHandler:1.0";
}

void ReplyHandler::rtorb_dispatch(::rtorb::orb::ServerRequest& request) {
  ::PortableServer::Servant::rtorb_dispatch(request);
}

}  // namespace POA::Messaging

namespace rtorb::cdr {

void Codec<std::shared_ptr<::Messaging::ExceptionHolder>>::write(
    OutputStream& os, const std::shared_ptr<::Messaging::ExceptionHolder>& v) {
  if (!v) {
    os.write_boolean(true);
    os.write_boolean(native_byte_order == ByteOrder::little_endian);
    os.write_ulong(0);
    return;
  }
  os.write_boolean(v->is_system_exception());
  os.write_boolean(v->byte_order());
  // From the exception's 8-aligned start: what precedes it is alignment the reader redoes.
  const auto& bytes = v->marshaled_exception();
  const std::size_t from = v->rtorb_start() - v->rtorb_start() % 8;
  os.write_ulong(static_cast<std::uint32_t>(bytes.size() - from + 1));
  os.write_octet(static_cast<std::uint8_t>(v->rtorb_start() - from));
  for (std::size_t i = from; i < bytes.size(); ++i) os.write_octet(bytes[i]);
}

void Codec<std::shared_ptr<::Messaging::ExceptionHolder>>::read(
    InputStream& is, std::shared_ptr<::Messaging::ExceptionHolder>& v) {
  const bool system = is.read_boolean();
  const bool order = is.read_boolean();
  std::vector<std::uint8_t> octets;
  Codec<std::vector<std::uint8_t>>::read(is, octets);
  std::size_t start = 0;
  if (!octets.empty()) {
    start = octets.front();
    octets.erase(octets.begin());
  }
  v = std::make_shared<::Messaging::ExceptionHolder>(system, order, std::move(octets), start);
}

}  // namespace rtorb::cdr
