#include "server/request_buffer.hpp"

#include <algorithm>
#include <mutex>

namespace rtorb::orb {
namespace {

// std::push_heap keeps the greatest on top: the highest priority, then the earliest.
bool served_later(const RequestBuffer::Held& a, const RequestBuffer::Held& b) noexcept {
  if (a.priority != b.priority) return a.priority < b.priority;
  return a.order > b.order;
}

}  // namespace

bool RequestBuffer::hold(Held request) {
  {
    std::lock_guard lock(mutex_);
    const std::size_t size = request.message.size();
    const bool full = (options_.max_requests != 0 && heap_.size() >= options_.max_requests) ||
                      (options_.max_bytes != 0 && bytes_ + size > options_.max_bytes);
    if (!full) {
      request.order = next_order_++;
      heap_.push_back(std::move(request));
      std::push_heap(heap_.begin(), heap_.end(), served_later);
      bytes_ += size;
      held_.fetch_add(1);
      return true;
    }
  }
  refused_.fetch_add(1, std::memory_order_relaxed);
  return false;
}

std::optional<RequestBuffer::Held> RequestBuffer::take() {
  if (held_.load() == 0) return std::nullopt;
  std::lock_guard lock(mutex_);
  if (heap_.empty()) return std::nullopt;
  std::pop_heap(heap_.begin(), heap_.end(), served_later);
  Held next = std::move(heap_.back());
  heap_.pop_back();
  bytes_ -= next.message.size();
  held_.fetch_sub(1);
  return next;
}

}  // namespace rtorb::orb
