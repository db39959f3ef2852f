// The multiplexed client strategy: requests to one endpoint share a connection; threads
// waiting for replies take turns reading it (leader/followers) and hand each reply to the
// thread that owns its request id.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "giop/fragments.hpp"
#include "transport/connection.hpp"

namespace rtorb::orb {

class MultiplexedConnection {
 public:
  // One outstanding request: its reply (a whole message) or why there is none.
  struct Waiter {
    bool done = false;
    std::vector<std::uint8_t> reply;
    std::exception_ptr error;
  };

  MultiplexedConnection(std::unique_ptr<transport::Connection> connection,
                        std::uint32_t max_message_size);
  MultiplexedConnection(const MultiplexedConnection&) = delete;
  MultiplexedConnection& operator=(const MultiplexedConnection&) = delete;

  transport::Connection& connection() noexcept { return *connection_; }
  // False once the connection failed or the server closed it; a new one is opened then.
  bool usable() const;

  // Registers request `id` before it is sent, so its reply cannot arrive unclaimed.
  void expect(std::uint32_t id, Waiter& waiter);
  void forget(std::uint32_t id) noexcept;
  // Blocks until `waiter` has its reply, reading for everyone while no other thread does.
  // `timeout` zero waits for ever. Raises TIMEOUT (COMPLETED_MAYBE), COMM_FAILURE
  // (COMPLETED_MAYBE) when the connection breaks, TRANSIENT transient_close_connection
  // when the server closed it before replying (the request may be reissued).
  void wait(std::uint32_t id, Waiter& waiter, std::chrono::milliseconds timeout);

 private:
  // Leader only, without mutex_: reads one message and files it. Returns the error that
  // ends the connection, if any.
  std::exception_ptr read_one(std::chrono::milliseconds slice);
  // Requires mutex_.
  void fail_all(std::exception_ptr error);

  std::unique_ptr<transport::Connection> connection_;
  giop::FragmentAssembler assembler_;  // touched by the reading thread only
  std::uint32_t max_message_size_;

  mutable std::mutex mutex_;  // guards the members below
  std::condition_variable turn_;
  bool reading_ = false;
  bool failed_ = false;
  std::map<std::uint32_t, Waiter*> waiters_;
};

}  // namespace rtorb::orb
