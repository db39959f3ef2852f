// The ORB behind a CORBA::ORB: a composition root that wires its parts (the client side,
// the server side, the registry of seams, the references) and keeps what is the ORB's
// own: its id, options, log, lifecycle and object adapter (docs/orb.md, "Parts of the
// core"). The layers above reach the parts through orb_parts.hpp.
#pragma once

#include <rtorb/cdr/input_stream.hpp>
#include <rtorb/corba/object_reference.hpp>
#include <rtorb/corba/orb.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "base/logger.hpp"
#include "orb/client/client_side.hpp"
#include "orb/object_adapter.hpp"
#include "orb/orb_options.hpp"
#include "orb/references.hpp"
#include "orb/seams/seam_registry.hpp"
#include "orb/server/server_side.hpp"
#include "orb/value_factory_table.hpp"
#include "transport/connection.hpp"

namespace rtorb::orb {

// Lock rules: mutex_ guards adapter_ alone (adapter_ptr_ publishes it to readers without
// the lock); the lifecycle flags are atomics, the options and the log immutable, so a part
// may read them under its own lock. Each part has its own lock and says what it guards;
// the root holds mutex_ while it calls no part, and no part holds its lock while it calls
// another.
class OrbCore : public std::enable_shared_from_this<OrbCore> {
 public:
  // ORB_init's work: parses (and consumes) the -ORB arguments, then returns the live ORB
  // named `orb_id` (or -ORBId) if there is one, else creates it with `factory` as its
  // object adapter factory. Raises parse_orb_arguments' BAD_PARAM.
  static CORBA::object_reference<CORBA::ORB> create(int& argc, char* argv[],
                                                    const std::string& orb_id,
                                                    AdapterFactory factory);
  // The same from options already parsed (tests); `options.orb_id` names the ORB.
  static CORBA::object_reference<CORBA::ORB> create(OrbOptions options);

  OrbCore(std::string id, OrbOptions options);
  OrbCore(const OrbCore&) = delete;
  OrbCore& operator=(const OrbCore&) = delete;
  ~OrbCore();

  const OrbOptions& options() const noexcept { return options_; }
  std::string_view id() const noexcept { return id_; }
  // The CORBA::ORB users hold (nil after destroy()).
  CORBA::object_reference<CORBA::ORB> orb() const;

  // The parts.
  ClientSide& client() noexcept { return client_; }
  ServerSide& server() noexcept { return server_; }
  SeamRegistry& seams() noexcept { return seams_; }
  const SeamRegistry& seams() const noexcept { return seams_; }
  References& references() noexcept { return references_; }

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

  // --- the CORBA::ORB operations on the ORB's life --------------------------------------
  void run();
  void run(std::chrono::milliseconds timeout);
  bool work_pending();
  void perform_work();
  void shutdown(bool wait_for_completion);
  void destroy();

 private:
  // Raises BAD_INV_ORDER bad_inv_order_orb_shutdown after shutdown.
  void check_not_shut_down() const;

  const std::string id_;
  const OrbOptions options_;
  CORBA::weak_object_reference<CORBA::ORB> orb_;
  const std::shared_ptr<const Logger> logger_;  // before the parts that log to it
  ValueFactoryTable value_factories_;           // its own lock
  SeamRegistry seams_;
  ClientSide client_;
  References references_;
  mutable std::mutex mutex_;
  std::unique_ptr<ObjectAdapter> adapter_;            // (mutex_)
  std::atomic<ObjectAdapter*> adapter_ptr_{nullptr};  // adapter_, readable without mutex_
  std::atomic<bool> shutdown_{false};
  std::atomic<bool> destroyed_{false};
  // Last: its threads are joined before the parts and the adapter they use go.
  ServerSide server_;
};

// The OrbCore of an InputStream's InputOptions::references (null if none).
inline OrbCore* orb_of(const cdr::InputStream& is) noexcept {
  return static_cast<OrbCore*>(is.options().references);
}

}  // namespace rtorb::orb
