// Opening client connections.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "transport/connection.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::transport {

struct ConnectOptions {
  std::chrono::milliseconds timeout{10'000};  // for each address tried
  // connection.socket_options: what each socket is set up with before it connects (so
  // buffer sizes decide the window scale); null: TCP_NODELAY alone.
  ConnectionOptions connection = {};
};

// Connects through the endpoint's protocol (protocol.hpp); for IIOP: resolves `endpoint`
// and tries each address in order until one connects. A giop_lite endpoint gives a
// GIOPlite connection whatever options.connection says.
// Raises TRANSIENT transient_unknown_host / transient_connect_failed /
// transient_connect_timeout (detail: the endpoint and errno text of the last attempt; a
// socket option refused is a failed attempt, named in the detail).
std::unique_ptr<Connection> connect(const Endpoint& endpoint,
                                    const ConnectOptions& options = {});

// What a socket protocol's connect does once it knows the addresses: each in order until
// one connects, as above (`endpoint` names the target in messages and gives the mode).
std::unique_ptr<Connection> connect_addresses(const Endpoint& endpoint,
                                              const std::vector<SocketAddress>& addresses,
                                              const ConnectOptions& options);

}  // namespace rtorb::transport
