// The parts of an OrbCore, for the layers above (rt, messaging) that plug into one or two
// of them: each includes the header of the part it uses, not the whole core (docs/orb.md,
// "Parts of the core"). Not for the request path: these are out-of-line calls.
#pragma once

namespace rtorb {
class Logger;
}  // namespace rtorb

namespace rtorb::orb {

class OrbCore;
class ClientSide;              // orb/client/client_side.hpp
class ServerSide;              // orb/server/server_side.hpp
class SeamRegistry;            // orb/seams/seam_registry.hpp
class ValueFactoryTable;       // orb/value_factory_table.hpp
struct OrbOptions;             // orb/orb_options.hpp

ClientSide& client_of(OrbCore& orb) noexcept;
ServerSide& server_of(OrbCore& orb) noexcept;
SeamRegistry& seams_of(OrbCore& orb) noexcept;
ValueFactoryTable& value_factories_of(OrbCore& orb) noexcept;
const OrbOptions& options_of(const OrbCore& orb) noexcept;
const Logger& logger_of(const OrbCore& orb) noexcept;

}  // namespace rtorb::orb
