#include "transport/acceptor.hpp"

#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

namespace rtorb::transport {
namespace {

[[noreturn]] void listen_failed(const Endpoint& endpoint, const char* what, int err) {
  raise<CORBA::INITIALIZE>(minor::initialize_listen_failed,
                           format_endpoint(endpoint) + ": " + errno_text(what, err));
}

}  // namespace

Acceptor::Acceptor(const Endpoint& endpoint, ConnectionOptions connection_options, int backlog)
    : connection_options_(std::move(connection_options)) {
  connection_options_.accepted = true;
  if (endpoint.giop_lite) connection_options_.mode = giop::HeaderMode::lite;
  const SocketAddress address = resolve(endpoint, true).front();
  family_ = address.family();
  socket_.reset(::socket(address.family(), SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!socket_) listen_failed(endpoint, "socket", errno);
  const int one = 1;
  if (::setsockopt(socket_.fd(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0) {
    listen_failed(endpoint, "SO_REUSEADDR", errno);
  }
  // One socket per family keeps IPv4 and IPv6 endpoints independent and explicit.
  if (address.family() == AF_INET6 &&
      ::setsockopt(socket_.fd(), IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one) != 0) {
    listen_failed(endpoint, "IPV6_V6ONLY", errno);
  }
  if (::bind(socket_.fd(), address.get(), address.length) != 0)
    listen_failed(endpoint, "bind", errno);
  if (::listen(socket_.fd(), backlog) != 0) listen_failed(endpoint, "listen", errno);
  SocketAddress bound;
  bound.length = sizeof bound.storage;
  if (::getsockname(socket_.fd(), bound.get(), &bound.length) != 0) {
    listen_failed(endpoint, "getsockname", errno);
  }
  endpoint_ = bound.endpoint();
  endpoint_.giop_lite = endpoint.giop_lite;
}

std::unique_ptr<Connection> Acceptor::accept() {
  for (;;) {
    const int fd = ::accept4(socket_.fd(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
      Socket socket(fd);
      // Each accepted socket is set up itself (not through the listening socket it would
      // inherit from), so a lane's options changed since it opened reach its next clients.
      const SocketOptions options = connection_options_.socket_options
                                        ? connection_options_.socket_options->get()
                                        : SocketOptions{};
      if (try_apply_socket_options(fd, family_, options)) continue;  // refused: closed
      return std::make_unique<Connection>(std::move(socket), connection_options_);
    }
    if (errno == EINTR || errno == ECONNABORTED) continue;
    return nullptr;  // EAGAIN, or EMFILE & co: try again on the next readiness event
  }
}

}  // namespace rtorb::transport
