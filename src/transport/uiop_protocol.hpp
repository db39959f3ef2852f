// UIOP: GIOP over a Unix-domain stream socket, published as omniORB publishes giop:unix
// (a TAG_OMNIORB_UNIX_TRANS component in the IIOP profiles).
#pragma once

#include "transport/protocol.hpp"

namespace rtorb::transport {

class UiopProtocol final : public Protocol {
 public:
  std::string_view scheme() const noexcept override { return "uiop"; }
  std::uint32_t tag() const noexcept override { return protocol_tag::uiop; }
  int preference() const noexcept override { return 20; }
  // "uiop:///absolute/path" or "uiop:///@name" (Linux's abstract namespace).
  Endpoint parse(std::string_view text) const override;
  std::string format(const Endpoint& endpoint) const override;
  // Replaces the socket file of a dead server; a live one's is INITIALIZE.
  Listener listen(const Endpoint& endpoint, const ConnectionOptions& options,
                  int backlog) const override;
  // The socket; when it cannot be reached and the endpoint keeps a TCP address (from the
  // same profile), that instead.
  std::unique_ptr<Connection> connect(const Endpoint& endpoint,
                                      const ConnectOptions& options) const override;
  // TAG_OMNIORB_UNIX_TRANS: an encapsulation of { string host; string file_name; }.
  ior::TaggedComponentSeq components(const Endpoint& bound) const override;
  // A well-formed component naming this host.
  std::optional<Endpoint> reachable(const ior::IiopProfile& profile) const override;
};

// The component's two strings; nullopt when malformed.
struct UnixTransComponent {
  std::string host;
  std::string file_name;
};
ior::TaggedComponent encode_unix_trans(const UnixTransComponent& value);
std::optional<UnixTransComponent> decode_unix_trans(const ior::TaggedComponent& component);

}  // namespace rtorb::transport
