// CDR encoder writing into a chain of blocks that a transport gathers with one writev.
#pragma once

#include <rtorb/cdr/block_pool.hpp>
#include <rtorb/cdr/byte_order.hpp>
#include <rtorb/cdr/code_set.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace rtorb::cdr {

struct ValueEncoding;

struct OutputOptions {
  std::uint8_t giop_minor = 2;    // selects the wchar/wstring rules (1.0, 1.1, 1.2)
  CodeSetContext code_sets = {};  // native and transmission code sets for char and wchar
};

// Writes CDR in native byte order. Alignment is computed from the logical position (bytes
// written since the stream began, or since the start of the innermost open encapsulation),
// never from addresses, so a value may start in any block. A primitive never straddles two
// blocks, and a bulk array always lands in one block with one memcpy.
//
// The first block may be storage the caller owns (typically on its stack); further blocks
// come from the thread's BlockPool and go back to it when the stream is destroyed or reset.
//
// A stream may borrow (borrow_arrays_from): a large array written with write_array then
// becomes a segment that points at the caller's memory, and the transport's gather-write
// sends it from there, so the array is never copied in user space. Borrowing is off unless
// the stream's owner turns it on, because it makes the stream only as long-lived as every
// array written into it: streams that are kept (Anys, encapsulations, IORs) never borrow.
class OutputStream {
 public:
  using Options = OutputOptions;

  OutputStream() noexcept : OutputStream(std::span<std::uint8_t>{}, Options{}) {}
  explicit OutputStream(Options options) noexcept
      : OutputStream(std::span<std::uint8_t>{}, options) {}
  // Inline, like the destructor's fast path: a stream on the stack that never leaves its
  // first block costs no call and no thread-local lookup.
  explicit OutputStream(std::span<std::uint8_t> first_block, Options options = {}) noexcept
      : options_(options),
        first_data_(first_block.data()),
        first_capacity_(first_block.size()),
        segment_start_(first_block.data()),
        cursor_(first_block.data()),
        end_(first_block.data() + first_block.size()) {}
  OutputStream(const OutputStream&) = delete;
  OutputStream& operator=(const OutputStream&) = delete;
  ~OutputStream() {
    if (chain_ != nullptr) release_blocks();
  }

  const Options& options() const noexcept { return options_; }

  // Borrowing (see the class comment): write_array borrows arrays of `min_bytes` or more;
  // 0 turns it off (the default). Below a few KiB a copy costs less than the extra iovec
  // and block a borrowed segment takes. Not part of Options on purpose: a stream built from
  // another's options() must not borrow because that one does.
  static constexpr std::size_t default_borrow_threshold = 8 * 1024;
  void borrow_arrays_from(std::size_t min_bytes) noexcept { borrow_threshold_ = min_bytes; }
  std::size_t borrow_threshold() const noexcept { return borrow_threshold_; }
  void set_giop_minor(std::uint8_t minor) noexcept { options_.giop_minor = minor; }
  void set_code_sets(const CodeSetContext& code_sets) noexcept { options_.code_sets = code_sets; }

  // --- primitives (CORBA 3.x, 9.3.1) --------------------------------------------------
  void write_octet(std::uint8_t v) { write_primitive(v); }
  void write_boolean(bool v) { write_primitive(static_cast<std::uint8_t>(v ? 1 : 0)); }
  void write_char(char v);  // converted to the transmission char code set
  void write_short(std::int16_t v) { write_primitive(v); }
  void write_ushort(std::uint16_t v) { write_primitive(v); }
  void write_long(std::int32_t v) { write_primitive(v); }
  void write_ulong(std::uint32_t v) { write_primitive(v); }
  void write_longlong(std::int64_t v) { write_primitive(v); }
  void write_ulonglong(std::uint64_t v) { write_primitive(v); }
  void write_float(float v) { write_primitive(v); }
  void write_double(double v) { write_primitive(v); }
  void write_long_double(long double v);  // IEEE binary128, 8-aligned (9.3.1.1)
  void write_wchar(wchar_t v);            // GIOP 1.1: 2-byte UTF-16 unit; 1.2: octet length + bytes

  // --- strings -------------------------------------------------------------------------
  void write_string(std::string_view s);
  void write_wstring(std::wstring_view s);

  // --- bulk ----------------------------------------------------------------------------
  // An array of primitives: aligned once, then one memcpy (native order, no padding
  // between elements for any CDR primitive). On a borrowing stream an array of at least
  // the threshold is not copied but borrowed: `data` must then stay alive and unchanged
  // until the stream has been sent, reset or destroyed. Arrays in temporaries go through
  // write_array_copy.
  template <class T>
  void write_array(const T* data, std::size_t count) {
    check_array_type<T>();
    if (count == 0) return;  // no elements, no padding: what the reader expects
    align(sizeof(T));
    const std::size_t size = count * sizeof(T);
    if (borrow_threshold_ != 0 && size >= borrow_threshold_) {
      write_borrowed(reinterpret_cast<const std::uint8_t*>(data), size);
    } else {
      write_raw(data, size);
    }
  }
  // As write_array, but always a copy, whatever the stream's borrowing.
  template <class T>
  void write_array_copy(const T* data, std::size_t count) {
    check_array_type<T>();
    if (count == 0) return;
    align(sizeof(T));
    write_raw(data, count * sizeof(T));
  }
  // Bytes with no alignment and no conversion.
  void write_raw(const void* data, std::size_t size);
  // The next `size` bytes of the current segment, for a caller that fills a layout it has
  // computed itself (padding included) in one pass; nullptr, writing nothing, when the
  // segment has less room left.
  std::uint8_t* claim(std::size_t size) noexcept {
    if (static_cast<std::size_t>(end_ - cursor_) < size) return nullptr;
    std::uint8_t* const at = cursor_;
    cursor_ += size;
    return at;
  }
  void align(std::size_t alignment);

  // --- encapsulations (9.3.3) and back-patched lengths ----------------------------------
  // begin_encapsulation() writes the length placeholder and the byte-order octet and makes
  // alignment relative to that octet; end_encapsulation() fills in the length and restores
  // the outer alignment. Nesting is allowed; calls must pair like brackets.
  struct Encapsulation {
    std::uint8_t* length_slot;
    std::size_t outer_base;
    std::size_t start;
  };
  Encapsulation begin_encapsulation();
  void end_encapsulation(const Encapsulation& encapsulation) noexcept;

  // A ulong whose value is known only later (GIOP message_size, sequence counts).
  struct UlongSlot {
    std::uint8_t* where;
  };
  UlongSlot reserve_ulong();
  static void patch_ulong(UlongSlot slot, std::uint32_t value) noexcept {
    std::memcpy(slot.where, &value, sizeof value);
  }

  // --- result --------------------------------------------------------------------------
  // Bytes written since the stream began (alignment base of the outermost level).
  std::size_t position() const noexcept {
    return completed_bytes_ + static_cast<std::size_t>(cursor_ - segment_start_);
  }
  std::size_t size() const noexcept { return position(); }
  // Drops the bytes written after `position`, which must lie in the current segment (e.g.
  // padding that turned out to precede nothing; never inside or before a borrowed array).
  // Returns false, changing nothing, otherwise.
  bool truncate(std::size_t position) noexcept {
    if (position < completed_bytes_ || position > this->position()) return false;
    cursor_ = segment_start_ + (position - completed_bytes_);
    return true;
  }
  // Bytes since the current alignment base (the innermost open encapsulation's byte-order
  // octet, or the stream start): what decides the padding before the next value.
  std::size_t alignment_offset() const noexcept { return position() - align_base_; }
  // Where the innermost open encapsulation began (0 outside any).
  std::size_t alignment_base() const noexcept { return align_base_; }

  // What this stream has written of value types (value_codec.hpp): made on first use,
  // forgotten by reset().
  ValueEncoding& value_encoding();

  // Calls f(std::span<const std::uint8_t>) for each non-empty segment, in order; what a
  // transport turns into an iovec array for one gather-write. Borrowed arrays are segments
  // of their own, pointing at the caller's memory.
  template <class F>
  void for_each_segment(F&& f) const {
    if (first_used() > 0) f(std::span<const std::uint8_t>(first_data_, first_used()));
    for (const Block* b = chain_; b != nullptr; b = b->next) {
      if (b->borrowed_size > 0) f(std::span<const std::uint8_t>(b->borrowed, b->borrowed_size));
      const std::size_t used = b == current_ ? static_cast<std::size_t>(cursor_ - segment_start_)
                                             : b->used;
      if (used > 0) f(std::span<const std::uint8_t>(const_cast<Block*>(b)->data(), used));
    }
  }
  std::size_t segment_count() const noexcept;

  // A contiguous copy; for tests and tools, not for the critical path.
  std::vector<std::uint8_t> to_bytes() const;

  // Forget everything written (and every borrowed array); pooled blocks go back to the
  // thread's pool. The borrowing threshold stays.
  void reset() noexcept;

 private:
  template <class T>
  void write_primitive(T v) {
    const std::size_t pad = padding_for(sizeof(T));
    if (static_cast<std::size_t>(end_ - cursor_) < pad + sizeof(T)) [[unlikely]] {
      next_block(pad + sizeof(T));
    }
    for (std::size_t i = 0; i < pad; ++i) *cursor_++ = 0;
    std::memcpy(cursor_, &v, sizeof(T));
    cursor_ += sizeof(T);
  }
  std::size_t padding_for(std::size_t alignment) const noexcept {
    const std::size_t offset = position() - align_base_;
    return (alignment - offset % alignment) % alignment;
  }
  std::size_t first_used() const noexcept {
    return current_ == nullptr ? static_cast<std::size_t>(cursor_ - segment_start_)
                               : first_block_used_;
  }
  template <class T>
  static constexpr void check_array_type() noexcept {
    static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool> &&
                  !std::is_same_v<T, long double>);
  }
  // Closes the current segment, records `size` bytes at `data` as the next one, and goes
  // on in a fresh pooled block.
  void write_borrowed(const std::uint8_t* data, std::size_t size);
  void write_converted_string(std::string_view s);  // char code set conversion
  void release_blocks() noexcept;  // pooled blocks back to this thread's pool
  // Slow path: close the current segment and continue in a pooled block with room for
  // at least `min_free` bytes.
  void next_block(std::size_t min_free);

  Options options_;
  std::uint8_t* first_data_;        // caller-owned first block (may be null)
  std::size_t first_capacity_;
  std::size_t first_block_used_ = 0;
  Block* chain_ = nullptr;          // pooled blocks after the first
  Block* current_ = nullptr;        // null while writing into the caller's block
  std::uint8_t* segment_start_;
  std::uint8_t* cursor_;
  std::uint8_t* end_;
  std::size_t completed_bytes_ = 0;  // bytes in segments before the current one
  std::size_t align_base_ = 0;       // start of the innermost open encapsulation
  std::size_t borrow_threshold_ = 0;  // 0: never borrow
  std::shared_ptr<ValueEncoding> values_;  // shared_ptr: destructible while incomplete
};

}  // namespace rtorb::cdr
