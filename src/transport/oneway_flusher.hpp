// Every connection of an ORB that holds buffered oneways, and the thread that writes them
// when nobody calls: a batch whose BufferingConstraint timeout has passed, and the rest of a
// batch the kernel could not take at once (a flow-controlled peer). The thread starts with
// the first connection that needs it; a caller that sends on the connection flushes first
// anyway (docs/messaging.md, "Request buffering").
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace rtorb::transport {

class Connection;

class OnewayFlusher {
 public:
  using Clock = std::chrono::steady_clock;
  OnewayFlusher() = default;
  OnewayFlusher(const OnewayFlusher&) = delete;
  OnewayFlusher& operator=(const OnewayFlusher&) = delete;
  ~OnewayFlusher();

  // `connection` holds buffered oneways; `due`: when they must be written ({}: only when
  // full or asked). Call without the connection's buffer lock.
  void watch(Connection& connection, Clock::time_point due);
  // From ~Connection: never touched again once this returns. Waits while a flush_all is
  // writing `connection` (at most its send timeout).
  void forget(Connection& connection) noexcept;
  // Writes what every watched connection holds, each waiting for room up to its send
  // timeout. Raises the first failure (the connection is then closed) after trying all.
  // Waits without mutex_ (a SYNC_NONE caller's watch never waits behind it); several
  // threads may call it at once.
  void flush_all();
  // Ends the thread (what is still buffered stays with its connection).
  void stop() noexcept;

 private:
  struct Watched {
    Connection* connection;
    Clock::time_point due;
    int flushing = 0;  // flush_all calls writing it now: it is neither erased nor forgotten
  };
  void run();
  // Locks mutex_: one pass; the time of the next.
  Clock::time_point pass(Clock::time_point now);

  std::mutex mutex_;  // guards the members below; held while a watched connection is written
  std::condition_variable wake_;
  std::condition_variable flushed_;  // a flush_all is done with a connection
  std::vector<Watched> watched_;
  std::thread thread_;
  bool stopping_ = false;
};

}  // namespace rtorb::transport
