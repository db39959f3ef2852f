// IIOP endpoints as written on a command line (iiop://host:port) and their resolution to
// socket addresses.
#pragma once

#include <sys/socket.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rtorb::transport {

struct Endpoint {
  std::string host;        // name, IPv4 text or IPv6 text without brackets; empty = wildcard
  std::uint16_t port = 0;  // 0 in a listen endpoint = ephemeral
  friend bool operator==(const Endpoint&, const Endpoint&) = default;
  friend auto operator<=>(const Endpoint&, const Endpoint&) = default;
};

// Parses "iiop://host:port", "iiop://[v6]:port", "iiop://host" (port 0) or "iiop://:port".
// Raises BAD_PARAM bad_param_bad_endpoint for anything else (other scheme, bad port,
// unbalanced brackets).
Endpoint parse_endpoint(std::string_view text);
// The inverse: brackets around a host that contains ':'.
std::string format_endpoint(const Endpoint& endpoint);

// One resolved address.
struct SocketAddress {
  sockaddr_storage storage{};
  socklen_t length = 0;

  int family() const noexcept { return storage.ss_family; }
  const sockaddr* get() const noexcept { return reinterpret_cast<const sockaddr*>(&storage); }
  sockaddr* get() noexcept { return reinterpret_cast<sockaddr*>(&storage); }
  std::uint16_t port() const noexcept;
  // Numeric host text (IPv6 without brackets).
  std::string host() const;
  Endpoint endpoint() const { return {host(), port()}; }
};

// Resolves through getaddrinfo (numeric text needs no lookup). `passive` resolves an
// empty host to the IPv4 wildcard for an acceptor. Raises TRANSIENT transient_unknown_host
// when the name does not resolve (or an empty host is given with passive false).
std::vector<SocketAddress> resolve(const Endpoint& endpoint, bool passive = false);

}  // namespace rtorb::transport
