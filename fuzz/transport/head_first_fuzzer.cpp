// Fuzzes a large message taken head first (Connection::receive_message_head): the stream is
// written into a socket by another thread, the reader decodes the header from what has
// arrived and reads the body as the input's program says, so sequences are received straight
// into vectors, streams go back over the gaps that leaves, and the peer closes inside the
// message. Only CORBA system exceptions may escape; a crash, a hang or a sanitizer report is
// a bug.
//
// Input: a 4-byte preamble, then the bytes to send.
//   [0]   program: each pair of bits, low first, is one read (see read_step)
//   [1]   bit 0: receive with a timeout instead of blocking; bit 1: a second message
//         follows; bits 2-7: how far to stretch the first message (x 16 KiB of 0x01 bytes
//         appended and its message_size raised to match, so that its sequences are long)
//   [2-3] bytes to send of the stretched message before the peer closes (x 256; 0: all)
#include <sys/socket.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <rtorb/cdr/codec.hpp>
#include <rtorb/corba/exception.hpp>
#include <thread>
#include <vector>

#include "giop/message_codec.hpp"
#include "transport/connection.hpp"

namespace {

using namespace rtorb;

constexpr std::size_t stretch_unit = 16 * 1024;

void read_step(cdr::InputStream& body, const cdr::InputStream& start, unsigned step) {
  switch (step) {
    case 0: {
      std::vector<std::int32_t> longs;
      cdr::read_sequence(body, longs);
      break;
    }
    case 1: {
      std::vector<std::uint8_t> octets;
      cdr::read_sequence(body, octets);
      break;
    }
    case 2:
      body.read_long();
      body.read_string_view();
      break;
    case 3: {
      cdr::InputStream again = start;  // back over whatever went into vectors
      std::vector<std::int64_t> longs;
      cdr::read_sequence(again, longs);
      break;
    }
  }
}

void read_message(transport::Connection& c, std::chrono::milliseconds timeout,
                  std::uint8_t program) {
  giop::DecodeOptions options;
  options.limits.max_message_size = 4 << 20;
  const auto message = c.receive_message_head(timeout);
  const giop::Message m = giop::decode_message(message, options, c.rest());
  const cdr::InputStream start = giop::body_stream(m);
  cdr::InputStream body = start;
  for (int i = 0; i < 4; ++i) read_step(body, start, (program >> (2 * i)) & 3u);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 4 + giop::header_size) return 0;
  const std::uint8_t program = data[0];
  const bool bounded = (data[1] & 1) != 0;
  const bool second = (data[1] & 2) != 0;
  const std::size_t stretch = static_cast<std::size_t>(data[1] >> 2) * stretch_unit;
  const std::size_t cut = (std::size_t{data[2]} | std::size_t{data[3]} << 8) * 256;
  std::vector<std::uint8_t> stream(data + 4, data + size);
  if (stretch > 0) {
    // message_size (in the header's own byte order) grows by `stretch`, and as many bytes
    // go in where the message ended.
    std::uint32_t declared = 0;
    std::memcpy(&declared, stream.data() + 8, 4);
    const bool swap = (stream[6] & 1) != (std::endian::native == std::endian::little);
    if (swap) declared = __builtin_bswap32(declared);
    const std::size_t end = std::min(stream.size(), std::size_t{giop::header_size} + declared);
    std::uint32_t longer = declared + static_cast<std::uint32_t>(stretch);
    if (swap) longer = __builtin_bswap32(longer);
    std::memcpy(stream.data() + 8, &longer, 4);
    stream.insert(stream.begin() + static_cast<std::ptrdiff_t>(end), stretch, 0x01);
  }
  if (second) stream.insert(stream.end(), data + 4, data + size);
  if (cut > 0 && cut < stream.size()) stream.resize(cut);

  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return 0;
  transport::Connection reader{transport::Socket(fds[0])};
  transport::Socket writer_end(fds[1]);
  std::thread writer([&] {
    std::size_t sent = 0;
    while (sent < stream.size()) {
      const ssize_t n = ::send(writer_end.fd(), stream.data() + sent, stream.size() - sent,
                               MSG_NOSIGNAL);
      if (n <= 0) break;  // the reader closed: the rest is not wanted
      sent += static_cast<std::size_t>(n);
    }
    ::shutdown(writer_end.fd(), SHUT_WR);
  });
  const auto timeout = bounded ? std::chrono::milliseconds(2000) : transport::Connection::forever;
  for (int i = 0; i < 2; ++i) {
    try {
      read_message(reader, timeout, program);
    } catch (const CORBA::SystemException&) {
    }
    if (reader.closed()) break;
  }
  reader.close();  // a writer still sending gets EPIPE
  writer.join();
  return 0;
}
