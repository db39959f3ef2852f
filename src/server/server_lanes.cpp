// The lanes beside the default one: opened, published and stopped.
#include "server/server_lanes.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <unistd.h>

#include <algorithm>

#include "core/orb_context.hpp"

namespace rtorb::orb {

std::string published_host(const transport::Endpoint& bound) {
  if (bound.host.empty() || bound.host == "0.0.0.0" || bound.host == "::") {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "127.0.0.1";
    return name;
  }
  return bound.host;
}

transport::Endpoint published_endpoint(const transport::Endpoint& bound) {
  transport::Endpoint published = bound;
  if (bound.protocol == transport::protocol_tag::iiop) published.host = published_host(bound);
  return published;
}

LaneId ServerLanes::add(const LaneOptions& options) {
  orb_.check_alive();
  if (orb_.shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown, "the ORB has shut down");
  }
  const OrbOptions& orb_options = orb_.options();
  for (const auto& endpoint : options.endpoints) {
    if (endpoint.giop_lite && orb_options.giop_version.minor == 0) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_endpoint_option,
                              transport::format_endpoint(endpoint) +
                                  ": a giop_lite endpoint needs -ORBGIOPVersion 1.1 or 1.2");
    }
  }
  const transport::ConnectionOptions connection = orb_.connection_options(
      options.socket_options
          ? options.socket_options
          : std::make_shared<transport::SocketOptionsCell>(orb_options.socket_options));
  // Beside the first TCP endpoint of the ORB (a Unix socket has no host to share).
  std::string host = "127.0.0.1";
  for (const auto& e : orb_options.endpoints) {
    if (e.protocol != transport::protocol_tag::iiop) continue;
    host = e.host;
    break;
  }
  auto lane = std::make_shared<ServerLane>(options, host, connections_, connection);
  for (const auto& bound : lane->bound()) {
    orb_.debug(1, "lane listening on " + transport::format_endpoint(bound));
  }
  std::lock_guard lock(mutex_);
  const LaneId id = next_lane_++;
  lanes_.emplace(id, std::move(lane));
  republish();
  return id;
}

void ServerLanes::remove(LaneId id) {
  std::shared_ptr<ServerLane> lane;
  {
    std::lock_guard lock(mutex_);
    auto it = lanes_.find(id);
    if (it == lanes_.end()) return;
    lane = std::move(it->second);
    lanes_.erase(it);
    republish();
  }
  lane->stop();
}

std::shared_ptr<ServerLane> ServerLanes::find(LaneId id) const {
  std::lock_guard lock(mutex_);
  auto it = lanes_.find(id);
  return it == lanes_.end() ? nullptr : it->second;
}

std::vector<transport::Endpoint> ServerLanes::endpoints(LaneId id) const {
  std::vector<transport::Endpoint> published;
  const std::shared_ptr<ServerLane> lane = find(id);
  if (!lane) return published;
  for (const auto& bound : lane->bound()) published.push_back(published_endpoint(bound));
  return published;
}

bool ServerLanes::ensure_framing(LaneId id, bool lite) {
  std::lock_guard lock(mutex_);
  auto it = lanes_.find(id);
  if (it == lanes_.end()) return false;
  const std::vector<transport::Endpoint> bound = it->second->bound();
  if (std::any_of(bound.begin(), bound.end(),
                  [lite](const transport::Endpoint& e) { return e.giop_lite == lite; })) {
    return true;
  }
  // Beside the lane's first endpoint, on a port of the kernel's choosing.
  const transport::Endpoint opened = it->second->add_endpoint({bound.front().host, 0, lite});
  orb_.debug(1, "lane listening on " + transport::format_endpoint(opened));
  republish();
  return true;
}

bool ServerLanes::publishes(std::string_view host, std::uint16_t port) const noexcept {
  if (const auto endpoints = published_.load(std::memory_order_acquire)) {
    for (const auto& e : *endpoints) {
      if (e.port == port && e.host == host) return true;
    }
  }
  return false;
}

void ServerLanes::stop_accepting() noexcept {
  std::lock_guard lock(mutex_);
  for (auto& [id, lane] : lanes_) lane->stop_accepting();
}

void ServerLanes::stop_loops() noexcept {
  std::lock_guard lock(mutex_);
  for (auto& [id, lane] : lanes_) lane->stop_loop();
}

void ServerLanes::stop_all() noexcept {
  std::map<LaneId, std::shared_ptr<ServerLane>> lanes;
  {
    std::lock_guard lock(mutex_);
    lanes.swap(lanes_);
  }
  // Joined here, not when the last reference goes: the rt layer or a borrowing lane may
  // still hold one, and a lane thread left running would retire its connections into
  // the ServerConnections this ORB is about to free.
  for (const auto& [id, lane] : lanes) lane->stop();
}

void ServerLanes::republish() {
  auto all = std::make_shared<std::vector<transport::Endpoint>>();
  for (const auto& [id, lane] : lanes_) {
    for (const auto& bound : lane->bound()) all->push_back({published_host(bound), bound.port});
  }
  published_.store(std::move(all), std::memory_order_release);
}

}  // namespace rtorb::orb
