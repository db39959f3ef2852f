// The ORB behind a CORBA::ORB: the composition root. It owns the parts (the client side,
// the server side, the references), attaches them to the OrbContext they all share, and
// runs the ORB's life (run, shutdown, destroy). The parts and the layers above reach the
// ORB through core/orb_context.hpp and core/orb_parts.hpp (docs/orb.md, "Parts of the
// core").
#pragma once

#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/orb.hpp>

#include <chrono>

#include "client/client_side.hpp"
#include "core/orb_context.hpp"
#include "orb/references.hpp"
#include "server/server_side.hpp"

namespace rtorb::orb {

class OrbCore final : public OrbContext {
 public:
  // ORB_init's work, from options already parsed: returns the live ORB named
  // `options.orb_id` if there is one, else creates it.
  static CORBA::object_reference<CORBA::ORB> create(OrbOptions options);

  OrbCore(std::string id, OrbOptions options);
  ~OrbCore();

  // --- the CORBA::ORB operations on the ORB's life --------------------------------------
  void run();
  void run(std::chrono::milliseconds timeout);
  bool work_pending();
  void perform_work();
  void shutdown(bool wait_for_completion);
  void destroy();

 private:
  ClientSide client_;
  References references_;
  // Last: its threads are joined before the parts and the adapter they use go.
  ServerSide server_;
};

}  // namespace rtorb::orb
