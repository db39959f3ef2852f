// What the server request path needs for Portable Interceptors beyond its hooks
// (docs/interceptors.md): the SyncScope a request's flags say, the repository id of a
// user exception a skeleton wrote, and writing a reply's header again with the contexts
// the sending points added after it was written.
#pragma once

#include <rtorb/cdr/output_stream.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "giop/message_header.hpp"
#include "giop/messages.hpp"

namespace rtorb::orb {

// Messaging::SyncScope as the response flags say (NONE and WITH_TRANSPORT look alike).
std::int16_t sync_scope_of(giop::ResponseFlags flags) noexcept;

// The repository id at the start of the reply body in `reply` (written in this host's
// byte order); empty when the body holds none.
std::string user_exception_id_of(const cdr::OutputStream& reply, const giop::MessageStart& start);

// A reply as written, before its header is written again.
struct ReplySnapshot {
  std::vector<std::uint8_t> bytes;
  std::size_t body_at;
  giop::MessageStart start;
};
ReplySnapshot snapshot_reply(const cdr::OutputStream& reply, const giop::MessageStart& start);
// After a new header has gone into `reply` (starting at `now`): appends the snapshot's body,
// which keeps its alignment only when the body starts at the same offset modulo 8 (always
// in GIOP 1.2). Otherwise puts the snapshot back as it was and returns false.
bool put_body_back(cdr::OutputStream& reply, giop::MessageStart& now, const ReplySnapshot& before);

}  // namespace rtorb::orb
