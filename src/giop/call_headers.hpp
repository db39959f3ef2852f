// The GIOP 1.2 Request and Reply headers of nearly every call (object key target, no
// service contexts, standard header), written and read in one pass over a layout computed
// up front: the fast paths of message_codec.cpp. Each answers false, having written or
// consumed nothing, when its case does not apply or the bytes are anything but plainly
// valid; the general path then runs, and it is the one that explains what is wrong.
#pragma once

#include <cstddef>
#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>
#include <span>

#include "giop/message_header.hpp"
#include "giop/messages.hpp"

namespace rtorb::giop::detail {

bool try_encode_request_1_2(cdr::OutputStream& os, const RequestHeader& header,
                            MessageStart& start) noexcept;
bool try_encode_reply_1_2(cdr::OutputStream& os, const ReplyHeader& header,
                          MessageStart& start) noexcept;

// `bytes` is the start of a message (all of it, unless the rest is still arriving) whose
// header `h` says GIOP 1.2, standard, of the right type; false when the fields go beyond
// `bytes`. On success sets the fields and `body_offset`; views point into `bytes`.
bool try_read_request_1_2(std::span<const std::uint8_t> bytes, const MessageHeader& h,
                          const cdr::DecodeLimits& limits, RequestHeader& header,
                          std::size_t& body_offset) noexcept;
bool try_read_reply_1_2(std::span<const std::uint8_t> bytes, const MessageHeader& h,
                        ReplyHeader& header, std::size_t& body_offset) noexcept;

}  // namespace rtorb::giop::detail
