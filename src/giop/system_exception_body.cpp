// SYSTEM_EXCEPTION reply bodies, and turning one back into the exception it names.
#include "giop/system_exception_body.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>

namespace rtorb::giop {

SystemExceptionBody to_body(const CORBA::SystemException& e) {
  return {e._rep_id(), e.minor(), e.completed()};
}

void write_system_exception(cdr::OutputStream& os, const SystemExceptionBody& body) {
  os.write_string(body.exception_id);
  os.write_ulong(body.minor);
  os.write_ulong(static_cast<std::uint32_t>(body.completed));
}

SystemExceptionBody read_system_exception(cdr::InputStream& is) {
  SystemExceptionBody body;
  body.exception_id = is.read_string();
  body.minor = is.read_ulong();
  const std::uint32_t completed = is.read_ulong();
  if (completed > static_cast<std::uint32_t>(CORBA::CompletionStatus::COMPLETED_MAYBE)) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_enum,
                          "completion status " + std::to_string(completed) + " in " +
                              body.exception_id);
  }
  body.completed = static_cast<CORBA::CompletionStatus>(completed);
  return body;
}

void raise_system_exception(const SystemExceptionBody& body) {
  const std::string detail = "raised by the peer";
#define RTORB_RAISE_IF_NAMED(NAME)                                  \
  if (body.exception_id == "IDL:omg.org/CORBA/" #NAME ":1.0") {     \
    raise<CORBA::NAME>(body.minor, detail, body.completed);         \
  }
  RTORB_SYSTEM_EXCEPTIONS(RTORB_RAISE_IF_NAMED)
#undef RTORB_RAISE_IF_NAMED
  raise<CORBA::UNKNOWN>(body.minor, "peer raised unknown system exception " + body.exception_id,
                        body.completed);
}

}  // namespace rtorb::giop
