// Splitting messages into GIOP fragments and reassembling them.
#include "giop/fragments.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <cstring>
#include <string>

namespace rtorb::giop {
namespace {

constexpr std::uint8_t flag_more_fragments = 0x02;
constexpr std::size_t min_fragment_size = 32;
constexpr std::size_t flags_offset = 6;
constexpr std::size_t size_offset = 8;

bool can_fragment(MsgType type, Version v) noexcept {
  if (v.minor == 1) return type == MsgType::request || type == MsgType::reply;
  if (v.minor >= 2) return type != MsgType::cancel_request && type < MsgType::close_connection;
  return false;
}

std::size_t fragment_header_size(Version v) noexcept { return v.minor >= 2 ? 16 : 12; }

std::uint32_t load_ulong(std::span<const std::uint8_t> bytes, std::size_t at,
                         cdr::ByteOrder order) noexcept {
  std::uint32_t v;
  std::memcpy(&v, bytes.data() + at, sizeof v);
  return order == cdr::native_byte_order ? v : cdr::byte_swap(v);
}

void store_ulong(std::uint8_t* where, std::uint32_t v, cdr::ByteOrder order) noexcept {
  if (order != cdr::native_byte_order) v = cdr::byte_swap(v);
  std::memcpy(where, &v, sizeof v);
}

std::string version_text(Version v) {
  return std::to_string(v.major) + "." + std::to_string(v.minor);
}

MessageHeader decode_whole(std::span<const std::uint8_t> message, std::uint32_t max_size) {
  const MessageHeader h = decode_header(message, HeaderMode::standard, MessageLimits{max_size});
  if (message.size() != h.total_size()) {
    raise<CORBA::MARSHAL>(minor::marshal_bad_message,
                          "message_size " + std::to_string(h.message_size) + " means " +
                              std::to_string(h.total_size()) + " bytes but " +
                              std::to_string(message.size()) + " are present");
  }
  return h;
}

void check_splittable(const MessageHeader& h, std::size_t max_fragment_size) {
  if (max_fragment_size < min_fragment_size) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_cannot_fragment,
                            "fragment size " + std::to_string(max_fragment_size) +
                                " is below the minimum of " + std::to_string(min_fragment_size));
  }
  if (h.more_fragments || !can_fragment(h.type, h.version)) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_cannot_fragment,
                            "a GIOP " + version_text(h.version) + " " +
                                std::string(to_string(h.type)) +
                                (h.more_fragments ? " that is already a fragment" : "") +
                                " cannot be fragmented");
  }
}

std::vector<std::uint8_t> make_fragment(const MessageHeader& h, std::uint32_t request_id,
                                        std::span<const std::uint8_t> payload, bool more) {
  std::vector<std::uint8_t> f(fragment_header_size(h.version) + payload.size());
  const std::uint8_t flags = static_cast<std::uint8_t>(static_cast<std::uint8_t>(h.byte_order) |
                                                       (more ? flag_more_fragments : 0));
  const std::uint8_t head[8] = {'G', 'I', 'O', 'P', h.version.major, h.version.minor, flags,
                                static_cast<std::uint8_t>(MsgType::fragment)};
  std::memcpy(f.data(), head, sizeof head);
  store_ulong(f.data() + size_offset, static_cast<std::uint32_t>(f.size() - header_size),
              h.byte_order);
  if (h.version.minor >= 2) store_ulong(f.data() + header_size, request_id, h.byte_order);
  std::memcpy(f.data() + fragment_header_size(h.version), payload.data(), payload.size());
  return f;
}

}  // namespace

std::vector<std::vector<std::uint8_t>> split_message(std::span<const std::uint8_t> message,
                                                     std::size_t max_fragment_size) {
  const MessageHeader h = decode_whole(message, UINT32_MAX);
  if (message.size() <= max_fragment_size) return {{message.begin(), message.end()}};
  check_splittable(h, max_fragment_size);
  // Split points on multiples of 8 keep every primitive whole and, in 1.2, every
  // fragment but the last a multiple of 8 long.
  const std::size_t first = max_fragment_size / 8 * 8;
  std::vector<std::vector<std::uint8_t>> out;
  out.emplace_back(message.begin(), message.begin() + static_cast<std::ptrdiff_t>(first));
  out.front()[flags_offset] |= flag_more_fragments;
  store_ulong(out.front().data() + size_offset, static_cast<std::uint32_t>(first - header_size),
              h.byte_order);
  // Every fragmentable 1.2 message starts with its request id.
  const std::uint32_t id = h.version.minor >= 2 ? load_ulong(message, header_size, h.byte_order) : 0;
  const std::size_t step = (max_fragment_size - fragment_header_size(h.version)) / 8 * 8;
  for (std::size_t at = first; at < message.size(); at += step) {
    const std::size_t n = std::min(step, message.size() - at);
    out.push_back(make_fragment(h, id, message.subspan(at, n), at + n < message.size()));
  }
  return out;
}

FragmentAssembler::Result FragmentAssembler::add(std::span<const std::uint8_t> message) {
  const MessageHeader h = decode_whole(message, limits_.max_message_size);
  if (h.type == MsgType::fragment) return continue_with(h, message);
  if (!h.more_fragments) return {true, message};
  return start(h, message);
}

FragmentAssembler::Result FragmentAssembler::start(const MessageHeader& h,
                                                   std::span<const std::uint8_t> message) {
  if (!can_fragment(h.type, h.version)) {
    raise<CORBA::MARSHAL>(minor::marshal_fragment,
                          "GIOP " + version_text(h.version) + " " + std::string(to_string(h.type)) +
                              " has the more-fragments flag but cannot be fragmented");
  }
  std::optional<std::uint32_t> id;
  if (h.version.minor >= 2) {
    if (message.size() < header_size + 4) {
      raise<CORBA::MARSHAL>(minor::marshal_fragment,
                            "initial fragment too short to hold its request id");
    }
    id = load_ulong(message, header_size, h.byte_order);
    if (partial_12_.contains(*id)) {
      raise<CORBA::MARSHAL>(minor::marshal_fragment,
                            "request " + std::to_string(*id) + " is already being fragmented");
    }
  } else if (partial_11_) {
    raise<CORBA::MARSHAL>(minor::marshal_fragment,
                          "new GIOP 1.1 fragmented message before the last one completed");
  }
  require_room(0, message.size());
  Partial p{{message.begin(), message.end()}};
  buffered_ += message.size();
  if (id) {
    partial_12_.emplace(*id, std::move(p));
  } else {
    partial_11_ = std::move(p);
  }
  return {};
}

FragmentAssembler::Result FragmentAssembler::continue_with(const MessageHeader& h,
                                                           std::span<const std::uint8_t> message) {
  if (h.version.minor < 2) {
    if (!partial_11_) {
      raise<CORBA::MARSHAL>(minor::marshal_fragment,
                            "GIOP 1.1 Fragment without an initial message");
    }
    return append(*partial_11_, h, message.subspan(header_size), std::nullopt);
  }
  if (message.size() < header_size + 4) {
    raise<CORBA::MARSHAL>(minor::marshal_fragment, "GIOP 1.2 Fragment without a request id");
  }
  const std::uint32_t id = load_ulong(message, header_size, h.byte_order);
  const auto it = partial_12_.find(id);
  if (it == partial_12_.end()) {
    raise<CORBA::MARSHAL>(minor::marshal_fragment,
                          "GIOP 1.2 Fragment for request " + std::to_string(id) +
                              " without an initial message");
  }
  return append(it->second, h, message.subspan(header_size + 4), id);
}

FragmentAssembler::Result FragmentAssembler::append(Partial& partial, const MessageHeader& h,
                                                    std::span<const std::uint8_t> payload,
                                                    std::optional<std::uint32_t> id) {
  const std::uint8_t initial_order = partial.bytes[flags_offset] & 0x01;
  if (static_cast<std::uint8_t>(h.byte_order) != initial_order) {
    drop(id);
    raise<CORBA::MARSHAL>(minor::marshal_fragment,
                          "Fragment byte order differs from its initial message");
  }
  try {
    require_room(partial.bytes.size(), payload.size());
  } catch (const CORBA::IMP_LIMIT&) {
    drop(id);
    throw;
  }
  partial.bytes.insert(partial.bytes.end(), payload.begin(), payload.end());
  buffered_ += payload.size();
  if (h.more_fragments) return {};
  return finish(partial, id);
}

FragmentAssembler::Result FragmentAssembler::finish(Partial& partial,
                                                    std::optional<std::uint32_t> id) {
  completed_ = std::move(partial.bytes);
  const auto order = static_cast<cdr::ByteOrder>(completed_[flags_offset] & 0x01);
  completed_[flags_offset] &= static_cast<std::uint8_t>(~flag_more_fragments);
  store_ulong(completed_.data() + size_offset,
              static_cast<std::uint32_t>(completed_.size() - header_size), order);
  buffered_ -= completed_.size();
  if (id) {
    partial_12_.erase(*id);
  } else {
    partial_11_.reset();
  }
  return {true, completed_};
}

void FragmentAssembler::require_room(std::size_t partial_size, std::size_t more) const {
  const std::size_t body = partial_size + more - header_size;
  if (body > limits_.max_message_size || buffered_ + more > limits_.max_buffered_bytes) {
    raise<CORBA::IMP_LIMIT>(minor::imp_limit_message_too_large,
                            "reassembled message would exceed the limit (" +
                                std::to_string(body) + " body bytes, " +
                                std::to_string(buffered_ + more) + " bytes buffered)");
  }
}

void FragmentAssembler::drop(std::optional<std::uint32_t> id) noexcept {
  if (id) {
    const auto it = partial_12_.find(*id);
    if (it == partial_12_.end()) return;
    buffered_ -= it->second.bytes.size();
    partial_12_.erase(it);
  } else if (partial_11_) {
    buffered_ -= partial_11_->bytes.size();
    partial_11_.reset();
  }
}

void FragmentAssembler::cancel(std::uint32_t request_id) noexcept { drop(request_id); }

void FragmentAssembler::clear() noexcept {
  partial_12_.clear();
  partial_11_.reset();
  buffered_ = 0;
}

}  // namespace rtorb::giop
