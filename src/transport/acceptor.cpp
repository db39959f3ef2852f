// A listening socket of any protocol, and the connections it accepts.
#include "transport/acceptor.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "transport/protocol.hpp"

namespace rtorb::transport {

Acceptor::Acceptor(const Endpoint& endpoint, ConnectionOptions connection_options, int backlog)
    : protocol_(&protocols().of(endpoint)), connection_options_(std::move(connection_options)) {
  connection_options_.accepted = true;
  if (endpoint.giop_lite) connection_options_.mode = giop::HeaderMode::lite;
  Listener listener = protocol_->listen(endpoint, connection_options_, backlog);
  socket_ = std::move(listener.socket);
  endpoint_ = std::move(listener.bound);
  endpoint_.giop_lite = endpoint.giop_lite;
  family_ = listener.family;
  socket_file_ = std::move(listener.socket_file);
  file_device_ = listener.file_device;
  file_inode_ = listener.file_inode;
}

Acceptor::~Acceptor() {
  // Only the file this acceptor made: one a later server put there is left alone.
  struct stat now {};
  if (!socket_file_.empty() && ::lstat(socket_file_.c_str(), &now) == 0 &&
      now.st_dev == file_device_ && now.st_ino == file_inode_) {
    ::unlink(socket_file_.c_str());
  }
}

std::unique_ptr<Connection> Acceptor::accept() {
  for (;;) {
    const int fd = ::accept4(socket_.fd(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
      auto connection = protocol_->accepted(Socket(fd), family_, connection_options_);
      if (!connection) continue;  // refused (its socket options, its handshake): closed
      return connection;
    }
    if (errno == EINTR || errno == ECONNABORTED) continue;
    return nullptr;  // EAGAIN, or EMFILE & co: try again on the next readiness event
  }
}

}  // namespace rtorb::transport
