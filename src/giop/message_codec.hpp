// Encoding and decoding whole GIOP messages, in every version and in GIOPlite form.
#pragma once

#include "giop/messages.hpp"

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <cstdint>
#include <span>

namespace rtorb::giop {

struct DecodeOptions {
  HeaderMode mode = HeaderMode::standard;
  MessageLimits limits = {};
  cdr::DecodeLimits cdr_limits = {};
};

// Decodes one complete message (exactly header + message_size bytes, as frame_message
// delimits it). The result views `bytes`. With `rest`, the message is still arriving: the
// header fields are read from what has arrived, receiving more if they go beyond it, and
// the result keeps `rest` for body_stream.
// Raises: the decode_header exceptions; MARSHAL marshal_bad_message when the buffer size
// disagrees with message_size, for an out-of-range reply/locate status or addressing
// disposition, or a message type the version lacks; stream MARSHAL codes
// (marshal_truncated, marshal_length_too_large, ...) for bad lengths in the header fields.
Message decode_message(std::span<const std::uint8_t> bytes, const DecodeOptions& options = {},
                       cdr::MessageRest* rest = nullptr);

// A stream over the message positioned at its body, with alignment relative to the
// message start and the message's byte order and GIOP version.
cdr::InputStream body_stream(const Message& message, const cdr::DecodeLimits& limits = {});

// Each encode_* writes the GIOP header (size to be patched) and the type's header, leaving
// the stream where the body goes (aligned to 8 in 1.2 for Request, Reply, LocateReply).
// Write the body, then call end_message(os, start). A Request in 1.0/1.1 must target a
// KeyAddr (BAD_PARAM otherwise); 1.2-only status values in 1.0/1.1 raise BAD_PARAM.
MessageStart encode_request(cdr::OutputStream& os, Format format, const RequestHeader& header,
                            bool more_fragments = false);
MessageStart encode_reply(cdr::OutputStream& os, Format format, const ReplyHeader& header,
                          bool more_fragments = false);
MessageStart encode_cancel_request(cdr::OutputStream& os, Format format,
                                   const CancelRequestHeader& header);
MessageStart encode_locate_request(cdr::OutputStream& os, Format format,
                                   const LocateRequestHeader& header);
MessageStart encode_locate_reply(cdr::OutputStream& os, Format format,
                                 const LocateReplyHeader& header);
MessageStart encode_close_connection(cdr::OutputStream& os, Format format);
MessageStart encode_message_error(cdr::OutputStream& os, Format format);
// A standard-mode Fragment (1.1 or 1.2; the request id is written in 1.2 only).
MessageStart encode_fragment(cdr::OutputStream& os, Version version, std::uint32_t request_id,
                             bool more_fragments);

}  // namespace rtorb::giop
