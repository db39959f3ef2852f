// Thread-per-connection serving: each accepted connection gets a thread of its own that
// blocks in recv on it, runs the upcall and writes the reply (docs/transport.md).
#pragma once

#include <atomic>
#include <list>
#include <memory>
#include <mutex>
#include <thread>

#include "transport/server_handlers.hpp"

namespace rtorb::transport {

class ConnectionThreads {
 public:
  ConnectionThreads() = default;
  ConnectionThreads(const ConnectionThreads&) = delete;
  ConnectionThreads& operator=(const ConnectionThreads&) = delete;
  ~ConnectionThreads() { stop(); }

  // Starts a thread serving `handler`'s connection until it closes; the thread destroys the
  // handler before it ends. After stop(), the connection is closed at once instead. Threads
  // of connections that have ended are joined here, so they do not pile up. Raises what
  // std::thread raises when no thread can be made (the connection is then closed).
  void start(std::unique_ptr<ConnectionHandler> handler);

  // Ends input on every connection (a thread blocked in recv wakes up; one in an upcall
  // still writes its reply), then joins every thread, each closing its connection.
  // Must not be called from one of these threads. Idempotent.
  void stop() noexcept;

  // Connections being served now.
  std::size_t size() const;

 private:
  struct Served {
    std::unique_ptr<ConnectionHandler> handler;  // null once its thread has let go of it
    std::thread thread;
    bool done = false;
  };
  void serve(Served& served);
  // Requires mutex_.
  void join_finished();

  mutable std::mutex mutex_;  // guards served_ (the list and each Served's members)
  std::list<Served> served_;  // a list: each thread holds a reference to its element
  bool stopped_ = false;
};

}  // namespace rtorb::transport
