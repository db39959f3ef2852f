// IIOP's listening sockets, connections and profile addresses.
#include "transport/iiop_protocol.hpp"

#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

namespace rtorb::transport {
namespace {

[[noreturn]] void listen_failed(const Endpoint& endpoint, const char* what, int err) {
  raise<CORBA::INITIALIZE>(minor::initialize_listen_failed,
                           format_iiop_endpoint(endpoint) + ": " + errno_text(what, err));
}

}  // namespace

Listener IiopProtocol::listen(const Endpoint& endpoint, const ConnectionOptions&,
                              int backlog) const {
  const SocketAddress address = resolve(endpoint, true).front();
  Listener l;
  l.family = address.family();
  l.socket.reset(::socket(address.family(), SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!l.socket) listen_failed(endpoint, "socket", errno);
  const int one = 1;
  if (::setsockopt(l.socket.fd(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0) {
    listen_failed(endpoint, "SO_REUSEADDR", errno);
  }
  // One socket per family keeps IPv4 and IPv6 endpoints independent and explicit.
  if (address.family() == AF_INET6 &&
      ::setsockopt(l.socket.fd(), IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one) != 0) {
    listen_failed(endpoint, "IPV6_V6ONLY", errno);
  }
  if (::bind(l.socket.fd(), address.get(), address.length) != 0)
    listen_failed(endpoint, "bind", errno);
  if (::listen(l.socket.fd(), backlog) != 0) listen_failed(endpoint, "listen", errno);
  SocketAddress bound;
  bound.length = sizeof bound.storage;
  if (::getsockname(l.socket.fd(), bound.get(), &bound.length) != 0) {
    listen_failed(endpoint, "getsockname", errno);
  }
  l.bound = bound.endpoint();
  return l;
}

std::unique_ptr<Connection> IiopProtocol::connect(const Endpoint& endpoint,
                                                  const ConnectOptions& options) const {
  return connect_addresses(endpoint, resolve(endpoint), options);
}

std::optional<Endpoint> IiopProtocol::reachable(const ior::IiopProfile& profile) const {
  if (profile.host.empty()) return std::nullopt;
  return Endpoint{profile.host, profile.port};
}

}  // namespace rtorb::transport
