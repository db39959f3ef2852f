// Endpoints as written on a command line (iiop://host:port[/giop_lite], uiop:///path, any
// registered protocol's URL) and the resolution of IIOP ones to socket addresses.
#pragma once

#include <sys/socket.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rtorb::transport {

// Which protocol an endpoint belongs to: the tag that announces it in an IOR (a profile's or
// a component's), so the same number names it on the command line, in the registry and on
// the wire (docs/transport.md, "Protocols").
namespace protocol_tag {
inline constexpr std::uint32_t iiop = 0;           // TAG_INTERNET_IOP: TCP
inline constexpr std::uint32_t uiop = 0x41545402;  // TAG_OMNIORB_UNIX_TRANS: Unix socket
}  // namespace protocol_tag

struct Endpoint {
  Endpoint() = default;
  // An IIOP endpoint (what every caller wrote as {host, port[, giop_lite]}).
  Endpoint(std::string host_, std::uint16_t port_ = 0, bool giop_lite_ = false)
      : host(std::move(host_)), port(port_), giop_lite(giop_lite_) {}

  std::string host;        // name, IPv4 text or IPv6 text without brackets; empty = wildcard
  std::uint16_t port = 0;  // 0 in a listen endpoint = ephemeral
  // GIOPlite (giop/message_header.hpp) instead of standard GIOP headers: for closed systems
  // of rtorb peers only, which learn it from the IOR (docs/transport.md, "GIOPlite").
  bool giop_lite = false;
  std::uint32_t protocol = protocol_tag::iiop;
  // uiop: the socket's file name; "@name" is the abstract-namespace socket "name". A client
  // endpoint keeps the profile's TCP host and port beside it (its fallback).
  std::string path;

  friend bool operator==(const Endpoint&, const Endpoint&) = default;
  friend auto operator<=>(const Endpoint&, const Endpoint&) = default;
};

// Parses an endpoint URL through the protocol its scheme names (protocol.hpp). Raises
// BAD_PARAM bad_param_bad_endpoint for a scheme no protocol registered, or what that
// protocol's parser raises for a malformed rest.
Endpoint parse_endpoint(std::string_view text);
// The inverse, written by the endpoint's protocol.
std::string format_endpoint(const Endpoint& endpoint);

// IIOP's own forms: "iiop://host:port", "iiop://[v6]:port", "iiop://host" (port 0) or
// "iiop://:port", each optionally followed by "/" and the endpoint option "giop_lite".
// Raises BAD_PARAM bad_param_bad_endpoint for anything else (bad port, unbalanced
// brackets), bad_param_bad_endpoint_option for an option other than giop_lite.
Endpoint parse_iiop_endpoint(std::string_view text);
// Brackets around a host that contains ':', "/giop_lite" when it is.
std::string format_iiop_endpoint(const Endpoint& endpoint);

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
  // IIOP's {host, port}; for a Unix socket, uiop's path ("@name" when abstract, empty for
  // an unnamed client socket).
  Endpoint endpoint() const;
};

// Resolves through getaddrinfo (numeric text needs no lookup). `passive` resolves an
// empty host to the IPv4 wildcard for an acceptor. Raises TRANSIENT transient_unknown_host
// when the name does not resolve (or an empty host is given with passive false).
std::vector<SocketAddress> resolve(const Endpoint& endpoint, bool passive = false);

}  // namespace rtorb::transport
