// The one way rtorb raises a system exception: rtorb::raise<CORBA::MARSHAL>(minor, "why").
#pragma once

#include <rtorb/base/exception.hpp>

#include <string>

namespace rtorb {

// Out of line at every call site: keeps throw code off hot paths.
template <class E>
[[noreturn, gnu::cold, gnu::noinline]] void raise(
    std::uint32_t minor, std::string detail = {},
    CORBA::CompletionStatus completed = CORBA::CompletionStatus::COMPLETED_NO) {
  throw E(minor, completed, std::move(detail));
}

}  // namespace rtorb
