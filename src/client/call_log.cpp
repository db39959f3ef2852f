// Building and writing a call's log line, off the call path's inline code.
#include "client/call_log.hpp"

#include <rtorb/corba/exception.hpp>

#include <cstdio>
#include <memory>
#include <string>

#include "client/invocation_state.hpp"
#include "client/object_core.hpp"
#include "giop/message_codec.hpp"
#include "giop/system_exception_body.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::orb {
namespace {

// "SYSTEM_EXCEPTION TIMEOUT minor 0x52540702" for an exception named by its id or name.
std::string system_exception_outcome(std::string_view name, std::uint32_t minor) {
  constexpr std::string_view prefix = "IDL:omg.org/CORBA/";
  if (name.starts_with(prefix)) name = name.substr(prefix.size(), name.rfind(':') - prefix.size());
  char code[16];
  std::snprintf(code, sizeof code, "0x%08x", minor);
  return "SYSTEM_EXCEPTION " + std::string(name) + " minor " + code;
}

}  // namespace

void CallLog::replied(const InvocationState& call) const noexcept { write(call, "NO_EXCEPTION"); }

void CallLog::raised(const InvocationState& call, const CORBA::UserException& e) const noexcept {
  try {
    write(call, std::string("USER_EXCEPTION ") + e._rep_id());
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

void CallLog::raised(const InvocationState& call, const CORBA::SystemException& e) const noexcept {
  try {
    write(call, system_exception_outcome(e._name(), e.minor()));
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

std::shared_ptr<AsyncCallLog> AsyncCallLog::sent(const Logger& log, const InvocationState& call,
                                                 const Target& target, std::uint32_t request_id,
                                                 std::shared_ptr<AsyncCallLog> kept) noexcept {
  if (!kept && !log.enabled(LogCategory::calls)) return nullptr;
  try {
    if (!kept) kept = std::make_shared<AsyncCallLog>(log);
    kept->head_ = "call " + std::to_string(request_id) + " to " +
                  transport::format_endpoint(target.endpoint) + ": '" +
                  std::string(call.operation) + "' key " +
                  printable_key(target.profile.object_key) + ": ";
  } catch (...) {
    // std::bad_alloc: the line goes without a head (or is lost)
  }
  return kept;
}

void AsyncCallLog::replied(const giop::Message& reply) const noexcept {
  try {
    const auto status = reply.get<giop::ReplyHeader>()->reply_status;
    std::string outcome(giop::to_string(status));
    if (status == giop::ReplyStatus::user_exception) {
      cdr::InputStream body = giop::body_stream(reply);
      outcome += " " + std::string(body.read_string_view());
    } else if (status == giop::ReplyStatus::system_exception) {
      cdr::InputStream body = giop::body_stream(reply);
      const auto e = giop::read_system_exception(body);
      outcome = system_exception_outcome(e.exception_id, e.minor);
    }
    write(outcome);
  } catch (...) {
    write("(unreadable reply)");
  }
}

void AsyncCallLog::failed(const CORBA::SystemException& e) const noexcept {
  try {
    write(system_exception_outcome(e._name(), e.minor()));
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

void AsyncCallLog::write(std::string_view outcome) const noexcept {
  try {
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::steady_clock::now() - started_)
                            .count();
    log_.write_line(head_ + std::string(outcome) + " (" + std::to_string(micros) +
                    " us, asynchronous)");
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

}  // namespace rtorb::orb
