// Opening client connections.
#pragma once

#include <chrono>
#include <memory>

#include "transport/connection.hpp"
#include "transport/endpoint.hpp"

namespace rtorb::transport {

struct ConnectOptions {
  std::chrono::milliseconds timeout{10'000};  // for each address tried
  bool no_delay = true;                       // TCP_NODELAY: GIOP messages are small
  ConnectionOptions connection = {};
};

// Resolves `endpoint` and tries each address in order until one connects.
// Raises TRANSIENT transient_unknown_host / transient_connect_failed /
// transient_connect_timeout (detail: the endpoint and errno text of the last attempt).
std::unique_ptr<Connection> connect(const Endpoint& endpoint,
                                    const ConnectOptions& options = {});

}  // namespace rtorb::transport
