// One immutable value published by writers and read by dispatching threads without a lock:
// readers pin the current snapshot with a counter of their epoch's parity; writers swap in
// a new snapshot and free old ones only once no reader of their epoch can still hold them
// (two-parity epochs, as user-space RCU does). A writer never waits for readers and a
// reader never waits for anything: a slow reader only delays when memory comes back.
// Writers serialize among themselves with a lock readers never touch (docs/events.md).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace rtorb::events::detail {

template <class T>
class SnapshotCell {
 public:
  // Keeps a snapshot pinned while it lives; get() stays valid until then.
  class ReadGuard {
   public:
    explicit ReadGuard(const SnapshotCell& cell) noexcept : cell_(cell) {
      parity_ = cell.epoch_.load(std::memory_order_seq_cst) & 1U;
      cell.readers_[parity_].fetch_add(1, std::memory_order_seq_cst);
      value_ = cell.current_.load(std::memory_order_seq_cst);
    }
    ~ReadGuard() { cell_.readers_[parity_].fetch_sub(1, std::memory_order_release); }
    ReadGuard(const ReadGuard&) = delete;
    ReadGuard& operator=(const ReadGuard&) = delete;
    const T& operator*() const noexcept { return *value_; }
    const T* operator->() const noexcept { return value_; }

   private:
    const SnapshotCell& cell_;
    std::uint32_t parity_ = 0;
    const T* value_ = nullptr;
  };

  explicit SnapshotCell(std::unique_ptr<const T> first) : current_(first.release()) {}
  SnapshotCell(const SnapshotCell&) = delete;
  SnapshotCell& operator=(const SnapshotCell&) = delete;
  // No reader may be running: the owner has stopped every dispatching thread.
  ~SnapshotCell() {
    delete current_.load();
    for (const T* old : pending_) delete old;
    for (const T* old : draining_) delete old;
  }

  // Publishes `next`; the caller holds the writers' mutex (writers_mutex()).
  void publish_locked(std::unique_ptr<const T> next) {
    const T* old = current_.exchange(next.release(), std::memory_order_seq_cst);
    pending_.push_back(old);
    reclaim_locked();
  }

  // The current snapshot for a writer building the next one (under the writers' mutex).
  const T& current_locked() const noexcept { return *current_.load(std::memory_order_relaxed); }
  std::mutex& writers_mutex() const noexcept { return writers_; }

  // Frees what no reader can hold any more; called by writers, and by the channel's
  // maintenance so that memory comes back without another connect.
  void reclaim_locked() {
    const std::uint32_t now = epoch_.load(std::memory_order_seq_cst) & 1U;
    if (!draining_.empty() && readers_[1U - now].load(std::memory_order_seq_cst) == 0) {
      for (const T* old : draining_) delete old;
      draining_.clear();
    }
    // A flip needs every reader on the current parity (the other drained), so that the
    // batch retired so far is held by readers of one parity only.
    if (draining_.empty() && !pending_.empty() &&
        readers_[1U - now].load(std::memory_order_seq_cst) == 0) {
      draining_.swap(pending_);
      epoch_.fetch_add(1, std::memory_order_seq_cst);
      if (readers_[now].load(std::memory_order_seq_cst) == 0) {
        for (const T* old : draining_) delete old;
        draining_.clear();
      }
    }
  }

 private:
  std::atomic<const T*> current_;
  std::atomic<std::uint32_t> epoch_{0};
  mutable std::array<std::atomic<std::uint32_t>, 2> readers_{};
  mutable std::mutex writers_;
  std::vector<const T*> pending_;   // retired in the current epoch
  std::vector<const T*> draining_;  // retired before the last flip: freed when its parity drains
};

}  // namespace rtorb::events::detail
