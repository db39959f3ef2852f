// What a TCP socket is set up with beyond what GIOP needs (buffer sizes, keep-alive, the
// DSCP codepoint), and a shared, changeable set that acceptors and connectors read as they
// open sockets (docs/transport.md, "socket options").
#pragma once

#include <mutex>
#include <optional>

#include "transport/pi_mutex.hpp"

namespace rtorb::transport {

struct SocketOptions {
  static constexpr int no_dscp = -1;
  // SO_SNDBUF / SO_RCVBUF in bytes; 0 or less leaves what the socket has (the kernel's
  // default, which Linux tunes as the connection runs). Linux doubles what it is given
  // and caps it at net.core.wmem_max / rmem_max.
  int send_buffer_size = 0;
  int recv_buffer_size = 0;
  bool no_delay = true;  // TCP_NODELAY: GIOP messages are small and wait for their replies
  bool keep_alive = false;  // SO_KEEPALIVE (the ORB's sockets have it on: orb_options.hpp)
  int keep_alive_idle_s = 30;     // TCP_KEEPIDLE: silence before the first probe
  int keep_alive_interval_s = 5;  // TCP_KEEPINTVL: between unanswered probes
  int keep_alive_count = 4;       // TCP_KEEPCNT: unanswered probes that end the connection
  // TCP_USER_TIMEOUT: how long sent bytes may stay unacknowledged before the connection is
  // ended; 0 leaves the kernel's retries (~15 minutes).
  int user_timeout_ms = 0;
  bool dont_route = false;  // SO_DONTROUTE: only hosts on a directly attached network
  // The DSCP (0..63) written into the IPv4 TOS or IPv6 traffic class byte (dscp << 2, the
  // ECN bits left 0); no_dscp leaves the socket's.
  int dscp = no_dscp;
  friend bool operator==(const SocketOptions&, const SocketOptions&) = default;
};

// Which option a socket refused, and why.
struct SocketOptionError {
  const char* option;
  int err;
};

// Sets `options` on the TCP socket `fd` of address family `family` (AF_INET or AF_INET6).
// The booleans are always written (an accepted socket would otherwise keep its listening
// socket's); buffer sizes and the DSCP only when given. The first refusal stops it.
std::optional<SocketOptionError> try_apply_socket_options(int fd, int family,
                                                          const SocketOptions& options) noexcept;

// Marks what `fd` sends with `dscp` (0..63); false (errno set) when refused.
bool set_dscp(int fd, int family, int dscp) noexcept;

// The options an acceptor gives the connections it accepts from now on, or a connector the
// sockets it opens: shared by whoever opens sockets with it and whoever may change it (the
// rt layer, when a POA with protocol properties starts using a lane). Read once per socket
// opened, never per message.
class SocketOptionsCell {
 public:
  explicit SocketOptionsCell(SocketOptions options = {}) noexcept : options_(options) {}
  SocketOptionsCell(const SocketOptionsCell&) = delete;
  SocketOptionsCell& operator=(const SocketOptionsCell&) = delete;

  SocketOptions get() const noexcept {
    std::lock_guard lock(mutex_);
    return options_;
  }
  void set(const SocketOptions& options) noexcept {
    std::lock_guard lock(mutex_);
    options_ = options;
  }

 private:
  // Priority-inheriting: a lane's thread of any priority may accept.
  mutable PiMutex mutex_;  // guards options_
  SocketOptions options_;
};

}  // namespace rtorb::transport
