#include "transport/socket_options.hpp"

#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <cerrno>
#include <mutex>

namespace rtorb::transport {
namespace {

bool set_int(int fd, int level, int name, int value) noexcept {
  return ::setsockopt(fd, level, name, &value, sizeof value) == 0;
}

}  // namespace

bool set_dscp(int fd, int family, int dscp) noexcept {
  const int traffic_class = (dscp & 0x3f) << 2;
  if (family == AF_INET6) return set_int(fd, IPPROTO_IPV6, IPV6_TCLASS, traffic_class);
  return set_int(fd, IPPROTO_IP, IP_TOS, traffic_class);
}

std::optional<SocketOptionError> try_apply_socket_options(int fd, int family,
                                                          const SocketOptions& o) noexcept {
  // Buffer sizes first: on a socket not yet connected they decide the window scale the
  // handshake offers.
  if (o.send_buffer_size > 0 && !set_int(fd, SOL_SOCKET, SO_SNDBUF, o.send_buffer_size))
    return SocketOptionError{"SO_SNDBUF", errno};
  if (o.recv_buffer_size > 0 && !set_int(fd, SOL_SOCKET, SO_RCVBUF, o.recv_buffer_size))
    return SocketOptionError{"SO_RCVBUF", errno};
  // A Unix-domain socket has buffers and nothing of TCP or IP.
  if (family == AF_UNIX) return std::nullopt;
  if (!set_int(fd, IPPROTO_TCP, TCP_NODELAY, o.no_delay ? 1 : 0))
    return SocketOptionError{"TCP_NODELAY", errno};
  if (!set_int(fd, SOL_SOCKET, SO_KEEPALIVE, o.keep_alive ? 1 : 0))
    return SocketOptionError{"SO_KEEPALIVE", errno};
  if (o.keep_alive) {
    if (!set_int(fd, IPPROTO_TCP, TCP_KEEPIDLE, o.keep_alive_idle_s))
      return SocketOptionError{"TCP_KEEPIDLE", errno};
    if (!set_int(fd, IPPROTO_TCP, TCP_KEEPINTVL, o.keep_alive_interval_s))
      return SocketOptionError{"TCP_KEEPINTVL", errno};
    if (!set_int(fd, IPPROTO_TCP, TCP_KEEPCNT, o.keep_alive_count))
      return SocketOptionError{"TCP_KEEPCNT", errno};
  }
  if (!set_int(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, o.user_timeout_ms))
    return SocketOptionError{"TCP_USER_TIMEOUT", errno};
  if (!set_int(fd, SOL_SOCKET, SO_DONTROUTE, o.dont_route ? 1 : 0))
    return SocketOptionError{"SO_DONTROUTE", errno};
  if (o.dscp != SocketOptions::no_dscp && !set_dscp(fd, family, o.dscp))
    return SocketOptionError{family == AF_INET6 ? "IPV6_TCLASS" : "IP_TOS", errno};
  return std::nullopt;
}

}  // namespace rtorb::transport
