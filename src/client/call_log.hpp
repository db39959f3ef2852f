// The client's line for one call (docs/logging.md), at -ORBDebugLevel 5 or with
// -ORBLogCategories calls: operation, target endpoint, request id, reply status, the
// exception's name and minor code, time. CallLog is made for every synchronous call; off,
// that is one relaxed load and a branch, and nothing else. AsyncCallLog is made for an
// asynchronous call (AMI, polling, coroutines) only when the line is wanted.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/logger.hpp"
#include "server/request_log.hpp"

namespace CORBA {
class SystemException;
class UserException;
}  // namespace CORBA

namespace rtorb::giop {
struct Message;
}  // namespace rtorb::giop

namespace rtorb::orb {

class InvocationState;
struct Target;

class CallLog {
 public:
  explicit CallLog(const Logger& log) noexcept : log_(log), on_(log.enabled(LogCategory::calls)) {
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

// One asynchronous call's line, kept with its pending reply and written when the outcome
// reaches the handler: the reply (on the thread that read it), a timeout or a failure.
class AsyncCallLog {
 public:
  // A new line for `call`'s request `request_id` to `target` if calls are logged (else
  // null), or `kept` renamed for the request sent again after a forward.
  static std::shared_ptr<AsyncCallLog> sent(const Logger& log, const InvocationState& call,
                                            const Target& target, std::uint32_t request_id,
                                            std::shared_ptr<AsyncCallLog> kept) noexcept;
  explicit AsyncCallLog(const Logger& log) noexcept
      : log_(log), started_(std::chrono::steady_clock::now()) {}

  // The outcome, written as the line (each never throws).
  void replied(const giop::Message& reply) const noexcept;
  void failed(const CORBA::SystemException& e) const noexcept;

 private:
  void write(std::string_view outcome) const noexcept;

  const Logger& log_;
  std::chrono::steady_clock::time_point started_;
  std::string head_;  // "call N to iiop://host:port: 'op' key ...: "
};

}  // namespace rtorb::orb
