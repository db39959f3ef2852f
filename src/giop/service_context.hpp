// IOP::ServiceContextList (CORBA 3.x, 13.7): context ids and their encapsulated data.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/cdr/output_stream.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

namespace rtorb::giop {

using ServiceId = std::uint32_t;

// Well-known IOP::ServiceId values.
namespace service_id {
inline constexpr ServiceId transaction_service = 0;
inline constexpr ServiceId code_sets = 1;
inline constexpr ServiceId chain_bypass_check = 2;
inline constexpr ServiceId chain_bypass_info = 3;
inline constexpr ServiceId logical_thread_id = 4;
inline constexpr ServiceId bi_dir_iiop = 5;
inline constexpr ServiceId sending_context_run_time = 6;
inline constexpr ServiceId invocation_policies = 7;
inline constexpr ServiceId forwarded_identity = 8;
inline constexpr ServiceId unknown_exception_info = 9;
inline constexpr ServiceId rt_corba_priority = 10;
inline constexpr ServiceId rt_corba_priority_range = 11;
inline constexpr ServiceId ft_group_version = 12;
inline constexpr ServiceId ft_request = 13;
inline constexpr ServiceId exception_details = 14;
inline constexpr ServiceId security_attribute_service = 15;
}  // namespace service_id

// Name of a well-known id ("CodeSets", "RTCorbaPriority"), or "" when unknown.
std::string_view service_id_name(ServiceId id) noexcept;

// One entry. context_data is the raw encapsulation (byte-order octet first) viewed in the
// message buffer on decode, or in caller storage on encode; it is never copied.
struct ServiceContext {
  ServiceId context_id = 0;
  std::span<const std::uint8_t> context_data;
};

// A list that keeps its first entries inside itself: a request or reply with the usual one
// or two contexts (CodeSets, RTCorbaPriority) is decoded and encoded without allocating.
// Only what the GIOP code needs of std::vector.
class ServiceContextList {
 public:
  static constexpr std::size_t inline_capacity = 4;

  ServiceContextList() = default;
  ServiceContextList(std::initializer_list<ServiceContext> entries) {
    for (const auto& e : entries) push_back(e);
  }

  void push_back(const ServiceContext& entry) {
    if (!spilled_ && size_ < inline_capacity) {
      inline_[size_++] = entry;
      return;
    }
    spill(size_ + 1);
    spilled_entries_.push_back(entry);
    size_ = spilled_entries_.size();
  }
  void reserve(std::size_t n) {
    if (n > inline_capacity) spill(n);
  }
  void clear() noexcept {
    spilled_entries_.clear();
    spilled_ = false;
    size_ = 0;
  }

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  const ServiceContext* begin() const noexcept { return data(); }
  const ServiceContext* end() const noexcept { return data() + size_; }
  const ServiceContext& operator[](std::size_t i) const noexcept { return data()[i]; }

 private:
  const ServiceContext* data() const noexcept {
    return spilled_ ? spilled_entries_.data() : inline_.data();
  }
  // Moves the entries to the heap (room for `n`), where every later one goes too.
  void spill(std::size_t n) {
    if (!spilled_) {
      spilled_entries_.assign(inline_.begin(), inline_.begin() + static_cast<std::ptrdiff_t>(size_));
      spilled_ = true;
    }
    spilled_entries_.reserve(n);
  }

  std::array<ServiceContext, inline_capacity> inline_{};
  std::size_t size_ = 0;
  bool spilled_ = false;
  std::vector<ServiceContext> spilled_entries_;
};

void write_service_context_list(cdr::OutputStream& os, const ServiceContextList& list);
// Raises MARSHAL (marshal_length_too_large, marshal_limit_exceeded, marshal_truncated) when a
// count or length exceeds the bytes present.
ServiceContextList read_service_context_list(cdr::InputStream& is);

// The entry with `id`, or nullptr.
const ServiceContext* find_service_context(const ServiceContextList& list, ServiceId id) noexcept;

}  // namespace rtorb::giop
