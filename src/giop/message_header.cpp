// GIOP header decoding and framing: the first thing that touches bytes from a peer.
#include "giop/message_header.hpp"

#include "base/hex.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <cstring>
#include <string>

namespace rtorb::giop {
namespace {

constexpr std::uint8_t magic[4] = {'G', 'I', 'O', 'P'};
using detail::flag_little_endian;
using detail::flag_more_fragments;
using detail::load_ulong;

std::string hex_byte(std::uint8_t b) {
  std::string text = "0x";
  append_hex(text, b);
  return text;
}

bool known_version(std::uint8_t major, std::uint8_t minor) noexcept {
  return major == 1 && minor <= 2;
}

void require_header_bytes(std::span<const std::uint8_t> bytes, std::size_t need) {
  if (bytes.size() < need) {
    raise<CORBA::MARSHAL>(minor::marshal_truncated,
                          "GIOP header needs " + std::to_string(need) + " bytes, " +
                              std::to_string(bytes.size()) + " present");
  }
}

MsgType checked_type(std::uint8_t raw, Version version) {
  const std::uint8_t last = version.minor == 0 ? 6 : 7;  // Fragment is new in 1.1
  if (raw > last) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_giop_header,
                          "unknown GIOP " + std::to_string(version.major) + "." +
                              std::to_string(version.minor) + " message type " +
                              std::to_string(raw));
  }
  return static_cast<MsgType>(raw);
}

void check_flags(std::uint8_t flags, Version version) {
  // 1.0 has a byte_order boolean; 1.1 and 1.2 use bits 0 and 1 and leave the rest zero.
  const std::uint8_t allowed =
      version.minor == 0 ? flag_little_endian : flag_little_endian | flag_more_fragments;
  if ((flags & ~allowed) != 0) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_giop_header,
                          "GIOP " + std::to_string(version.major) + "." +
                              std::to_string(version.minor) + " flags " + hex_byte(flags) +
                              " has undefined bits set");
  }
}

void check_size(const MessageHeader& header, const MessageLimits& limits) {
  if (header.message_size > limits.max_message_size) {
    raise<CORBA::IMP_LIMIT>(minor::imp_limit_message_too_large,
                            "message_size " + std::to_string(header.message_size) +
                                " exceeds the limit " + std::to_string(limits.max_message_size));
  }
}

MessageHeader decode_standard(std::span<const std::uint8_t> bytes) {
  require_header_bytes(bytes, header_size);
  if (std::memcmp(bytes.data(), magic, sizeof magic) != 0) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_giop_header,
                          "bad magic " + hex_byte(bytes[0]) + " " + hex_byte(bytes[1]) + " " +
                              hex_byte(bytes[2]) + " " + hex_byte(bytes[3]) +
                              " (expected \"GIOP\")");
  }
  if (!known_version(bytes[4], bytes[5])) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_giop_header,
                          "unsupported GIOP version " + std::to_string(bytes[4]) + "." +
                              std::to_string(bytes[5]) + " (rtorb speaks 1.0, 1.1, 1.2)");
  }
  MessageHeader h;
  h.version = {bytes[4], bytes[5]};
  check_flags(bytes[6], h.version);
  h.byte_order = (bytes[6] & flag_little_endian) != 0 ? cdr::ByteOrder::little_endian
                                                      : cdr::ByteOrder::big_endian;
  h.more_fragments = (bytes[6] & flag_more_fragments) != 0;
  h.type = checked_type(bytes[7], h.version);
  h.message_size = load_ulong(bytes.data() + 8, h.byte_order);
  return h;
}

// GIOPlite: both peers share a byte order, so the size is native; the dialect is 1.2.
MessageHeader decode_lite(std::span<const std::uint8_t> bytes) {
  require_header_bytes(bytes, lite_header_size);
  MessageHeader h;
  h.mode = HeaderMode::lite;
  h.message_size = load_ulong(bytes.data(), cdr::native_byte_order);
  h.type = checked_type(bytes[4], h.version);
  if (h.type == MsgType::fragment) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_giop_header, "GIOPlite has no Fragment messages");
  }
  return h;
}

}  // namespace

std::string_view to_string(MsgType type) noexcept {
  switch (type) {
    case MsgType::request: return "Request";
    case MsgType::reply: return "Reply";
    case MsgType::cancel_request: return "CancelRequest";
    case MsgType::locate_request: return "LocateRequest";
    case MsgType::locate_reply: return "LocateReply";
    case MsgType::close_connection: return "CloseConnection";
    case MsgType::message_error: return "MessageError";
    case MsgType::fragment: return "Fragment";
  }
  return "unknown";
}

namespace detail {

MessageHeader decode_header_general(std::span<const std::uint8_t> bytes, HeaderMode mode,
                                    const MessageLimits& limits) {
  MessageHeader h = mode == HeaderMode::lite ? decode_lite(bytes) : decode_standard(bytes);
  check_size(h, limits);
  return h;
}

FrameStatus frame_message_general(std::span<const std::uint8_t> bytes, HeaderMode mode,
                                  const MessageLimits& limits) {
  const std::size_t header = mode == HeaderMode::lite ? lite_header_size : header_size;
  // Check what a partial header already shows, so garbage is refused at once.
  if (mode == HeaderMode::standard && bytes.size() < header) {
    const std::size_t n = bytes.size() < sizeof magic ? bytes.size() : sizeof magic;
    if (n > 0 && std::memcmp(bytes.data(), magic, n) != 0) decode_standard(bytes.first(n));
  }
  if (bytes.size() < header) return {false, header - bytes.size()};
  const MessageHeader h = decode_header_general(bytes, mode, limits);
  if (bytes.size() < h.total_size()) return {false, h.total_size() - bytes.size()};
  return {true, h.total_size()};
}

}  // namespace detail

MessageStart begin_message(cdr::OutputStream& os, Format format, MsgType type,
                           bool more_fragments) {
  MessageStart start{{}, os.position(), format.lite() ? lite_header_size : header_size};
  if (format.lite()) {
    start.size_slot = os.reserve_ulong();
    os.write_octet(static_cast<std::uint8_t>(type));
    return start;
  }
  os.write_raw(magic, sizeof magic);
  os.write_octet(format.version.major);
  os.write_octet(format.version.minor);
  std::uint8_t flags = static_cast<std::uint8_t>(cdr::native_byte_order);
  if (more_fragments && format.version.minor >= 1) flags |= flag_more_fragments;
  os.write_octet(flags);
  os.write_octet(static_cast<std::uint8_t>(type));
  start.size_slot = os.reserve_ulong();
  return start;
}

void end_message(cdr::OutputStream& os, const MessageStart& start) noexcept {
  if (start.body_start > start.unpadded_end && os.position() == start.body_start) {
    os.truncate(start.unpadded_end);
  }
  const std::size_t body = os.position() - start.start - start.header;
  cdr::OutputStream::patch_ulong(start.size_slot, static_cast<std::uint32_t>(body));
}

std::array<std::uint8_t, header_size> message_error_reply(std::span<const std::uint8_t> received) {
  Version v = giop_1_2;
  if (received.size() >= 6 && known_version(received[4], received[5])) {
    v = {received[4], received[5]};
  }
  return {'G', 'I', 'O', 'P', v.major, v.minor, static_cast<std::uint8_t>(cdr::native_byte_order),
          static_cast<std::uint8_t>(MsgType::message_error), 0, 0, 0, 0};
}

}  // namespace rtorb::giop
