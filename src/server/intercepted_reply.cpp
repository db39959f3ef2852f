// The server side's helpers for Portable Interceptors: reading and moving a written reply.
#include "server/intercepted_reply.hpp"

#include <cstring>

namespace rtorb::orb {

std::int16_t sync_scope_of(giop::ResponseFlags flags) noexcept {
  switch (flags) {
    case giop::ResponseFlags::sync_none:
      return 0;
    case giop::ResponseFlags::sync_with_server:
      return 2;
    default:
      return 3;
  }
}

std::string user_exception_id_of(const cdr::OutputStream& reply, const giop::MessageStart& start) {
  const std::vector<std::uint8_t> bytes = reply.to_bytes();
  // The string's length is aligned to 4 from the message's first byte.
  std::size_t at = (start.body_start - start.start + 3) / 4 * 4;
  std::uint32_t length = 0;
  if (at + 4 > bytes.size()) return {};
  std::memcpy(&length, bytes.data() + at, 4);
  at += 4;
  if (length == 0 || at + length > bytes.size()) return {};
  return std::string(reinterpret_cast<const char*>(bytes.data() + at), length - 1);
}

ReplySnapshot snapshot_reply(const cdr::OutputStream& reply, const giop::MessageStart& start) {
  return {reply.to_bytes(), start.body_start - start.start, start};
}

bool put_body_back(cdr::OutputStream& reply, giop::MessageStart& now, const ReplySnapshot& before) {
  if ((now.body_start - now.start) % 8 != before.body_at % 8) {
    reply.reset();
    reply.write_raw(before.bytes.data(), before.bytes.size());
    now = before.start;
    return false;
  }
  reply.write_raw(before.bytes.data() + before.body_at, before.bytes.size() - before.body_at);
  return true;
}

}  // namespace rtorb::orb
