// The process's protocol registry, and what every protocol does alike.
#include "transport/protocol.hpp"

#include <unistd.h>

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "ior/giop_lite_component.hpp"
#include "transport/iiop_protocol.hpp"

// Weak: null unless the program links UIOP (rtorb::uiop carries
// --undefined=rtorb_uiop_protocol), so a program that never names it does not carry it.
extern "C" {
[[gnu::weak]] extern const rtorb::transport::LinkedProtocol rtorb_uiop_protocol;
}

namespace rtorb::transport {

std::unique_ptr<Connection> Protocol::accepted(Socket socket, int family,
                                               const ConnectionOptions& options) const {
  // Each accepted socket is set up itself (not through the listening socket it would
  // inherit from), so a lane's options changed since it opened reach its next clients.
  const SocketOptions wanted =
      options.socket_options ? options.socket_options->get() : SocketOptions{};
  if (try_apply_socket_options(socket.fd(), family, wanted)) return nullptr;
  return std::make_unique<Connection>(std::move(socket), options);
}

ProtocolRegistry::ProtocolRegistry() {
  add(std::make_unique<IiopProtocol>());
  if (&rtorb_uiop_protocol != nullptr) add(rtorb_uiop_protocol.make());
}

void ProtocolRegistry::add(std::unique_ptr<const Protocol> protocol) {
  std::lock_guard lock(adding_);
  const std::size_t n = count_.load(std::memory_order_relaxed);
  if (by_scheme(protocol->scheme()) != nullptr || by_tag(protocol->tag()) != nullptr ||
      n == capacity) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_endpoint,
                            "a protocol of this scheme or tag is registered, or too many are");
  }
  protocols_[n] = std::move(protocol);
  count_.store(n + 1, std::memory_order_release);
}

const Protocol* ProtocolRegistry::by_scheme(std::string_view scheme) const {
  const std::size_t n = count_.load(std::memory_order_acquire);
  for (std::size_t i = 0; i < n; ++i) {
    if (protocols_[i]->scheme() == scheme) return protocols_[i].get();
  }
  return nullptr;
}

const Protocol* ProtocolRegistry::by_tag(std::uint32_t tag) const {
  const std::size_t n = count_.load(std::memory_order_acquire);
  for (std::size_t i = 0; i < n; ++i) {
    if (protocols_[i]->tag() == tag) return protocols_[i].get();
  }
  return nullptr;
}

const Protocol& ProtocolRegistry::of(const Endpoint& endpoint) const {
  if (const Protocol* p = by_tag(endpoint.protocol)) return *p;
  raise<CORBA::BAD_PARAM>(minor::bad_param_bad_endpoint, "an endpoint of no known protocol");
}

std::optional<Endpoint> ProtocolRegistry::preferred(const ior::IiopProfile& profile) const {
  std::optional<Endpoint> best;
  int best_preference = 0;
  const std::size_t n = count_.load(std::memory_order_acquire);
  for (std::size_t i = 0; i < n; ++i) {
    const Protocol& p = *protocols_[i];
    if (best && p.preference() >= best_preference) continue;
    if (auto endpoint = p.reachable(profile)) {
      best = std::move(endpoint);
      best_preference = p.preference();
    }
  }
  return best;
}

ior::TaggedComponentSeq ProtocolRegistry::carried_components(
    const std::vector<Endpoint>& endpoints) const {
  ior::TaggedComponentSeq carried;
  for (const Endpoint& endpoint : endpoints) {
    const Protocol& p = of(endpoint);
    if (p.is_profile_address()) continue;
    for (auto& c : p.components(endpoint)) carried.push_back(std::move(c));
  }
  return carried;
}

std::string ProtocolRegistry::schemes() const {
  std::string names;
  const std::size_t n = count_.load(std::memory_order_acquire);
  for (std::size_t i = 0; i < n; ++i) {
    if (i != 0) names += ", ";
    names += protocols_[i]->scheme();
  }
  return names;
}

Endpoint client_endpoint(const ior::IiopProfile& profile) {
  if (ior::speaks_giop_lite(profile.components)) return {profile.host, profile.port, true};
  if (auto preferred = protocols().preferred(profile)) return std::move(*preferred);
  return {profile.host, profile.port};
}

ProtocolRegistry& protocols() {
  static ProtocolRegistry registry;
  return registry;
}

const std::string& local_host_name() {
  static const std::string name = [] {
    char buffer[256] = {};
    if (::gethostname(buffer, sizeof buffer - 1) != 0) return std::string();
    return std::string(buffer);
  }();
  return name;
}

Endpoint parse_endpoint(std::string_view text) {
  const auto colon = text.find("://");
  const Protocol* p =
      colon == std::string_view::npos ? nullptr : protocols().by_scheme(text.substr(0, colon));
  if (p == nullptr) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_endpoint,
                            "endpoint '" + std::string(text) + "': expected one of " +
                                protocols().schemes() + " as scheme://address");
  }
  return p->parse(text);
}

std::string format_endpoint(const Endpoint& endpoint) {
  return protocols().of(endpoint).format(endpoint);
}

}  // namespace rtorb::transport
