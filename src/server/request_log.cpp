// Building and writing a request's log line, off the request path's inline code.
#include "server/request_log.hpp"

#include "ior/url_escape.hpp"
#include "server/server_connections.hpp"

namespace rtorb::orb {

std::string printable_key(std::span<const std::uint8_t> key) {
  constexpr std::size_t shown = 96;
  if (key.size() <= shown) return ior::url_escape(key);
  return ior::url_escape(key.first(shown)) + "...(" + std::to_string(key.size()) + " octets)";
}

void RequestLog::start(std::uint32_t request_id, const ReplyChannel& channel) noexcept {
  try {
    started_ = std::chrono::steady_clock::now();
    head_ = "request " + std::to_string(request_id) + " on " + channel.peer();
  } catch (...) {
    // std::bad_alloc: the line says less
  }
}

void RequestLog::system_exception(const CORBA::SystemException& e) noexcept {
  if (!on_) return;
  try {
    exception_ = e.what();
  } catch (...) {
    // std::bad_alloc: the line says less
  }
}

void RequestLog::finish() noexcept {
  const bool failed = status_ == giop::ReplyStatus::system_exception;
  if (!failed && !log_.enabled(log_requests)) return;
  try {
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::steady_clock::now() - started_)
                            .count();
    std::string line = head_ + ": '" + std::string(request_.operation()) + "' key " +
                       printable_key(request_.object_key()) + ": ";
    line += request_.response_expected() ? std::string(giop::to_string(status_))
                                         : std::string("oneway");
    if (failed) line += " " + exception_;
    line += " (" + std::to_string(micros) + " us)";
    log_.write_line(line);
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

}  // namespace rtorb::orb
