// Building and writing a twoway call's log line, off the call path's inline code.
#include "client/call_log.hpp"

#include <rtorb/corba/exception.hpp>

#include <cstdio>
#include <memory>
#include <string>

#include "client/invocation_state.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::orb {

void CallLog::replied(const InvocationState& call) const noexcept { write(call, "NO_EXCEPTION"); }

void CallLog::raised(const InvocationState& call, const CORBA::UserException& e) const noexcept {
  try {
    write(call, std::string("USER_EXCEPTION ") + e._rep_id());
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

void CallLog::raised(const InvocationState& call, const CORBA::SystemException& e) const noexcept {
  char minor[16];
  std::snprintf(minor, sizeof minor, "0x%08x", e.minor());
  try {
    write(call, std::string("SYSTEM_EXCEPTION ") + e._name() + " minor " + minor);
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

void CallLog::write(const InvocationState& call, std::string_view outcome) const noexcept {
  try {
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::steady_clock::now() - started_)
                            .count();
    std::shared_ptr<const Target> hold;
    const Target& target = call.core->target(hold);
    std::string line = "call " + std::to_string(call.request_id) + " to " +
                       transport::format_endpoint(target.endpoint) + ": '" +
                       std::string(call.operation) + "' key " +
                       printable_key(target.profile.object_key) + ": ";
    line += outcome;
    line += " (" + std::to_string(micros) + " us)";
    log_.write_line(line);
  } catch (...) {
    // std::bad_alloc, or no target left to name: not logged
  }
}

}  // namespace rtorb::orb
