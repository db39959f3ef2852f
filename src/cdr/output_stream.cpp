// Out-of-line parts of the CDR encoder: block switching, strings, encapsulations.
#include <rtorb/cdr/output_stream.hpp>

#include <algorithm>

namespace rtorb::cdr {

void OutputStream::release_blocks() noexcept {
  BlockPool::this_thread().release_chain(chain_);
  chain_ = nullptr;
}

void OutputStream::reset() noexcept {
  if (chain_ != nullptr) release_blocks();
  current_ = nullptr;
  first_block_used_ = 0;
  completed_bytes_ = 0;
  align_base_ = 0;
  values_.reset();
  segment_start_ = cursor_ = first_data_;
  end_ = first_data_ + first_capacity_;
}

void OutputStream::next_block(std::size_t min_free) {
  const std::size_t used = static_cast<std::size_t>(cursor_ - segment_start_);
  Block* block = BlockPool::this_thread().acquire(min_free);
  if (current_ == nullptr) {
    first_block_used_ = used;
    chain_ = block;
  } else {
    current_->used = used;
    current_->next = block;
  }
  completed_bytes_ += used;
  current_ = block;
  segment_start_ = cursor_ = block->data();
  end_ = cursor_ + block->capacity;
}

void OutputStream::write_borrowed(const std::uint8_t* data, std::size_t size) {
  // The new block carries the borrowed bytes in front of its own, so the chain keeps one
  // node per segment pair and nothing is allocated beyond what the pool holds.
  next_block(0);
  current_->borrowed = data;
  current_->borrowed_size = size;
  completed_bytes_ += size;
}

void OutputStream::align(std::size_t alignment) {
  const std::size_t pad = padding_for(alignment);
  if (pad == 0) return;  // also keeps memset away from a stream with no block yet
  if (static_cast<std::size_t>(end_ - cursor_) < pad) next_block(pad);
  std::memset(cursor_, 0, pad);
  cursor_ += pad;
}

void OutputStream::write_raw(const void* data, std::size_t size) {
  if (size == 0) return;
  if (static_cast<std::size_t>(end_ - cursor_) < size) next_block(size);
  std::memcpy(cursor_, data, size);
  cursor_ += size;
}

void OutputStream::write_string(std::string_view s) {
  if (options_.code_sets.native_char != options_.code_sets.transmission_char) {
    write_converted_string(s);
    return;
  }
  write_ulong(static_cast<std::uint32_t>(s.size() + 1));
  if (static_cast<std::size_t>(end_ - cursor_) < s.size() + 1) next_block(s.size() + 1);
  std::memcpy(cursor_, s.data(), s.size());
  cursor_[s.size()] = 0;
  cursor_ += s.size() + 1;
}

OutputStream::Encapsulation OutputStream::begin_encapsulation() {
  const UlongSlot slot = reserve_ulong();
  Encapsulation e{slot.where, align_base_, position()};
  align_base_ = e.start;
  write_octet(static_cast<std::uint8_t>(native_byte_order));
  return e;
}

void OutputStream::end_encapsulation(const Encapsulation& e) noexcept {
  patch_ulong(UlongSlot{e.length_slot}, static_cast<std::uint32_t>(position() - e.start));
  align_base_ = e.outer_base;
}

OutputStream::UlongSlot OutputStream::reserve_ulong() {
  write_ulong(0);
  return UlongSlot{cursor_ - sizeof(std::uint32_t)};
}

std::size_t OutputStream::segment_count() const noexcept {
  std::size_t n = 0;
  for_each_segment([&n](std::span<const std::uint8_t>) { ++n; });
  return n;
}

std::vector<std::uint8_t> OutputStream::to_bytes() const {
  std::vector<std::uint8_t> out;
  out.reserve(size());
  for_each_segment([&out](std::span<const std::uint8_t> s) { out.insert(out.end(), s.begin(), s.end()); });
  return out;
}

}  // namespace rtorb::cdr
