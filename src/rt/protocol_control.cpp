#include "rt/protocol_control.hpp"

#include <rtorb/cdr/object_reference.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <algorithm>

#include "client/client_side.hpp"
#include "core/orb_options.hpp"
#include "core/orb_parts.hpp"
#include "core/seams/seam_registry.hpp"
#include "rt/rt_state.hpp"

namespace rtorb::rt {
namespace {

constexpr int max_dscp = 63;

// RFC 2474's six bits, 0..32767 spread evenly: 0 is best effort, 32767 codepoint 63.
class LinearNetworkMapping final : public NetworkPriorityMapping {
 public:
  bool to_network(RTCORBA::Priority priority, std::int32_t& dscp) override {
    if (priority < RTCORBA::minPriority) return false;
    dscp = static_cast<std::int32_t>(priority) * max_dscp / RTCORBA::maxPriority;
    return true;
  }
  bool to_CORBA(std::int32_t dscp, RTCORBA::Priority& priority) override {
    if (dscp < 0 || dscp > max_dscp) return false;
    priority = static_cast<RTCORBA::Priority>(dscp * RTCORBA::maxPriority / max_dscp);
    return true;
  }
};

}  // namespace

bool is_iiop(const RTCORBA::Protocol& protocol) noexcept {
  return protocol.protocol_type() == cdr::profile_tag::internet_iop;
}

TcpProtocol tcp_protocol(const RTCORBA::Protocol& protocol, const transport::SocketOptions& base) {
  TcpProtocol tcp{base, false};
  auto properties = IDL::traits<RTCORBA::TCPProtocolProperties>::narrow(
      protocol.transport_protocol_properties());
  if (!properties) return tcp;
  tcp.sockets.send_buffer_size = properties->send_buffer_size();
  tcp.sockets.recv_buffer_size = properties->recv_buffer_size();
  tcp.sockets.keep_alive = properties->keep_alive();
  tcp.sockets.dont_route = properties->dont_route();
  tcp.sockets.no_delay = properties->no_delay();
  tcp.network_priority = properties->enable_network_priority();
  return tcp;
}

std::optional<TcpProtocol> iiop_protocol(const RTCORBA::ProtocolList& protocols,
                                         const transport::SocketOptions& base) {
  for (const auto& protocol : protocols) {
    if (is_iiop(protocol)) return tcp_protocol(protocol, base);
  }
  return std::nullopt;
}

std::optional<giop::HeaderMode> framing_of(const RTCORBA::Protocol& protocol) {
  auto framing = IDL::traits<GIOPFramingProperties>::narrow(protocol.orb_protocol_properties());
  if (!framing) return std::nullopt;
  return framing->giop_lite() ? giop::HeaderMode::lite : giop::HeaderMode::standard;
}

std::vector<giop::HeaderMode> server_framings(const RTCORBA::ProtocolList& protocols) {
  std::vector<giop::HeaderMode> modes;
  bool named = false;
  for (const auto& protocol : protocols) {
    if (!is_iiop(protocol)) continue;
    const auto framing = framing_of(protocol);
    named = named || framing.has_value();
    const giop::HeaderMode mode = framing.value_or(giop::HeaderMode::standard);
    if (std::find(modes.begin(), modes.end(), mode) == modes.end()) modes.push_back(mode);
  }
  if (!named) modes.clear();
  return modes;
}

std::shared_ptr<ProtocolControl> ProtocolControl::create(orb::OrbContext& orb,
                                                         bool network_priority) {
  auto control = std::make_shared<ProtocolControl>(orb, network_priority);
  orb::seams_of(orb).orb_policies().add_observer(
      [weak = std::weak_ptr<ProtocolControl>(control)](const CORBA::PolicyList& policies) {
        if (auto c = weak.lock()) c->orb_policies_changed(policies);
      });
  if (network_priority) orb::seams_of(orb).set_network_priority(control.get());
  return control;
}

ProtocolControl::ProtocolControl(orb::OrbContext& orb, bool network_priority)
    : orb_(orb), network_priority_(network_priority) {
  install_mapping(std::make_shared<LinearNetworkMapping>());
}

void ProtocolControl::install_mapping(std::shared_ptr<NetworkPriorityMapping> mapping) {
  if (!mapping) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_nil_mapping,
                            "a network priority mapping may not be null");
  }
  std::lock_guard lock(mutex_);
  mapping_.store(mapping.get(), std::memory_order_release);
  mappings_.push_back(std::move(mapping));
}

int ProtocolControl::dscp_of(RTCORBA::Priority priority) const noexcept {
  std::int32_t dscp = transport::SocketOptions::no_dscp;
  try {
    if (!mapping_.load(std::memory_order_acquire)->to_network(priority, dscp)) {
      return transport::SocketOptions::no_dscp;
    }
  } catch (...) {
    return transport::SocketOptions::no_dscp;  // an application's mapping that throws declines
  }
  return dscp >= 0 && dscp <= max_dscp ? dscp : transport::SocketOptions::no_dscp;
}

int ProtocolControl::dscp_for(std::int32_t priority) noexcept {
  if (priority < RTCORBA::minPriority || priority > RTCORBA::maxPriority) return no_dscp;
  return dscp_of(static_cast<RTCORBA::Priority>(priority));
}

std::shared_ptr<transport::SocketOptionsCell> ProtocolControl::open_lane(
    RTCORBA::Priority priority) const {
  transport::SocketOptions options = orb::options_of(orb_).socket_options;
  if (network_priority_) {
    if (const int dscp = dscp_of(priority); dscp != transport::SocketOptions::no_dscp) {
      options.dscp = dscp;
    }
  }
  return std::make_shared<transport::SocketOptionsCell>(options);
}

bool ProtocolControl::configure_pool(const Threadpool& pool, const TcpProtocol& tcp) {
  std::lock_guard lock(mutex_);
  const auto [it, fresh] = pools_.try_emplace(pool.id, tcp);
  if (!fresh) return it->second == tcp;
  for (const auto& lane : pool.lanes) {
    if (!lane->socket_options) continue;
    transport::SocketOptions options = tcp.sockets;
    if (tcp.network_priority || network_priority_) {
      if (const int dscp = dscp_of(lane->priority); dscp != transport::SocketOptions::no_dscp) {
        options.dscp = dscp;
      }
    }
    lane->socket_options->set(options);
  }
  return true;
}

std::shared_ptr<transport::SocketOptionsCell> ProtocolControl::client_sockets(
    const transport::SocketOptions& options) {
  std::lock_guard lock(mutex_);
  for (const auto& cell : client_cells_) {
    if (cell->get() == options) return cell;
  }
  return client_cells_.emplace_back(std::make_shared<transport::SocketOptionsCell>(options));
}

void ProtocolControl::orb_policies_changed(const CORBA::PolicyList& policies) {
  const transport::SocketOptions& base = orb::options_of(orb_).socket_options;
  std::optional<TcpProtocol> tcp;
  for (const auto& policy : policies) {
    if (auto client = IDL::traits<RTCORBA::ClientProtocolPolicy>::narrow(policy)) {
      tcp = iiop_protocol(client->protocols(), base);
    }
  }
  orb::client_of(orb_).socket_options().set(tcp ? tcp->sockets : base);
  const bool marking = network_priority_ || (tcp && tcp->network_priority);
  orb::seams_of(orb_).set_network_priority(marking ? this : nullptr);
}

}  // namespace rtorb::rt
