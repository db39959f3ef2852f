// One-pass GIOP 1.2 Request and Reply headers (see call_headers.hpp).
#include "giop/call_headers.hpp"

#include <algorithm>
#include <cstring>

namespace rtorb::giop::detail {
namespace {

constexpr std::size_t align4(std::size_t n) noexcept { return (n + 3) & ~std::size_t{3}; }
constexpr std::size_t align8(std::size_t n) noexcept { return (n + 7) & ~std::size_t{7}; }

// Offsets in both headers, from the first byte of the message.
constexpr std::size_t request_id_at = 12;
constexpr std::size_t response_flags_at = 16;   // then 3 reserved octets
constexpr std::size_t disposition_at = 20;      // a short, then 2 octets of padding
constexpr std::size_t key_length_at = 24;
constexpr std::size_t key_at = 28;
constexpr std::size_t reply_status_at = 16;
constexpr std::size_t reply_contexts_at = 20;
constexpr std::size_t reply_header_end = 24;  // already a multiple of 8: no padding

void store_ulong(std::uint8_t* at, std::uint32_t v) noexcept { std::memcpy(at, &v, sizeof v); }

// The 12-byte header with message_size left for end_message.
void write_header(std::uint8_t* at, MsgType type) noexcept {
  constexpr std::uint8_t magic_and_version[6] = {'G', 'I', 'O', 'P', 1, 2};
  std::memcpy(at, magic_and_version, sizeof magic_and_version);
  at[6] = static_cast<std::uint8_t>(cdr::native_byte_order);
  at[7] = static_cast<std::uint8_t>(type);
}

// Where a fixed layout can go: the stream is at a multiple of 8 from its alignment base
// (so the layout's own offsets decide the padding) and has the room in one segment.
std::uint8_t* claim_aligned(cdr::OutputStream& os, std::size_t size) noexcept {
  if (os.alignment_offset() % 8 != 0) return nullptr;
  return os.claim(size);
}

}  // namespace

bool try_encode_request_1_2(cdr::OutputStream& os, const RequestHeader& header,
                            MessageStart& start) noexcept {
  const auto* key = std::get_if<KeyAddr>(&header.target);
  const auto& code_sets = os.options().code_sets;
  if (key == nullptr || !header.service_context.empty() ||
      code_sets.native_char != code_sets.transmission_char) {
    return false;
  }
  const std::size_t key_size = key->object_key.size();
  const std::size_t operation_size = header.operation.size() + 1;  // with its NUL
  const std::size_t operation_at = align4(key_at + key_size);
  const std::size_t contexts_at = align4(operation_at + 4 + operation_size);
  const std::size_t unpadded = contexts_at + 4;
  const std::size_t body = align8(unpadded);
  const std::size_t position = os.position();
  std::uint8_t* const p = claim_aligned(os, body);
  if (p == nullptr) return false;

  std::memset(p, 0, body);  // padding, reserved octets, disposition and context count
  write_header(p, MsgType::request);
  store_ulong(p + request_id_at, header.request_id);
  p[response_flags_at] = static_cast<std::uint8_t>(header.response_flags);
  store_ulong(p + key_length_at, static_cast<std::uint32_t>(key_size));
  if (key_size != 0) std::memcpy(p + key_at, key->object_key.data(), key_size);
  store_ulong(p + operation_at, static_cast<std::uint32_t>(operation_size));
  if (!header.operation.empty()) {
    std::memcpy(p + operation_at + 4, header.operation.data(), header.operation.size());
  }
  start = {{p + 8}, position, header_size, position + unpadded, position + body};
  return true;
}

bool try_encode_reply_1_2(cdr::OutputStream& os, const ReplyHeader& header,
                          MessageStart& start) noexcept {
  if (!header.service_context.empty()) return false;
  const std::size_t position = os.position();
  std::uint8_t* const p = claim_aligned(os, reply_header_end);
  if (p == nullptr) return false;
  write_header(p, MsgType::reply);
  store_ulong(p + request_id_at, header.request_id);
  store_ulong(p + reply_status_at, static_cast<std::uint32_t>(header.reply_status));
  store_ulong(p + reply_contexts_at, 0);
  start = {{p + 8}, position, header_size, position + reply_header_end,
           position + reply_header_end};
  return true;
}

bool try_read_request_1_2(std::span<const std::uint8_t> bytes, const MessageHeader& h,
                          const cdr::DecodeLimits& limits, RequestHeader& header,
                          std::size_t& body_offset) noexcept {
  const std::size_t size = bytes.size();
  const std::uint8_t* const p = bytes.data();
  if (size < key_at || p[disposition_at] != 0 || p[disposition_at + 1] != 0) return false;
  const std::uint32_t key_size = load_ulong(p + key_length_at, h.byte_order);
  if (key_size > limits.max_sequence_length || key_size > size - key_at) return false;
  const std::size_t operation_at = align4(key_at + key_size);
  if (operation_at + 4 > size) return false;
  const std::uint32_t operation_size = load_ulong(p + operation_at, h.byte_order);
  if (operation_size == 0 || operation_size > limits.max_string_length ||
      operation_size > size - operation_at - 4 || p[operation_at + 4 + operation_size - 1] != 0) {
    return false;
  }
  const std::size_t contexts_at = align4(operation_at + 4 + operation_size);
  if (contexts_at + 4 > size || load_ulong(p + contexts_at, h.byte_order) != 0) return false;

  header.request_id = load_ulong(p + request_id_at, h.byte_order);
  header.response_flags = static_cast<ResponseFlags>(p[response_flags_at]);
  header.target = KeyAddr{bytes.subspan(key_at, key_size)};
  header.operation = {reinterpret_cast<const char*>(p + operation_at + 4), operation_size - 1};
  // A request without a body may end unpadded.
  const std::size_t unpadded = contexts_at + 4;
  body_offset = std::min<std::size_t>(align8(unpadded), h.total_size());
  return true;
}

bool try_read_reply_1_2(std::span<const std::uint8_t> bytes, const MessageHeader& h,
                        ReplyHeader& header, std::size_t& body_offset) noexcept {
  if (bytes.size() < reply_header_end) return false;
  const std::uint8_t* const p = bytes.data();
  const std::uint32_t status = load_ulong(p + reply_status_at, h.byte_order);
  constexpr auto last_status = static_cast<std::uint32_t>(ReplyStatus::needs_addressing_mode);
  if (status > last_status || load_ulong(p + reply_contexts_at, h.byte_order) != 0) return false;
  header.request_id = load_ulong(p + request_id_at, h.byte_order);
  header.reply_status = static_cast<ReplyStatus>(status);
  body_offset = reply_header_end;
  return true;
}

}  // namespace rtorb::giop::detail
