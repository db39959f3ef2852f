// Thread-specific block cache for output streams.
#include <rtorb/cdr/block_pool.hpp>

#include <bit>
#include <new>

namespace rtorb::cdr {

BlockPool& BlockPool::this_thread() noexcept {
  thread_local BlockPool pool;
  return pool;
}

Block* BlockPool::acquire(std::size_t min_capacity) {
  for (Block** link = &free_; *link != nullptr; link = &(*link)->next) {
    Block* block = *link;
    if (block->capacity >= min_capacity) {
      *link = block->next;
      cached_bytes_ -= block->capacity;
      block->next = nullptr;
      block->used = 0;
      block->borrowed = nullptr;
      block->borrowed_size = 0;
      return block;
    }
  }
  // Power-of-two capacities let a block freed by one large write serve the next one.
  const std::size_t capacity =
      min_capacity <= default_block_size ? default_block_size : std::bit_ceil(min_capacity);
  void* memory = ::operator new(sizeof(Block) + capacity);
  Block* block = new (memory) Block;
  block->capacity = capacity;
  return block;
}

void BlockPool::release(Block* block) noexcept {
  if (cached_bytes_ + block->capacity > max_cached_bytes) {
    ::operator delete(block);
    return;
  }
  block->next = free_;
  free_ = block;
  cached_bytes_ += block->capacity;
}

void BlockPool::release_chain(Block* first) noexcept {
  while (first != nullptr) {
    Block* next = first->next;
    release(first);
    first = next;
  }
}

BlockPool::~BlockPool() {
  while (free_ != nullptr) {
    Block* next = free_->next;
    ::operator delete(free_);
    free_ = next;
  }
}

}  // namespace rtorb::cdr
