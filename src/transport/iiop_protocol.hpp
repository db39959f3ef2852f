// IIOP as a protocol of the registry: GIOP over TCP, an IIOP profile's own address.
#pragma once

#include "transport/protocol.hpp"

namespace rtorb::transport {

class IiopProtocol final : public Protocol {
 public:
  std::string_view scheme() const noexcept override { return "iiop"; }
  std::uint32_t tag() const noexcept override { return protocol_tag::iiop; }
  int preference() const noexcept override { return 100; }  // after every local transport
  Endpoint parse(std::string_view text) const override { return parse_iiop_endpoint(text); }
  std::string format(const Endpoint& e) const override { return format_iiop_endpoint(e); }
  Listener listen(const Endpoint& endpoint, const ConnectionOptions& options,
                  int backlog) const override;
  std::unique_ptr<Connection> connect(const Endpoint& endpoint,
                                      const ConnectOptions& options) const override;
  bool is_profile_address() const noexcept override { return true; }
  ior::TaggedComponentSeq components(const Endpoint&) const override { return {}; }
  std::optional<Endpoint> reachable(const ior::IiopProfile& profile) const override;
};

}  // namespace rtorb::transport
