// The GIOP message header (CORBA 3.x, 15.4.1), its GIOPlite form, and framing for a transport.
#pragma once

#include <rtorb/cdr/byte_order.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

namespace rtorb::giop {

struct Version {
  std::uint8_t major = 1;
  std::uint8_t minor = 2;
  friend bool operator==(const Version&, const Version&) = default;
};

inline constexpr Version giop_1_0{1, 0};
inline constexpr Version giop_1_1{1, 1};
inline constexpr Version giop_1_2{1, 2};

// GIOP::MsgType_1_1 values; Fragment exists from 1.1 on.
enum class MsgType : std::uint8_t {
  request = 0,
  reply = 1,
  cancel_request = 2,
  locate_request = 3,
  locate_reply = 4,
  close_connection = 5,
  message_error = 6,
  fragment = 7,
};

std::string_view to_string(MsgType type) noexcept;

// How a connection frames its messages. GIOPlite (the principle-patterns paper, Table 2)
// drops magic, version and flags from the header, and service context and principal from
// Request; both peers must agree on it out of band (same ORB, same byte order). It is off
// unless a connection turns it on.
enum class HeaderMode : std::uint8_t { standard, lite };

// What a connection agreed on: the GIOP version it sends and its header mode. Converts
// from Version so `encode_request(os, giop_1_2, ...)` reads naturally.
struct Format {
  Version version = giop_1_2;
  HeaderMode mode = HeaderMode::standard;
  constexpr Format() = default;
  constexpr Format(Version v, HeaderMode m = HeaderMode::standard) noexcept  // NOLINT
      : version(v), mode(m) {}
  constexpr bool lite() const noexcept { return mode == HeaderMode::lite; }
};

inline constexpr std::size_t header_size = 12;      // standard header
inline constexpr std::size_t lite_header_size = 5;  // message_size (ulong) + message_type (octet)

// The decoded 12-byte header (or its lite form: version 1.2, native byte order).
struct MessageHeader {
  Version version = giop_1_2;
  cdr::ByteOrder byte_order = cdr::native_byte_order;
  bool more_fragments = false;
  MsgType type = MsgType::request;
  std::uint32_t message_size = 0;  // bytes after the header
  HeaderMode mode = HeaderMode::standard;

  std::size_t header_length() const noexcept {
    return mode == HeaderMode::lite ? lite_header_size : header_size;
  }
  std::size_t total_size() const noexcept { return header_length() + message_size; }
};

// Bounds applied to anything a peer sends before memory is committed to it.
struct MessageLimits {
  std::uint32_t max_message_size = 64 * 1024 * 1024;  // body bytes of one (reassembled) message
};

// Decodes the header at the start of `bytes` (at least header_length() bytes).
// Raises MARSHAL marshal_truncated if too short; MARSHAL marshal_bad_giop_header for a wrong
// magic, a version other than 1.0-1.2, bad flags, or an unknown message type (a transport
// answers these with MessageError, see message_error_reply); IMP_LIMIT
// imp_limit_message_too_large when message_size exceeds limits.max_message_size.
inline MessageHeader decode_header(std::span<const std::uint8_t> bytes,
                                  HeaderMode mode = HeaderMode::standard,
                                  const MessageLimits& limits = {});

// Framing for non-blocking reads: given the bytes received so far, how many more are
// needed for the first message, or the size of that complete message. Header errors raise
// as in decode_header.
struct FrameStatus {
  bool complete = false;
  std::size_t bytes = 0;  // complete: total message size; else: more bytes needed (> 0)
};
inline FrameStatus frame_message(std::span<const std::uint8_t> bytes,
                                HeaderMode mode = HeaderMode::standard,
                                const MessageLimits& limits = {});

// Inline fast paths (every message is framed, then decoded, on both sides of a call): the
// header of nearly every message is GIOP 1.1 or 1.2 with defined flag bits and a known
// type, told by a few compares; the out-of-line general paths check everything else one
// by one and explain what is wrong.
namespace detail {
inline constexpr std::uint8_t flag_little_endian = 0x01;
inline constexpr std::uint8_t flag_more_fragments = 0x02;

// The magic as one word (whatever the host's byte order): one compare instead of four, on
// a check made twice per message (framing, then decoding).
inline constexpr std::uint32_t magic_word =
    std::bit_cast<std::uint32_t>(std::array<std::uint8_t, 4>{'G', 'I', 'O', 'P'});
inline bool well_formed_1_1_or_1_2(const std::uint8_t* p) noexcept {
  std::uint32_t magic;
  std::memcpy(&magic, p, sizeof magic);
  return magic == magic_word && p[4] == 1 && static_cast<std::uint8_t>(p[5] - 1) <= 1 &&
         (p[6] & ~(flag_little_endian | flag_more_fragments)) == 0 && p[7] <= 7;
}
inline cdr::ByteOrder byte_order_of(std::uint8_t flags) noexcept {
  return (flags & flag_little_endian) != 0 ? cdr::ByteOrder::little_endian
                                           : cdr::ByteOrder::big_endian;
}
// A ulong at `p` (any alignment) sent in `order`.
inline std::uint32_t load_ulong(const std::uint8_t* p, cdr::ByteOrder order) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return order == cdr::native_byte_order ? v : cdr::byte_swap(v);
}
inline std::uint32_t message_size_of(const std::uint8_t* p) noexcept {
  return load_ulong(p + 8, byte_order_of(p[6]));
}
MessageHeader decode_header_general(std::span<const std::uint8_t> bytes, HeaderMode mode,
                                    const MessageLimits& limits);
FrameStatus frame_message_general(std::span<const std::uint8_t> bytes, HeaderMode mode,
                                  const MessageLimits& limits);
}  // namespace detail

inline MessageHeader decode_header(std::span<const std::uint8_t> bytes, HeaderMode mode,
                                   const MessageLimits& limits) {
  if (mode == HeaderMode::standard && bytes.size() >= header_size &&
      detail::well_formed_1_1_or_1_2(bytes.data())) [[likely]] {
    MessageHeader h;
    h.version = {1, bytes[5]};
    h.byte_order = detail::byte_order_of(bytes[6]);
    h.more_fragments = (bytes[6] & detail::flag_more_fragments) != 0;
    h.type = static_cast<MsgType>(bytes[7]);
    h.message_size = detail::message_size_of(bytes.data());
    if (h.message_size <= limits.max_message_size) [[likely]] return h;
  }
  return detail::decode_header_general(bytes, mode, limits);
}

inline FrameStatus frame_message(std::span<const std::uint8_t> bytes, HeaderMode mode,
                                 const MessageLimits& limits) {
  if (mode == HeaderMode::standard && bytes.size() >= header_size &&
      detail::well_formed_1_1_or_1_2(bytes.data())) [[likely]] {
    const std::uint32_t size = detail::message_size_of(bytes.data());
    if (size <= limits.max_message_size) [[likely]] {
      const std::size_t total = header_size + std::size_t{size};
      if (bytes.size() < total) return {false, total - bytes.size()};
      return {true, total};
    }
  }
  // Nothing read yet: what a blocking reader sees before each message.
  if (bytes.empty()) return {false, mode == HeaderMode::lite ? lite_header_size : header_size};
  return detail::frame_message_general(bytes, mode, limits);
}

// Writes a header whose message_size is patched by end_message(); returns where.
struct MessageStart {
  cdr::OutputStream::UlongSlot size_slot;
  std::size_t start;   // stream position of the first header byte
  std::size_t header;  // header length
  // GIOP 1.2 aligns a Request/Reply/LocateReply body to 8, but only when a body follows:
  // end_message() drops the padding from unpadded_end to body_start if nothing came after
  // it (omniORB rejects a padded LocateReply with no body as a protocol error).
  std::size_t unpadded_end = 0;
  std::size_t body_start = 0;
};
MessageStart begin_message(cdr::OutputStream& os, Format format, MsgType type,
                           bool more_fragments = false);
// Patches message_size with the bytes written since the header.
void end_message(cdr::OutputStream& os, const MessageStart& start) noexcept;

// A MessageError for a peer whose header could not be accepted. `received` is whatever
// header bytes arrived (possibly fewer than 12); the reply uses the received version when
// it is one we speak and otherwise the highest we speak (1.2), as the spec asks.
std::array<std::uint8_t, header_size> message_error_reply(std::span<const std::uint8_t> received);

}  // namespace rtorb::giop
