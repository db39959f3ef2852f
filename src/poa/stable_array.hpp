// StableArray: an array that grows without moving its elements, and whose elements can be
// found without the lock that guards its growth (the active object map's slots).
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace rtorb::poa {

// Segment k holds 2^(k + first_bits) elements and starts at index (2^k - 1) * 2^first_bits,
// so 27 segments cover every 32-bit index and an index finds its segment with one bit
// scan. Growth (add) needs the owner's lock; find, operator[] and size do not: a segment is
// published before the size that makes its elements visible.
template <class T>
class StableArray {
 public:
  StableArray() = default;
  StableArray(const StableArray&) = delete;
  StableArray& operator=(const StableArray&) = delete;
  ~StableArray() {
    for (auto& segment : segments_) delete[] segment.load(std::memory_order_relaxed);
  }

  std::uint32_t size() const noexcept { return size_.load(std::memory_order_acquire); }
  // The element at `index`, or nullptr past the end. Lock-free.
  T* find(std::uint32_t index) const noexcept {
    return index < size() ? &element(index) : nullptr;
  }
  // Precondition: index < size().
  T& operator[](std::uint32_t index) const noexcept { return element(index); }
  // Adds a default-constructed element at the end and returns its index. Needs the
  // owner's lock; raises std::bad_alloc if a new segment cannot be had.
  std::uint32_t add() {
    const std::uint32_t index = size_.load(std::memory_order_relaxed);
    const unsigned k = segment_of(index);
    if (segments_[k].load(std::memory_order_relaxed) == nullptr) {
      segments_[k].store(new T[std::size_t{1} << (k + first_bits)], std::memory_order_release);
    }
    size_.store(index + 1, std::memory_order_release);
    return index;
  }

 private:
  static constexpr unsigned first_bits = 6;
  static constexpr unsigned segment_count = 32 - first_bits + 1;

  static unsigned segment_of(std::uint32_t index) noexcept {
    return static_cast<unsigned>(std::bit_width((std::uint64_t{index} >> first_bits) + 1)) - 1;
  }
  T& element(std::uint32_t index) const noexcept {
    const unsigned k = segment_of(index);
    const std::uint64_t start = ((std::uint64_t{1} << k) - 1) << first_bits;
    return segments_[k].load(std::memory_order_acquire)[index - start];
  }

  std::array<std::atomic<T*>, segment_count> segments_{};
  std::atomic<std::uint32_t> size_{0};
};

}  // namespace rtorb::poa
