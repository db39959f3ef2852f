// An epoll event loop shared by N threads with the leader/followers protocol
// (docs/transport.md; Pyarali et al., "Leader/Followers").
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "transport/socket.hpp"

namespace rtorb::transport {

class Reactor;

class EventHandler {
 public:
  virtual ~EventHandler() = default;
  virtual int fd() const noexcept = 0;
  // Called when fd() is readable (or closed), by one thread at a time for this handler.
  // Return false to be removed and destroyed. An exception also removes the handler.
  virtual bool handle_input(Reactor& reactor) = 0;
};

class Reactor {
 public:
  using HandlerId = std::uint64_t;

  // Raises NO_RESOURCES no_resources_reactor if epoll or eventfd cannot be created.
  Reactor();
  Reactor(const Reactor&) = delete;
  Reactor& operator=(const Reactor&) = delete;
  // Destroys the remaining handlers; no thread may be inside handle_events.
  ~Reactor();

  // Registers for input, one-shot: the handler leaves the set while it runs and is
  // re-armed after. Safe from any thread, including inside a handler.
  HandlerId add(std::unique_ptr<EventHandler> handler);
  // Destroys the handler now, or right after the dispatch running it returns.
  void remove(HandlerId id);
  std::size_t handler_count() const;

  // Leader/followers: waits (up to `timeout` in all) to become the leader, waits as
  // leader for one event, promotes a follower, then handles the event on this thread.
  // Returns true if a handler ran; false on timeout or stop.
  bool handle_events(std::chrono::milliseconds timeout);
  // handle_events until stop().
  void run();
  // Makes every thread in handle_events/run return, now and later. Thread-safe.
  void stop();
  bool stopped() const;

 private:
  struct Entry {
    std::unique_ptr<EventHandler> handler;
    bool busy = false;     // a thread is in handle_input
    bool removed = false;  // remove() came while busy
  };
  static constexpr HandlerId wake_id = 0;

  void dispatch(HandlerId id);
  // Requires mutex_.
  void rearm(HandlerId id, int fd);
  std::unique_ptr<EventHandler> erase(std::unordered_map<HandlerId, Entry>::iterator it);

  Socket epoll_;
  Socket wake_;  // eventfd; made readable for good by stop()

  mutable std::mutex mutex_;  // guards handlers_, next_id_
  std::unordered_map<HandlerId, Entry> handlers_;
  HandlerId next_id_ = 1;

  mutable std::mutex lf_mutex_;  // guards leader_, stopped_
  std::condition_variable followers_;
  bool leader_ = false;
  bool stopped_ = false;
};

}  // namespace rtorb::transport
