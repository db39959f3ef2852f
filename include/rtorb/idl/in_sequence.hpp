// An `in` argument that is an unbounded sequence of numbers, as a generated skeleton holds
// it: a std::vector the upcall thread keeps from one request to the next, so that a steady
// stream of such requests neither allocates nor zero-fills the argument (a vector already
// of the request's length is overwritten where it stands, by one copy or straight from the
// socket: docs/idl.md, "Sequence arguments").
#pragma once

#include <rtorb/cdr/codec.hpp>
#include <rtorb/cdr/input_stream.hpp>

#include <array>
#include <cstddef>
#include <vector>

namespace rtorb::idl {

template <class Seq>
class InSequence {
 public:
  // Reads the argument into this thread's next free vector for Seq, or into one of its
  // own when nested upcalls on this thread hold them all.
  explicit InSequence(cdr::InputStream& in) : value_(take()) {
    try {
      cdr::read_sequence(in, *value_);
    } catch (...) {
      give_back();
      throw;
    }
  }
  InSequence(const InSequence&) = delete;
  InSequence& operator=(const InSequence&) = delete;
  ~InSequence() { give_back(); }

  const Seq& value() const noexcept { return *value_; }

 private:
  // A vector whose storage is larger than this goes back to the heap after the upcall:
  // one huge request does not pin its size for the thread's lifetime.
  static constexpr std::size_t retained_bytes = 1024 * 1024;

  // Holders are made and destroyed in stack order on a thread (a nested upcall ends
  // before the one it runs in), so the vectors in use are always the first `used`.
  struct Shelf {
    std::array<Seq, 4> vectors;
    std::size_t used = 0;
  };
  static inline thread_local Shelf shelf_;

  Seq* take() noexcept {
    Shelf& shelf = shelf_;
    if (shelf.used == shelf.vectors.size()) return &own_;
    return &shelf.vectors[shelf.used++];
  }
  void give_back() noexcept {
    if (value_ == &own_) return;
    --shelf_.used;
    if (value_->capacity() * sizeof(typename Seq::value_type) > retained_bytes) Seq().swap(*value_);
  }

  Seq* value_;
  Seq own_;
};

}  // namespace rtorb::idl
