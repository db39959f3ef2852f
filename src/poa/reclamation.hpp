// Deferred reclamation of POA objects. The request path finds a POA through the POA
// table (or this thread's memo of it) and uses it without touching its reference count,
// which cost two locked read-modify-writes per request. In exchange, a POA whose last
// reference goes is unpublished from the table at once but freed only once every read
// section that was open then has closed (docs/poa.md, "Reclaiming POAs").
//
// Readers pay a plain store on entry and one on exit: the ordering their entry store needs
// against their later loads is supplied by the freeing side, with membarrier(2)
// (MEMBARRIER_CMD_PRIVATE_EXPEDITED). Where the kernel refuses it (before Linux 4.14, or
// a seccomp filter), readers enter and leave with a locked instruction instead.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace rtorb::poa::reclamation {

namespace detail {

struct ThreadRecord {
  // Odd while its thread is inside a read section. Only that thread writes it, so it moves
  // on with a load and a store, never a locked instruction.
  std::atomic<std::uint64_t> state{0};
  unsigned depth = 0;            // nested sections (its thread only)
  bool registered = false;       // in the registry (its thread only)
  bool fenced = false;           // no membarrier here: the reader orders its own accesses
  ThreadRecord* next = nullptr;  // the registry's list (under its mutex)
};

// In the thread's static TLS block: no allocation when a thread first reads, which a
// request may do (the allocation tests count every call).
inline thread_local ThreadRecord this_thread;
// Set while something retired waits, so that leaving a section looks for what it held.
inline std::atomic<bool> any_retired{false};

ThreadRecord& register_thread();
void reclaim() noexcept;

}  // namespace detail

// The calling thread reads objects found through a published pointer until this ends;
// nothing retired meanwhile is freed before then. Sections nest. Keep them short (no
// blocking, no user code): an open section holds back everything retired meanwhile.
// Inline: the request path opens one per request.
class ReadSection {
 public:
  ReadSection()
      : record_(detail::this_thread.registered ? detail::this_thread
                                               : detail::register_thread()) {
    if (record_.depth++ != 0) return;
    // The entry store must be ordered before the loads that find objects: retire's
    // membarrier does that from the freeing side; where the kernel refused it, a locked
    // instruction here does.
    if (record_.fenced) {
      record_.state.fetch_add(1, std::memory_order_seq_cst);
    } else {
      record_.state.store(record_.state.load(std::memory_order_relaxed) + 1,
                          std::memory_order_relaxed);
      std::atomic_signal_fence(std::memory_order_seq_cst);
    }
  }
  ~ReadSection() { close(); }
  // Ends the section before its scope does, once what was found is held some other way.
  void close() noexcept {
    if (closed_) return;
    closed_ = true;
    leave();
  }
  ReadSection(const ReadSection&) = delete;
  ReadSection& operator=(const ReadSection&) = delete;

 private:
  void leave() noexcept {
    if (--record_.depth != 0) return;
    // Release: everything read in the section happens before a freeing that sees this.
    if (record_.fenced) {
      record_.state.fetch_add(1, std::memory_order_seq_cst);
    } else {
      record_.state.store(record_.state.load(std::memory_order_relaxed) + 1,
                          std::memory_order_release);
    }
    if (detail::any_retired.load(std::memory_order_seq_cst)) detail::reclaim();
  }

  detail::ThreadRecord& record_;
  bool closed_ = false;
};

// Frees `object` with `destroy` once no read section open now is still open. The caller
// has already unpublished it, so sections opened from now on cannot find it. Runs `destroy`
// at once when no other thread is reading (and never inside the caller's own section).
void retire(void* object, void (*destroy)(void*)) noexcept;

// How many retired objects wait for read sections to close (tests).
std::size_t pending() noexcept;

}  // namespace rtorb::poa::reclamation
