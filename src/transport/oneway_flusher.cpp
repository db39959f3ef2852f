#include "transport/oneway_flusher.hpp"

#include <algorithm>
#include <exception>

#include "transport/connection.hpp"

namespace rtorb::transport {

OnewayFlusher::~OnewayFlusher() { stop(); }

void OnewayFlusher::watch(Connection& connection, Clock::time_point due) {
  std::lock_guard lock(mutex_);
  if (stopping_) return;
  auto it = std::find_if(watched_.begin(), watched_.end(),
                         [&](const Watched& w) { return w.connection == &connection; });
  if (it == watched_.end()) {
    watched_.push_back({&connection, due});
  } else {
    it->due = std::min(it->due, due);
  }
  // A due time (a timeout, or {}: the kernel left part of a batch) needs the thread; a
  // batch with neither waits for its count, its bytes, a caller or flush_all.
  if (due == Clock::time_point::max()) return;
  if (!thread_.joinable()) {
    thread_ = std::thread([this] { run(); });
  } else {
    wake_.notify_one();
  }
}

void OnewayFlusher::forget(Connection& connection) noexcept {
  std::lock_guard lock(mutex_);
  std::erase_if(watched_, [&](const Watched& w) { return w.connection == &connection; });
}

void OnewayFlusher::flush_all() {
  std::lock_guard lock(mutex_);
  std::exception_ptr first;
  for (const Watched& w : watched_) {
    try {
      w.connection->flush_buffered(SendWait{});
    } catch (...) {
      if (!first) first = std::current_exception();
    }
  }
  if (first) std::rethrow_exception(first);
}

void OnewayFlusher::stop() noexcept {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

OnewayFlusher::Clock::time_point OnewayFlusher::pass(Clock::time_point now) {
  Clock::time_point next = Clock::time_point::max();
  for (auto it = watched_.begin(); it != watched_.end();) {
    if (it->due != Clock::time_point::max() && it->due > now) {
      next = std::min(next, it->due);
      ++it;
      continue;
    }
    const auto again = it->connection->flush_if_due(now);
    if (again == Clock::time_point{}) {
      it = watched_.erase(it);  // written, or closed
      continue;
    }
    it->due = again;
    next = std::min(next, again);
    ++it;
  }
  return next;
}

void OnewayFlusher::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const auto next = pass(Clock::now());
    if (stopping_) break;
    if (next == Clock::time_point::max()) {
      wake_.wait(lock);
    } else {
      wake_.wait_until(lock, next);
    }
  }
}

}  // namespace rtorb::transport
