// The parts of an OrbContext, for the layers above (rt, messaging) that plug into one or
// two of them: each includes the header of the part it uses, not the whole core
// (docs/orb.md, "Parts of the core"). Not for the request path: these are out-of-line calls.
#pragma once

namespace CORBA {
class ORB;
}  // namespace CORBA

namespace rtorb {
class Logger;
}  // namespace rtorb

namespace rtorb::orb {

class OrbContext;
class ClientSide;              // client/client_side.hpp
class ServerSide;              // server/server_side.hpp
class SeamRegistry;            // core/seams/seam_registry.hpp
class ValueFactoryTable;       // core/value_factory_table.hpp
struct OrbOptions;             // core/orb_options.hpp

// The ORB behind a CORBA::ORB (defined by the composition root, orb/orb_core.cpp).
OrbContext& context_of(CORBA::ORB& orb) noexcept;
ClientSide& client_of(OrbContext& orb) noexcept;
ServerSide& server_of(OrbContext& orb) noexcept;
SeamRegistry& seams_of(OrbContext& orb) noexcept;
ValueFactoryTable& value_factories_of(OrbContext& orb) noexcept;
const OrbOptions& options_of(const OrbContext& orb) noexcept;
const Logger& logger_of(const OrbContext& orb) noexcept;

}  // namespace rtorb::orb
