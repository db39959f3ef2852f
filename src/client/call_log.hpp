// The client's line for one twoway call (docs/logging.md), at -ORBDebugLevel 5: operation,
// target endpoint, request id, reply status, the exception's name and minor code, time.
// Made for every call; off, that is one relaxed load and a branch, and nothing else.
#pragma once

#include <chrono>
#include <string_view>

#include "base/logger.hpp"
#include "server/request_log.hpp"

namespace CORBA {
class SystemException;
class UserException;
}  // namespace CORBA

namespace rtorb::orb {

class InvocationState;

class CallLog {
 public:
  explicit CallLog(const Logger& log) noexcept : log_(log), on_(log.enabled(log_requests)) {
    if (on_) [[unlikely]] started_ = std::chrono::steady_clock::now();
  }
  CallLog(const CallLog&) = delete;
  CallLog& operator=(const CallLog&) = delete;

  bool on() const noexcept { return on_; }

  // The call's outcome, written as its line (cold: only when on()).
  void replied(const InvocationState& call) const noexcept;
  void raised(const InvocationState& call, const CORBA::UserException& e) const noexcept;
  void raised(const InvocationState& call, const CORBA::SystemException& e) const noexcept;

 private:
  void write(const InvocationState& call, std::string_view outcome) const noexcept;

  const Logger& log_;
  const bool on_;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace rtorb::orb
