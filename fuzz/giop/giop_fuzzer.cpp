// Fuzzes the GIOP decoder: frame a stream of messages, decode each, and feed each through the
// FragmentAssembler, decoding whatever it completes. Only CORBA system exceptions may escape
// the library; anything else (a crash, a std exception, a sanitizer report) is a bug.
#include "giop/fragments.hpp"
#include "giop/message_codec.hpp"
#include "giop/system_exception_body.hpp"

#include <rtorb/corba/exception.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace {

using namespace rtorb::giop;

void decode_all_bodies(const Message& m) {
  if (const auto* r = m.get<ReplyHeader>(); r && r->reply_status == ReplyStatus::system_exception) {
    auto body = body_stream(m);
    read_system_exception(body);
  }
}

void feed(std::span<const std::uint8_t> bytes, HeaderMode mode) {
  FragmentAssembler assembler(AssemblerLimits{1 << 20, 4 << 20});
  DecodeOptions options;
  options.mode = mode;
  options.limits.max_message_size = 1 << 20;
  while (!bytes.empty()) {
    const FrameStatus frame = frame_message(bytes, mode, options.limits);
    if (!frame.complete) return;
    const auto one = bytes.first(frame.bytes);
    bytes = bytes.subspan(frame.bytes);
    try {
      decode_all_bodies(decode_message(one, options));
    } catch (const CORBA::SystemException&) {
    }
    if (mode == HeaderMode::lite) continue;
    try {
      const auto done = assembler.add(one);
      if (done.complete) decode_all_bodies(decode_message(done.message, options));
    } catch (const CORBA::SystemException&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  // The first byte picks the header mode, so one corpus covers both.
  const HeaderMode mode = size > 0 && data[0] == 0xff ? HeaderMode::lite : HeaderMode::standard;
  try {
    feed(mode == HeaderMode::lite ? bytes.subspan(1) : bytes, mode);
  } catch (const CORBA::SystemException&) {
  }
  return 0;
}
