// Messaging::ReplyHandler (include/rtorb/messaging/reply_handler.hpp, reply_handler_servant.hpp).
#include <rtorb/messaging/reply_handler.hpp>
#include <rtorb/messaging/reply_handler_servant.hpp>

#include <rtorb/cdr/type_code.hpp>

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
