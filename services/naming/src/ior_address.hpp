// The address (host, port) of the first IIOP profile of a stringified IOR, read without the
// ORB's private IOR code: the service needs it to tell its own contexts from those of
// another rtorb-naming, whose object keys can be the same byte for byte.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rtorb::naming {

struct IiopAddress {
  std::string host;
  std::uint16_t port = 0;
  friend bool operator==(const IiopAddress&, const IiopAddress&) = default;
};

// nullopt for anything but an "IOR:" string with an IIOP profile (malformed ones included).
std::optional<IiopAddress> iiop_address_of(std::string_view ior);

}  // namespace rtorb::naming
