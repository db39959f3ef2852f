// The body of a SYSTEM_EXCEPTION reply (CORBA 3.x, 15.4.3.2): repository id, minor code,
// completion status.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/exception.hpp>

#include <cstdint>
#include <string>

namespace rtorb::giop {

struct SystemExceptionBody {
  std::string exception_id;  // "IDL:omg.org/CORBA/MARSHAL:1.0"
  std::uint32_t minor = 0;
  CORBA::CompletionStatus completed = CORBA::CompletionStatus::COMPLETED_NO;
  friend bool operator==(const SystemExceptionBody&, const SystemExceptionBody&) = default;
};

SystemExceptionBody to_body(const CORBA::SystemException& e);
void write_system_exception(cdr::OutputStream& os, const SystemExceptionBody& body);
// Raises MARSHAL marshal_bad_enum for a completion status beyond COMPLETED_MAYBE.
SystemExceptionBody read_system_exception(cdr::InputStream& is);
// Throws the standard exception the body names; an id that is not a standard system
// exception raises CORBA::UNKNOWN with the same minor code and completion.
[[noreturn]] void raise_system_exception(const SystemExceptionBody& body);

}  // namespace rtorb::giop
