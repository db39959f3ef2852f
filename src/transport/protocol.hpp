// The pluggable transport: a protocol is a factory of acceptors, connections and IOR
// addresses, registered by the tag that announces it in an IOR (docs/transport.md,
// "Protocols").
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ior/iiop_profile.hpp"
#include "ior/tagged_component.hpp"
#include "transport/connection.hpp"
#include "transport/connector.hpp"
#include "transport/endpoint.hpp"
#include "transport/socket.hpp"

namespace rtorb::transport {

// A listening socket as a protocol opened it, for an Acceptor to own.
struct Listener {
  Socket socket;
  Endpoint bound;  // where it really listens (the kernel's port when 0 was asked)
  int family = 0;  // AF_INET, AF_INET6 or AF_UNIX: which socket options apply
  // A socket file the acceptor removes when it closes, if the file is still this one.
  std::string socket_file;
  dev_t file_device = 0;
  ino_t file_inode = 0;
};

class Protocol {
 public:
  virtual ~Protocol() = default;

  // The URL scheme of its endpoints ("iiop" for iiop://...).
  virtual std::string_view scheme() const noexcept = 0;
  // The tag of the profile or component that announces it; Endpoint::protocol holds it.
  virtual std::uint32_t tag() const noexcept = 0;
  // Lower first: the order in which a client tries what a profile offers.
  virtual int preference() const noexcept = 0;

  // The whole URL, scheme included. Raises BAD_PARAM (bad_param_bad_endpoint,
  // bad_param_bad_endpoint_option) for a malformed one.
  virtual Endpoint parse(std::string_view text) const = 0;
  virtual std::string format(const Endpoint& endpoint) const = 0;

  // A bound, listening, non-blocking socket. Raises INITIALIZE initialize_listen_failed.
  virtual Listener listen(const Endpoint& endpoint, const ConnectionOptions& options,
                          int backlog) const = 0;
  // Sets up one accepted socket (socket options, a handshake) and makes its connection;
  // null refuses it (the socket is closed).
  virtual std::unique_ptr<Connection> accepted(Socket socket, int family,
                                               const ConnectionOptions& options) const;
  // A client connection. Raises TRANSIENT as transport::connect does.
  virtual std::unique_ptr<Connection> connect(const Endpoint& endpoint,
                                              const ConnectOptions& options) const = 0;

  // Publishing: whether an endpoint of this protocol is an IIOP profile's own address
  // (IIOP), or travels as components of the IIOP profiles beside it (`components`).
  virtual bool is_profile_address() const noexcept { return false; }
  virtual ior::TaggedComponentSeq components(const Endpoint& bound) const = 0;
  // Reading: the endpoint of this protocol a client on this host can use in `profile`, if
  // any (giop_lite is the caller's to set).
  virtual std::optional<Endpoint> reachable(const ior::IiopProfile& profile) const = 0;
};

// A protocol a program has only when it links it: its entry point, a constant with C
// linkage (rtorb_uiop_protocol), which the registry refers to weakly; linking rtorb::uiop
// (or rtorb::rtorb) keeps it in the program (docs/footprint.md, docs/transport.md).
struct LinkedProtocol {
  std::unique_ptr<const Protocol> (*make)();
};

// The protocols an ORB can use, by scheme and tag. Consulted when an endpoint is parsed,
// opened or connected and when a reference's target is chosen, never per call.
class ProtocolRegistry {
 public:
  ProtocolRegistry();  // with IIOP, and UIOP when the program links it
  ProtocolRegistry(const ProtocolRegistry&) = delete;
  ProtocolRegistry& operator=(const ProtocolRegistry&) = delete;

  // Adds a protocol; one with the same scheme or tag, or one more than `capacity`, is
  // BAD_PARAM bad_param_bad_endpoint.
  void add(std::unique_ptr<const Protocol> protocol);
  const Protocol* by_scheme(std::string_view scheme) const;
  const Protocol* by_tag(std::uint32_t tag) const;
  // The endpoint's protocol; BAD_PARAM bad_param_bad_endpoint when none has its tag.
  const Protocol& of(const Endpoint& endpoint) const;
  // The best endpoint a client can use in `profile`: the one of the lowest preference
  // among those the protocols find. Empty when none can (a profile without a host).
  std::optional<Endpoint> preferred(const ior::IiopProfile& profile) const;
  // What IIOP profiles carry for `endpoints` that are not profile addresses themselves.
  ior::TaggedComponentSeq carried_components(const std::vector<Endpoint>& endpoints) const;
  std::string schemes() const;  // "iiop, uiop", in the order added: for messages

  static constexpr std::size_t capacity = 8;

 private:
  // Appended only, under the mutex; readers take no lock: a protocol is published by the
  // count that covers it, and never removed.
  std::mutex adding_;
  std::atomic<std::size_t> count_{0};
  std::unique_ptr<const Protocol> protocols_[capacity];
};

// The process's registry, which every ORB of the process uses; a layer that brings a
// protocol adds it here before its ORB opens endpoints.
ProtocolRegistry& protocols();

// The endpoint a client uses for `profile` (which names a host): its GIOPlite endpoint when
// it speaks GIOPlite, else the process's preferred one, else its own TCP address. Out of
// line, so the code that chooses a target stays small.
Endpoint client_endpoint(const ior::IiopProfile& profile);

// This host's name (gethostname), read once: what a Unix-socket component names.
const std::string& local_host_name();

}  // namespace rtorb::transport
