#include "transport/connector.hpp"

#include <poll.h>
#include <sys/socket.h>

#include <cerrno>
#include <optional>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "transport/protocol.hpp"

namespace rtorb::transport {
namespace {

struct Attempt {
  Socket socket;
  int err = 0;
  const char* what = "connect";
  bool timed_out = false;
};

// A non-blocking connect waited for with poll: the timeout needs it.
Attempt try_connect(const SocketAddress& address, std::chrono::milliseconds timeout,
                    const SocketOptions& options) {
  Attempt attempt;
  attempt.socket.reset(
      ::socket(address.family(), SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!attempt.socket) {
    attempt.err = errno;
    return attempt;
  }
  if (const auto refused =
          try_apply_socket_options(attempt.socket.fd(), address.family(), options)) {
    attempt.err = refused->err;
    attempt.what = refused->option;
    attempt.socket.reset();
    return attempt;
  }
  if (::connect(attempt.socket.fd(), address.get(), address.length) == 0) return attempt;
  if (errno != EINPROGRESS && errno != EINTR) {
    attempt.err = errno;
    attempt.socket.reset();
    return attempt;
  }
  ::pollfd pfd{attempt.socket.fd(), POLLOUT, 0};
  int ready = 0;
  do {
    ready = ::poll(&pfd, 1, static_cast<int>(timeout.count()));
  } while (ready < 0 && errno == EINTR);
  if (ready == 0) {
    attempt.timed_out = true;
    attempt.err = ETIMEDOUT;
    attempt.socket.reset();
    return attempt;
  }
  int err = 0;
  socklen_t len = sizeof err;
  if (ready < 0) {
    err = errno;
  } else if (::getsockopt(attempt.socket.fd(), SOL_SOCKET, SO_ERROR, &err, &len) != 0) {
    err = errno;
  }
  if (err != 0) {
    attempt.err = err;
    attempt.socket.reset();
  }
  return attempt;
}

}  // namespace

std::unique_ptr<Connection> connect(const Endpoint& endpoint, const ConnectOptions& options) {
  return protocols().of(endpoint).connect(endpoint, options);
}

std::unique_ptr<Connection> connect_addresses(const Endpoint& endpoint,
                                              const std::vector<SocketAddress>& addresses,
                                              const ConnectOptions& options) {
  const SocketOptions socket_options = options.connection.socket_options
                                           ? options.connection.socket_options->get()
                                           : SocketOptions{};
  ConnectionOptions connection = options.connection;
  if (endpoint.giop_lite) connection.mode = giop::HeaderMode::lite;
  std::optional<Attempt> last;
  for (const SocketAddress& address : addresses) {
    Attempt attempt = try_connect(address, options.timeout, socket_options);
    if (attempt.socket) return std::make_unique<Connection>(std::move(attempt.socket), connection);
    last = std::move(attempt);
  }
  if (!last) {
    raise<CORBA::TRANSIENT>(minor::transient_connect_failed,
                            format_endpoint(endpoint) + ": no address to connect to");
  }
  const std::string detail =
      format_endpoint(endpoint) + ": " + errno_text(last->what, last->err);
  if (last->timed_out) raise<CORBA::TRANSIENT>(minor::transient_connect_timeout, detail);
  raise<CORBA::TRANSIENT>(minor::transient_connect_failed, detail);
}

}  // namespace rtorb::transport
