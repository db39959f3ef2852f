// Building and writing a request's log line, off the request path's inline code.
#include "server/request_log.hpp"

#include <algorithm>
#include <vector>

#include "giop/message_codec.hpp"
#include "server/server_connections.hpp"

namespace rtorb::orb {

namespace {

bool printable(std::uint8_t octet) noexcept {
  // '<' and '>' are hex too, so in a line they always bracket hex.
  return octet > 0x20 && octet < 0x7f && octet != '<' && octet != '>';
}

// Whether the octets from `at` are a run of printable ones worth showing as text: four or
// more (fewer, among binary octets, are more likely numbers than names), or the whole key.
std::size_t text_run(std::span<const std::uint8_t> key, std::size_t at) noexcept {
  std::size_t end = at;
  while (end < key.size() && printable(key[end])) ++end;
  const std::size_t length = end - at;
  return length >= 4 || length == key.size() ? length : 0;
}

}  // namespace

std::string printable_key(std::span<const std::uint8_t> key) {
  constexpr std::size_t shown = 48;
  constexpr char digits[] = "0123456789abcdef";
  const std::span<const std::uint8_t> head = key.first(std::min(key.size(), shown));
  std::string out;
  bool in_hex = false;
  for (std::size_t at = 0; at < head.size();) {
    if (const std::size_t run = text_run(head, at); run > 0) {
      if (in_hex) out += '>';
      in_hex = false;
      out.append(reinterpret_cast<const char*>(head.data() + at), run);
      at += run;
      continue;
    }
    if (!in_hex) out += '<';
    in_hex = true;
    out += digits[head[at] >> 4];
    out += digits[head[at] & 0xf];
    ++at;
  }
  if (in_hex) out += '>';
  if (key.size() > shown) out += "...(" + std::to_string(key.size()) + " octets)";
  return out;
}

namespace {

// The repository id a user exception reply begins with (what the skeleton wrote).
std::string user_exception_id(const cdr::OutputStream& reply, giop::HeaderMode mode) {
  const std::vector<std::uint8_t> bytes = reply.to_bytes();
  giop::DecodeOptions options;
  options.mode = mode;
  const giop::Message message = giop::decode_message(bytes, options);
  cdr::InputStream body = giop::body_stream(message);
  return std::string(body.read_string_view());
}

}  // namespace

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

std::string RequestLog::user_exception_name() const noexcept {
  try {
    return user_exception_id(reply_, mode_);
  } catch (...) {
    return "(unreadable)";  // a reply the skeleton left short, or std::bad_alloc
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
    if (status_ == giop::ReplyStatus::user_exception) line += " " + user_exception_name();
    line += " (" + std::to_string(micros) + " us)";
    log_.write_line(line);
  } catch (...) {
    // std::bad_alloc: not logged
  }
}

}  // namespace rtorb::orb
