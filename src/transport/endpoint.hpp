// IIOP endpoints as written on a command line (iiop://host:port[/giop_lite]) and their
// resolution to socket addresses.
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
  // GIOPlite (giop/message_header.hpp) instead of standard GIOP headers: for closed systems
  // of rtorb peers only, which learn it from the IOR (docs/transport.md, "GIOPlite").
  bool giop_lite = false;
  friend bool operator==(const Endpoint&, const Endpoint&) = default;
  friend auto operator<=>(const Endpoint&, const Endpoint&) = default;
};

// Parses "iiop://host:port", "iiop://[v6]:port", "iiop://host" (port 0) or "iiop://:port",
// each optionally followed by "/" and the endpoint option "giop_lite". Raises BAD_PARAM
// bad_param_bad_endpoint for anything else (other scheme, bad port, unbalanced brackets),
// bad_param_bad_endpoint_option for an option other than giop_lite.
Endpoint parse_endpoint(std::string_view text);
// The inverse: brackets around a host that contains ':', "/giop_lite" when it is.
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
