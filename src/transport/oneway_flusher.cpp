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
  std::unique_lock lock(mutex_);
  const auto is_it = [&](const Watched& w) { return w.connection == &connection; };
  flushed_.wait(lock, [&] {
    const auto it = std::find_if(watched_.begin(), watched_.end(), is_it);
    return it == watched_.end() || it->flushing == 0;
  });
  std::erase_if(watched_, is_it);
}

void OnewayFlusher::flush_all() {
  // Marked while written, so that neither the thread (pass) nor ~Connection (forget) takes
  // one away under our feet; the writing itself waits for room without mutex_.
  std::vector<Connection*> connections;
  {
    std::lock_guard lock(mutex_);
    connections.reserve(watched_.size());
    for (Watched& w : watched_) {
      ++w.flushing;
      connections.push_back(w.connection);
    }
  }
  std::exception_ptr first;
  for (Connection* connection : connections) {
    try {
      connection->flush_buffered(SendWait{});
    } catch (...) {
      if (!first) first = std::current_exception();
    }
    {
      std::lock_guard lock(mutex_);
      for (Watched& w : watched_) {
        if (w.connection == connection) --w.flushing;
      }
    }
    flushed_.notify_all();
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
      if (it->flushing > 0) {  // a flush_all holds it: erased later, by a watch or forget
        it->due = Clock::time_point::max();
        ++it;
        continue;
      }
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
