#include "transport/oneway_buffer.hpp"

namespace rtorb::transport {

bool OnewayBuffer::append(const cdr::OutputStream& message, std::size_t capacity,
                          Clock::time_point now) {
  if (bytes() + message.size() > capacity) return false;
  if (empty()) {
    // Everything went: start again at the front, keeping the storage.
    bytes_.clear();
    ends_.clear();
    sent_ = 0;
    first_unsent_ = 0;
    oldest_ = now;
  }
  if (bytes_.size() + message.size() > capacity) drop_written();
  message.for_each_segment([&](std::span<const std::uint8_t> segment) {
    bytes_.insert(bytes_.end(), segment.begin(), segment.end());
  });
  ends_.push_back(bytes_.size());
  return true;
}

// A batch the kernel takes a little at a time while more comes in never empties; without
// this its storage would grow with everything ever sent through it, past the bound.
void OnewayBuffer::drop_written() {
  const std::size_t cut = start_of(first_unsent_);
  if (cut == 0) return;
  bytes_.erase(bytes_.begin(), bytes_.begin() + static_cast<std::ptrdiff_t>(cut));
  ends_.erase(ends_.begin(), ends_.begin() + static_cast<std::ptrdiff_t>(first_unsent_));
  for (std::size_t& end : ends_) end -= cut;
  sent_ -= cut;
  first_unsent_ = 0;
}

void OnewayBuffer::consumed(std::size_t n) noexcept {
  sent_ += n;
  while (first_unsent_ < ends_.size() && ends_[first_unsent_] <= sent_) ++first_unsent_;
}

}  // namespace rtorb::transport
