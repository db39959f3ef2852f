// The log line of one served request (docs/logging.md): at -ORBDebugLevel 5 every request
// (operation, object key, peer, reply status, time), at 3 those answered with a system
// exception. Made for every request; when logging is off that is one relaxed load and a
// branch, and nothing else.
#pragma once

#include <rtorb/cdr/output_stream.hpp>
#include <rtorb/corba/exception.hpp>
#include <rtorb/orb/server_request.hpp>

#include <chrono>
#include <cstdint>
#include <span>
#include <string>

#include "base/logger.hpp"
#include "giop/message_header.hpp"
#include "giop/messages.hpp"

namespace rtorb::orb {

class ReplyChannel;

// Levels of what the ORB logs.
inline constexpr int log_errors = 1;       // endpoints, bad messages
inline constexpr int log_connections = 2;  // connections opened and closed, CloseConnection
inline constexpr int log_exceptions = 3;   // system exceptions sent to peers
inline constexpr int log_requests = 5;     // every request and LocateRequest

class RequestLog {
 public:
  // `request` and `status` (the reply status the request has reached) are read when the
  // line is written, at destruction: both must outlive this.
  // `reply` holds the reply when the line is written (a user exception's name is read
  // from it).
  RequestLog(const Logger& log, const ServerRequest& request, std::uint32_t request_id,
             const giop::ReplyStatus& status, const ReplyChannel& channel,
             const cdr::OutputStream& reply, giop::HeaderMode mode) noexcept
      : log_(log), request_(request), status_(status), reply_(reply), mode_(mode),
        on_(log.enabled(log_exceptions) || log.enabled(log_requests)) {
    if (on_) [[unlikely]] start(request_id, channel);
  }
  RequestLog(const RequestLog&) = delete;
  RequestLog& operator=(const RequestLog&) = delete;
  ~RequestLog() {
    if (on_) [[unlikely]] finish();
  }

  // The exception sent back, for the line (cold: called from catch blocks).
  void system_exception(const CORBA::SystemException& e) noexcept;

 private:
  void start(std::uint32_t request_id, const ReplyChannel& channel) noexcept;
  void finish() noexcept;
  std::string user_exception_name() const noexcept;

  const Logger& log_;
  const ServerRequest& request_;
  const giop::ReplyStatus& status_;
  const cdr::OutputStream& reply_;
  const giop::HeaderMode mode_;
  const bool on_;
  std::chrono::steady_clock::time_point started_;
  std::string head_;       // "request 7 on connection from ..."
  std::string exception_;  // what() of the system exception sent back
};

// The object key for a log line: runs of four or more printable characters (or a key
// that is all printable) as they are, other octets as hex between '<' and '>'
// (RTok<01000002>RootPOA<00>...), cut after 48 octets with the key's size.
std::string printable_key(std::span<const std::uint8_t> key);

}  // namespace rtorb::orb
