#include "transport/endpoint.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/un.h>

#include <cstddef>

#include <charconv>
#include <cstring>
#include <memory>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

namespace rtorb::transport {
namespace {

constexpr std::string_view scheme = "iiop://";
constexpr std::string_view giop_lite_option = "giop_lite";

[[noreturn]] void bad_endpoint(std::string_view text, std::string_view why) {
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_endpoint,
                          "endpoint '" + std::string(text) + "': " + std::string(why));
}

std::uint16_t parse_port(std::string_view text, std::string_view port) {
  if (port.empty()) bad_endpoint(text, "empty port");
  unsigned value = 0;
  auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (ec != std::errc{} || end != port.data() + port.size() || value > 65535) {
    bad_endpoint(text, "port is not a number from 0 to 65535");
  }
  return static_cast<std::uint16_t>(value);
}

// The text after the address's '/': empty or one option.
void parse_option(std::string_view text, std::string_view option, Endpoint& result) {
  if (option.empty()) return;
  if (option != giop_lite_option) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_endpoint_option,
                            "endpoint '" + std::string(text) + "': unknown option '" +
                                std::string(option) + "' (the only one is giop_lite)");
  }
  result.giop_lite = true;
}

}  // namespace

Endpoint parse_iiop_endpoint(std::string_view text) {
  if (!text.starts_with(scheme)) bad_endpoint(text, "expected iiop://host:port");
  std::string_view rest = text.substr(scheme.size());
  Endpoint result;
  // No host form contains '/' (an IPv6 address neither), so the first one ends the address.
  if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
    parse_option(text, rest.substr(slash + 1), result);
    rest = rest.substr(0, slash);
  }
  std::string_view after_host;
  if (rest.starts_with('[')) {
    const auto close = rest.find(']');
    if (close == std::string_view::npos) bad_endpoint(text, "'[' without ']'");
    result.host = std::string(rest.substr(1, close - 1));
    if (result.host.empty()) bad_endpoint(text, "empty IPv6 address");
    after_host = rest.substr(close + 1);
  } else {
    const auto colon = rest.find(':');
    result.host = std::string(rest.substr(0, colon));
    if (colon != std::string_view::npos) after_host = rest.substr(colon);
    if (result.host.find_first_of("[]/@") != std::string::npos) bad_endpoint(text, "bad host");
  }
  if (after_host.empty()) return result;
  if (after_host.front() != ':') bad_endpoint(text, "expected ':' before the port");
  result.port = parse_port(text, after_host.substr(1));
  return result;
}

std::string format_iiop_endpoint(const Endpoint& endpoint) {
  std::string out(scheme);
  if (endpoint.host.find(':') != std::string::npos) {
    out += '[' + endpoint.host + ']';
  } else {
    out += endpoint.host;
  }
  out += ':' + std::to_string(endpoint.port);
  if (endpoint.giop_lite) out += "/" + std::string(giop_lite_option);
  return out;
}

std::uint16_t SocketAddress::port() const noexcept {
  if (family() == AF_INET)
    return ntohs(reinterpret_cast<const sockaddr_in*>(&storage)->sin_port);
  if (family() == AF_INET6)
    return ntohs(reinterpret_cast<const sockaddr_in6*>(&storage)->sin6_port);
  return 0;
}

Endpoint SocketAddress::endpoint() const {
  if (family() != AF_UNIX) return {host(), port()};
  Endpoint endpoint;
  endpoint.protocol = protocol_tag::uiop;
  const auto* un = reinterpret_cast<const sockaddr_un*>(&storage);
  const std::size_t offset = offsetof(sockaddr_un, sun_path);
  if (length <= offset) return endpoint;
  const std::size_t size = length - offset;
  if (un->sun_path[0] == '\0') {
    endpoint.path = "@" + std::string(un->sun_path + 1, size - 1);
  } else {
    endpoint.path = std::string(un->sun_path, strnlen(un->sun_path, size));
  }
  return endpoint;
}

std::string SocketAddress::host() const {
  char buffer[INET6_ADDRSTRLEN] = {};
  const void* where =
      family() == AF_INET
          ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(&storage)->sin_addr)
          : static_cast<const void*>(
                &reinterpret_cast<const sockaddr_in6*>(&storage)->sin6_addr);
  if (inet_ntop(family(), where, buffer, sizeof buffer) == nullptr) return {};
  return buffer;
}

std::vector<SocketAddress> resolve(const Endpoint& endpoint, bool passive) {
  if (endpoint.host.empty() && !passive) {
    raise<CORBA::TRANSIENT>(minor::transient_unknown_host, "cannot connect to an empty host");
  }
  addrinfo hints{};
  hints.ai_family = endpoint.host.empty() ? AF_INET : AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
  const std::string port = std::to_string(endpoint.port);
  addrinfo* list = nullptr;
  const int rc = getaddrinfo(endpoint.host.empty() ? nullptr : endpoint.host.c_str(),
                             port.c_str(), &hints, &list);
  if (rc != 0) {
    raise<CORBA::TRANSIENT>(minor::transient_unknown_host,
                            "cannot resolve '" + endpoint.host + "': " + gai_strerror(rc));
  }
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> owner(list, &freeaddrinfo);
  std::vector<SocketAddress> result;
  for (const addrinfo* ai = list; ai != nullptr; ai = ai->ai_next) {
    if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6) continue;
    SocketAddress address;
    std::memcpy(&address.storage, ai->ai_addr, ai->ai_addrlen);
    address.length = ai->ai_addrlen;
    result.push_back(address);
  }
  if (result.empty()) {
    raise<CORBA::TRANSIENT>(minor::transient_unknown_host,
                            "no IP address for '" + endpoint.host + "'");
  }
  return result;
}

}  // namespace rtorb::transport
