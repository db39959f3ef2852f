// Per-thread pool of marshaling blocks, so steady-state marshaling allocates nothing.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rtorb::cdr {

// A block is one heap allocation: this header followed by `capacity` bytes of payload.
// Blocks link into an OutputStream's chain through `next`. A block may also stand for
// `borrowed_size` bytes of memory the stream does not own, which come in the stream just
// before the block's own bytes (OutputStream::borrow_arrays_from).
struct Block {
  Block* next = nullptr;
  std::size_t capacity = 0;
  std::size_t used = 0;
  const std::uint8_t* borrowed = nullptr;
  std::size_t borrowed_size = 0;
  std::uint8_t* data() noexcept { return reinterpret_cast<std::uint8_t*>(this + 1); }
};

// The calling thread's pool (thread-specific storage, paper: principle patterns, TSS
// allocators). acquire() reuses a cached block of sufficient capacity when there is one and
// allocates otherwise; release() caches up to a bound and frees the rest, so memory held by
// an idle thread stays bounded.
class BlockPool {
 public:
  static constexpr std::size_t default_block_size = 16 * 1024;
  static constexpr std::size_t max_cached_bytes = 4 * 1024 * 1024;

  static BlockPool& this_thread() noexcept;

  Block* acquire(std::size_t min_capacity);
  void release(Block* block) noexcept;
  void release_chain(Block* first) noexcept;

  BlockPool() = default;
  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;
  ~BlockPool();

 private:
  Block* free_ = nullptr;
  std::size_t cached_bytes_ = 0;
};

}  // namespace rtorb::cdr
