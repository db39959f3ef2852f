// Whole-message decoding and encoding for GIOP 1.0, 1.1, 1.2 and GIOPlite.
#include "giop/message_codec.hpp"

#include "giop/call_headers.hpp"

#include <rtorb/cdr/message_rest.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <string>
#include <type_traits>

namespace rtorb::giop {
namespace {

// Both enums grew in 1.2: ReplyStatus from 0-3 and LocateStatus from 0-2 to 0-5.
template <class Status>
constexpr std::uint32_t last_status(Version v) noexcept {
  if (v.minor >= 2) return 5;
  return std::is_same_v<Status, ReplyStatus> ? 3 : 2;
}

template <class Status>
Status read_status(cdr::InputStream& is, Version v, const char* what) {
  const std::uint32_t raw = is.read_ulong();
  if (raw > last_status<Status>(v)) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_message,
                          std::string(what) + " " + std::to_string(raw) + " is not defined in GIOP 1." +
                              std::to_string(v.minor));
  }
  return static_cast<Status>(raw);
}

template <class Status>
void write_status(cdr::OutputStream& os, Version v, Status status, const char* what) {
  const auto raw = static_cast<std::uint32_t>(status);
  if (raw > last_status<Status>(v)) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_giop_unsupported,
                            std::string(what) + " " + std::to_string(raw) +
                                " cannot be sent in GIOP 1." + std::to_string(v.minor));
  }
  os.write_ulong(raw);
}

void skip_reserved(cdr::InputStream& is) { is.skip(3); }
void write_reserved(cdr::OutputStream& os) {
  constexpr std::uint8_t zeros[3] = {};
  os.write_raw(zeros, sizeof zeros);
}

// --- decoding -------------------------------------------------------------------------

RequestHeader read_request(cdr::InputStream& is, const MessageHeader& h) {
  RequestHeader r;
  if (h.mode == HeaderMode::lite) {
    r.request_id = is.read_ulong();
    r.response_flags = static_cast<ResponseFlags>(is.read_octet());
    r.target = KeyAddr{read_octet_sequence_view(is)};
    r.operation = is.read_string_view();
  } else if (h.version.minor >= 2) {
    r.request_id = is.read_ulong();
    r.response_flags = static_cast<ResponseFlags>(is.read_octet());
    skip_reserved(is);
    r.target = read_target_address(is);
    r.operation = is.read_string_view();
    r.service_context = read_service_context_list(is);
  } else {
    r.service_context = read_service_context_list(is);
    r.request_id = is.read_ulong();
    r.response_flags = response_flags_from_expected(is.read_boolean());
    if (h.version.minor == 1) skip_reserved(is);
    r.target = KeyAddr{read_octet_sequence_view(is)};
    r.operation = is.read_string_view();
    r.requesting_principal = read_octet_sequence_view(is);
  }
  return r;
}

ReplyHeader read_reply(cdr::InputStream& is, const MessageHeader& h) {
  ReplyHeader r;
  if (h.mode == HeaderMode::standard && h.version.minor < 2) {
    r.service_context = read_service_context_list(is);
  }
  r.request_id = is.read_ulong();
  r.reply_status = read_status<ReplyStatus>(is, h.version, "reply_status");
  if (h.mode == HeaderMode::standard && h.version.minor >= 2) {
    r.service_context = read_service_context_list(is);
  }
  return r;
}

LocateRequestHeader read_locate_request(cdr::InputStream& is, const MessageHeader& h) {
  LocateRequestHeader r;
  r.request_id = is.read_ulong();
  if (h.mode == HeaderMode::standard && h.version.minor >= 2) {
    r.target = read_target_address(is);
  } else {
    r.target = KeyAddr{read_octet_sequence_view(is)};
  }
  return r;
}

LocateReplyHeader read_locate_reply(cdr::InputStream& is, const MessageHeader& h) {
  LocateReplyHeader r;
  r.request_id = is.read_ulong();
  r.locate_status = read_status<LocateStatus>(is, h.version, "locate_status");
  return r;
}

MessageBody read_body_header(cdr::InputStream& is, const MessageHeader& h) {
  switch (h.type) {
    case MsgType::request: return read_request(is, h);
    case MsgType::reply: return read_reply(is, h);
    case MsgType::cancel_request: return CancelRequestHeader{is.read_ulong()};
    case MsgType::locate_request: return read_locate_request(is, h);
    case MsgType::locate_reply: return read_locate_reply(is, h);
    case MsgType::close_connection: return CloseConnectionHeader{};
    case MsgType::message_error: return MessageErrorHeader{};
    case MsgType::fragment:
      if (h.version.minor >= 2) return FragmentHeader{is.read_ulong()};
      return FragmentHeader{};
  }
  return MessageErrorHeader{};  // unreachable: decode_header checked the type
}

// GIOP 1.2 aligns the Request, Reply and LocateReply bodies on 8; a sender may omit the
// padding when there is no body.
bool body_aligned_to_8(const MessageHeader& h) noexcept {
  return h.mode == HeaderMode::standard && h.version.minor >= 2 &&
         (h.type == MsgType::request || h.type == MsgType::reply ||
          h.type == MsgType::locate_reply);
}

std::size_t body_start(const cdr::InputStream& is, const MessageHeader& h) noexcept {
  std::size_t at = is.position();
  if (body_aligned_to_8(h)) {
    const std::size_t aligned = (at + 7) / 8 * 8;
    at = aligned <= is.buffer().size() ? aligned : is.buffer().size();
  }
  return at;
}

cdr::InputOptions stream_options(const MessageHeader& h, const cdr::DecodeLimits& limits) {
  cdr::InputOptions o;
  o.giop_minor = h.version.minor;
  o.limits = limits;
  return o;
}

// --- encoding -------------------------------------------------------------------------

void align_body(cdr::OutputStream& os, Format f, MsgType type, MessageStart& start) {
  start.unpadded_end = start.body_start = os.position();
  if (!f.lite() && f.version.minor >= 2 &&
      (type == MsgType::request || type == MsgType::reply || type == MsgType::locate_reply)) {
    os.align(8);
    start.body_start = os.position();
  }
}

const KeyAddr& require_key(const TargetAddress& target, Version v) {
  const auto* key = std::get_if<KeyAddr>(&target);
  if (key == nullptr) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_giop_unsupported,
                            "GIOP 1." + std::to_string(v.minor) +
                                " and GIOPlite address targets by object key only");
  }
  return *key;
}

void write_request_fields(cdr::OutputStream& os, Format f, const RequestHeader& r) {
  if (f.lite()) {
    os.write_ulong(r.request_id);
    os.write_octet(static_cast<std::uint8_t>(r.response_flags));
    write_octet_sequence(os, require_key(r.target, f.version).object_key);
    os.write_string(r.operation);
  } else if (f.version.minor >= 2) {
    os.write_ulong(r.request_id);
    os.write_octet(static_cast<std::uint8_t>(r.response_flags));
    write_reserved(os);
    write_target_address(os, r.target);
    os.write_string(r.operation);
    write_service_context_list(os, r.service_context);
  } else {
    const KeyAddr& key = require_key(r.target, f.version);
    write_service_context_list(os, r.service_context);
    os.write_ulong(r.request_id);
    os.write_boolean(response_expected(r.response_flags));
    if (f.version.minor == 1) write_reserved(os);
    write_octet_sequence(os, key.object_key);
    os.write_string(r.operation);
    write_octet_sequence(os, r.requesting_principal);
  }
}

}  // namespace

Message decode_message(std::span<const std::uint8_t> bytes, const DecodeOptions& options,
                       cdr::MessageRest* rest) {
  const MessageHeader h = decode_header(bytes, options.mode, options.limits);
  if (bytes.size() != h.total_size()) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_message,
                          "message_size " + std::to_string(h.message_size) + " means " +
                              std::to_string(h.total_size()) + " bytes but " +
                              std::to_string(bytes.size()) + " are present");
  }
  // One Message, returned by name (so built where the caller wants it): the fast paths
  // decode their header in place instead of moving a whole header (with its service
  // context list) into the variant, a saving paid on every request and reply.
  Message m{h, {}, bytes, 0, rest};
  if (h.mode == HeaderMode::standard && h.version.minor == 2) {
    // What has arrived: the fast paths give up on fields beyond it, for the stream to read.
    const auto head = rest == nullptr ? bytes : bytes.first(rest->receive_until(0, 0));
    if (h.type == MsgType::request) {
      // The variant starts as a default RequestHeader, which the fast path fills.
      if (detail::try_read_request_1_2(head, h, options.cdr_limits,
                                       std::get<RequestHeader>(m.body_header), m.body_offset)) {
        return m;
      }
    } else if (h.type == MsgType::reply) {
      if (detail::try_read_reply_1_2(head, h, m.body_header.emplace<ReplyHeader>(),
                                     m.body_offset)) {
        return m;
      }
    }
  }
  cdr::InputStream is(bytes, h.byte_order, stream_options(h, options.cdr_limits));
  if (rest != nullptr) is.attach_rest(rest);
  is.skip(h.header_length());
  m.body_header = read_body_header(is, h);
  m.body_offset = body_start(is, h);
  return m;
}

cdr::InputStream body_stream(const Message& message, const cdr::DecodeLimits& limits) {
  cdr::InputStream is(message.bytes, message.header.byte_order,
                      stream_options(message.header, limits));
  if (message.rest != nullptr) is.attach_rest(message.rest);
  is.skip(message.body_offset);
  return is;
}

MessageStart encode_request(cdr::OutputStream& os, Format format, const RequestHeader& header,
                            bool more_fragments) {
  MessageStart start;
  if (!format.lite() && format.version.minor == 2 && !more_fragments &&
      detail::try_encode_request_1_2(os, header, start)) {
    return start;
  }
  start = begin_message(os, format, MsgType::request, more_fragments);
  write_request_fields(os, format, header);
  align_body(os, format, MsgType::request, start);
  return start;
}

MessageStart encode_reply(cdr::OutputStream& os, Format format, const ReplyHeader& header,
                          bool more_fragments) {
  MessageStart start;
  if (!format.lite() && format.version.minor == 2 && !more_fragments &&
      detail::try_encode_reply_1_2(os, header, start)) {
    return start;
  }
  start = begin_message(os, format, MsgType::reply, more_fragments);
  const bool context_first = !format.lite() && format.version.minor < 2;
  if (context_first) write_service_context_list(os, header.service_context);
  os.write_ulong(header.request_id);
  write_status(os, format.version, header.reply_status, "reply_status");
  if (!format.lite() && !context_first) write_service_context_list(os, header.service_context);
  align_body(os, format, MsgType::reply, start);
  return start;
}

MessageStart encode_cancel_request(cdr::OutputStream& os, Format format,
                                   const CancelRequestHeader& header) {
  const MessageStart start = begin_message(os, format, MsgType::cancel_request);
  os.write_ulong(header.request_id);
  return start;
}

MessageStart encode_locate_request(cdr::OutputStream& os, Format format,
                                   const LocateRequestHeader& header) {
  const MessageStart start = begin_message(os, format, MsgType::locate_request);
  os.write_ulong(header.request_id);
  if (!format.lite() && format.version.minor >= 2) {
    write_target_address(os, header.target);
  } else {
    write_octet_sequence(os, require_key(header.target, format.version).object_key);
  }
  return start;
}

MessageStart encode_locate_reply(cdr::OutputStream& os, Format format,
                                 const LocateReplyHeader& header) {
  MessageStart start = begin_message(os, format, MsgType::locate_reply);
  os.write_ulong(header.request_id);
  write_status(os, format.version, header.locate_status, "locate_status");
  align_body(os, format, MsgType::locate_reply, start);
  return start;
}

MessageStart encode_close_connection(cdr::OutputStream& os, Format format) {
  return begin_message(os, format, MsgType::close_connection);
}

MessageStart encode_message_error(cdr::OutputStream& os, Format format) {
  return begin_message(os, format, MsgType::message_error);
}

MessageStart encode_fragment(cdr::OutputStream& os, Version version, std::uint32_t request_id,
                             bool more_fragments) {
  if (version.minor < 1) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_giop_unsupported, "GIOP 1.0 has no Fragment");
  }
  const MessageStart start = begin_message(os, version, MsgType::fragment, more_fragments);
  if (version.minor >= 2) os.write_ulong(request_id);
  return start;
}

}  // namespace rtorb::giop
