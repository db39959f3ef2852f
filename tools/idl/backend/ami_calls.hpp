// One asynchronous operation of an interface with AMI, as the writers of the sendc_ stubs
// (ami_writer.cpp) and of the coroutine proxies (coro_writer.cpp) see it.
#pragma once

#include <string>
#include <vector>

#include "backend/code_writer.hpp"
#include "backend/operations.hpp"

namespace rtorb::idl::backend {

// One sendc_ operation with the types it refers to (Operation holds pointers into it), so
// not copyable once made.
struct AmiCall {
  Type handler_type;
  Operation sendc;      // void sendc_op(handler, in and inout arguments as in)
  std::string wire_name;
  std::vector<Argument> results;  // what the reply carries after the return value
  const Type* result = nullptr;
  std::vector<const ExceptionDecl*> raises;
};

AmiCall make_ami_call(const InterfaceDecl& decl, const AmiOperation& ami);
// What an asynchronous call's outcome holds (coro_writer.cpp): "void", the one value, or a
// std::tuple of the return value then the inout and out arguments.
std::string async_value_type(const AmiCall& call);
// The reply function that keeps `ami`'s outcome for a future or a poller.
std::string async_reply_function(const InterfaceDecl& decl, const AmiOperation& ami);
// `static constexpr ::rtorb::orb::UserExceptionEntry exceptions[] = {...};`
void write_exception_table(const std::vector<const ExceptionDecl*>& raises, CodeWriter& w);

}  // namespace rtorb::idl::backend
