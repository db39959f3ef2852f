// A non-blocking listening socket for one endpoint, of the protocol the endpoint names.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>

#include "transport/connection.hpp"
#include "transport/endpoint.hpp"
#include "transport/socket.hpp"

namespace rtorb::transport {

class Protocol;

class Acceptor {
 public:
  // Listens through the endpoint's protocol (Protocol::listen). For IIOP: binds the first
  // address `endpoint` resolves to (an empty host: the IPv4 wildcard), with SO_REUSEADDR,
  // IPV6_V6ONLY for IPv6. A giop_lite endpoint makes its connections GIOPlite whatever
  // `connection_options` says. Raises INITIALIZE initialize_listen_failed with the errno
  // text, or resolve()'s exceptions.
  explicit Acceptor(const Endpoint& endpoint, ConnectionOptions connection_options = {},
                    int backlog = 128);
  Acceptor(const Acceptor&) = delete;
  Acceptor& operator=(const Acceptor&) = delete;
  ~Acceptor();  // removes the socket file it made (uiop), if it is still there

  int fd() const noexcept { return socket_.fd(); }
  // Where it really listens: the numeric address and the kernel's port if 0 was asked
  // (and giop_lite as asked).
  const Endpoint& endpoint() const noexcept { return endpoint_; }
  std::uint16_t port() const noexcept { return endpoint_.port; }
  // What its connections get (their header mode included).
  const ConnectionOptions& connection_options() const noexcept { return connection_options_; }

  // Never blocks: the next pending connection, set up with the socket options the cell of
  // connection_options() holds now (TCP_NODELAY alone without one), or null if none.
  // Transient accept errors (aborted connections, fd exhaustion) also give null; a
  // connection that refuses its socket options is closed and the next one taken.
  std::unique_ptr<Connection> accept();

 private:
  const Protocol* protocol_;
  Socket socket_;
  Endpoint endpoint_;
  int family_ = 0;
  ConnectionOptions connection_options_;
  std::string socket_file_;
  dev_t file_device_ = 0;
  ino_t file_inode_ = 0;
};

}  // namespace rtorb::transport
