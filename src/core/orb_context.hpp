// The ORB as its parts see it: what the client side, the server side and the layers above
// share (the ORB's id, options, log, lifecycle flags, seams, value factories and object
// adapter) and the way from one part to another. OrbCore (orb/orb_core.hpp) is the one
// OrbContext there is: it owns the parts and wires them in; a part holds an OrbContext&
// and never the composition root, so the parts sit below it (docs/orb.md, "Parts of the
// core").
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/orb.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "base/logger.hpp"
#include "core/object_adapter.hpp"
#include "core/orb_options.hpp"
#include "core/seams/seam_registry.hpp"
#include "core/value_factory_table.hpp"
#include "transport/connection.hpp"

namespace rtorb::orb {

class ClientSide;  // client/client_side.hpp
class ServerSide;  // server/server_side.hpp
class References;  // orb/references.hpp

// Lock rules: mutex_ guards adapter_ alone (adapter_ptr_ publishes it to readers without
// the lock); the lifecycle flags are atomics, the options and the log immutable, so a part
// may read them under its own lock. Each part has its own lock and says what it guards;
// no part holds its lock while it calls another.
class OrbContext : public std::enable_shared_from_this<OrbContext> {
 public:
  OrbContext(const OrbContext&) = delete;
  OrbContext& operator=(const OrbContext&) = delete;

  const OrbOptions& options() const noexcept { return options_; }
  std::string_view id() const noexcept { return id_; }
  // The CORBA::ORB users hold (nil after destroy()).
  CORBA::object_reference<CORBA::ORB> orb() const;

  // The parts, which the composition root owns.
  ClientSide& client() noexcept { return *client_; }
  ServerSide& server() noexcept { return *server_; }
  References& references() noexcept { return *references_; }
  SeamRegistry& seams() noexcept { return seams_; }
  const SeamRegistry& seams() const noexcept { return seams_; }

  // The object adapter, created on first use through OrbOptions::adapter_factory.
  // Raises OBJ_ADAPTER when the ORB has no adapter factory, BAD_INV_ORDER after shutdown.
  ObjectAdapter& adapter();
  // The adapter if one was created (never creates it); null otherwise.
  ObjectAdapter* adapter_if_created() noexcept {
    return adapter_ptr_.load(std::memory_order_acquire);
  }
  // ORB::register_value_factory's table, read when values are unmarshaled.
  ValueFactoryTable& value_factories() noexcept { return value_factories_; }

  // Raises OBJECT_NOT_EXIST object_not_exist_orb_destroyed after destroy().
  void check_alive() const;
  bool shut_down() const noexcept { return shutdown_.load(std::memory_order_acquire); }

  // Logs `text` when -ORBDebugLevel >= level (to -ORBLogFile or stderr).
  void debug(int level, std::string_view text) const { logger_->log(level, text); }
  // This ORB's log, for callers that build a line only when it is wanted.
  const Logger& logger() const noexcept { return *logger_; }
  const std::shared_ptr<const Logger>& logger_pointer() const noexcept { return logger_; }
  // What every connection of this ORB is set up with (limits, log), its sockets as
  // `sockets` says.
  transport::ConnectionOptions connection_options(
      std::shared_ptr<transport::SocketOptionsCell> sockets) const;

 protected:
  // Where the composition root keeps its parts: given to the constructor, so a part may
  // reach another from its own constructor on (each is constructed before it is called).
  struct Parts {
    ClientSide* client;
    ServerSide* server;
    References* references;
  };
  // Opens the log (-ORBDebugLevel, -ORBLogFile; BAD_PARAM if the file cannot be opened).
  OrbContext(std::string id, OrbOptions options, Parts parts);
  ~OrbContext();

  // Raises BAD_INV_ORDER bad_inv_order_orb_shutdown after shutdown.
  void check_not_shut_down() const;

  const std::string id_;
  const OrbOptions options_;
  CORBA::weak_object_reference<CORBA::ORB> orb_;
  const std::shared_ptr<const Logger> logger_;  // before the parts that log to it
  ValueFactoryTable value_factories_;           // its own lock
  SeamRegistry seams_;
  mutable std::mutex mutex_;
  std::unique_ptr<ObjectAdapter> adapter_;            // (mutex_)
  std::atomic<ObjectAdapter*> adapter_ptr_{nullptr};  // adapter_, readable without mutex_
  std::atomic<bool> shutdown_{false};
  std::atomic<bool> destroyed_{false};

 private:
  ClientSide* const client_;
  ServerSide* const server_;
  References* const references_;
};

// The OrbContext of an InputStream's InputOptions::references (null if none).
inline OrbContext* orb_of(const cdr::InputStream& is) noexcept {
  return static_cast<OrbContext*>(is.options().references);
}

}  // namespace rtorb::orb
