// AMI callbacks' implied IDL (CORBA 3.x, Messaging 22.7): for each interface I that asks
// for them (#pragma ami I, or every interface of the main file with rtorb-idl --ami), the
// reply handler interface AMI_<I>Handler beside I, and the sendc_ operations the back end
// writes on I's stub (InterfaceDecl::ami_operations).
#pragma once

#include "frontend/diagnostics.hpp"
#include "frontend/frontend.hpp"

namespace rtorb::idl {

// Adds the handlers to the checked tree of `spec` (after parse_idl, without errors).
// Messaging::ReplyHandler and Messaging::ExceptionHolder come from the IDL compiled if it
// declares them, else they are declared as if #included from the runtime's
// <rtorb/messaging/reply_handler.hpp> (ami_runtime_header), which the back end includes.
void add_implied_ami(Specification& spec, bool all_interfaces, DiagnosticSink& sink);

// The file name the synthesised Messaging declarations carry.
inline constexpr const char* ami_runtime_header = "<rtorb/messaging/reply_handler.hpp>";

}  // namespace rtorb::idl
