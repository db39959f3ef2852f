// OrbCore: the table of live ORBs, the wiring of the parts, and the ORB's life (run,
// shutdown, destroy).
#include "orb/orb_core.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>

#include "orb/memory_lock.hpp"
#include "orb/orb_parts.hpp"
#include "orb/server/server_connections.hpp"

namespace rtorb::orb {
namespace {

// ORB_init returns the live ORB of an id (CORBA 3.x, 8.5.1): the one process-wide table
// the specification asks for. An entry lives until its ORB is destroyed.
struct OrbTable {
  std::mutex mutex;
  std::map<std::string, CORBA::object_reference<CORBA::ORB>> orbs;
};

OrbTable& orb_table() {
  static OrbTable table;
  return table;
}

// -ORBDebugLevel and -ORBLogFile. A log file that cannot be opened is a bad option: the
// user asked for it, and running on without it would hide what they wanted to see.
std::shared_ptr<const Logger> make_logger(const OrbOptions& o, const std::string& id) {
  const std::string tag = id.empty() ? std::string("rtorb") : "rtorb(" + id + ")";
  if (o.log_file.empty()) return std::make_shared<Logger>(o.debug_level, tag);
  const int fd = ::open(o.log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_orb_option,
                            "-ORBLogFile " + o.log_file + ": " + std::strerror(errno));
  }
  return std::make_shared<Logger>(o.debug_level, tag, fd, true);
}

}  // namespace

CORBA::object_reference<CORBA::ORB> OrbCore::create(int& argc, char* argv[],
                                                    const std::string& orb_id,
                                                    AdapterFactory factory) {
  OrbOptions options = parse_orb_arguments(argc, argv);
  if (!orb_id.empty()) options.orb_id = orb_id;
  options.adapter_factory = std::move(factory);
  return create(std::move(options));
}

CORBA::object_reference<CORBA::ORB> OrbCore::create(OrbOptions options) {
  OrbTable& table = orb_table();
  std::lock_guard lock(table.mutex);
  if (auto it = table.orbs.find(options.orb_id); it != table.orbs.end()) return it->second;
  std::string id = options.orb_id;
  auto core = std::make_shared<OrbCore>(id, std::move(options));
  auto orb = CORBA::make_reference<CORBA::ORB>(core);
  core->orb_ = orb;
  for (const auto& initialize : core->options_.initializers) initialize(*core);
  table.orbs.emplace(std::move(id), orb);
  return orb;
}

OrbCore::OrbCore(std::string id, OrbOptions options)
    : id_(std::move(id)),
      options_(std::move(options)),
      logger_(make_logger(options_, id_)),
      client_(*this),
      references_(*this),
      server_(*this) {
  if (options_.lock_memory) {
    // Said whatever the debug level, like a refused real-time priority: the user asked.
    if (const auto problems = lock_process_memory(); !problems.empty()) {
      logger_->write_line("-ORBLockMemory: " + problems);
    }
  }
}

OrbCore::~OrbCore() = default;

transport::ConnectionOptions OrbCore::connection_options(
    std::shared_ptr<transport::SocketOptionsCell> sockets) const {
  transport::ConnectionOptions c;
  c.limits.max_message_size = options_.max_message_size;
  c.socket_options = std::move(sockets);
  c.log = logger_;
  c.yield_after_batch = options_.yield_after_batch;
  return c;
}

CORBA::object_reference<CORBA::ORB> OrbCore::orb() const {
  if (destroyed_.load(std::memory_order_acquire)) return nullptr;
  return orb_.lock();
}

void OrbCore::check_alive() const {
  if (destroyed_.load(std::memory_order_acquire)) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_orb_destroyed,
                                   "the ORB has been destroyed");
  }
}

void OrbCore::check_not_shut_down() const {
  if (shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown, "the ORB has shut down");
  }
}

ObjectAdapter& OrbCore::adapter() {
  check_alive();
  std::unique_lock lock(mutex_);
  if (adapter_) return *adapter_;
  check_not_shut_down();
  if (!options_.adapter_factory) {
    raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_none,
                              "this ORB was created without an object adapter");
  }
  // The factory calls back into this ORB (options, make_object): not under mutex_.
  lock.unlock();
  auto created = options_.adapter_factory(*this);
  lock.lock();
  if (!adapter_) {
    adapter_ = std::move(created);
    adapter_ptr_.store(adapter_.get(), std::memory_order_release);
  }
  return *adapter_;
}

// --- run / shutdown / destroy ------------------------------------------------------------

void OrbCore::run() {
  check_alive();
  server_.serve_until(std::chrono::steady_clock::time_point::max());
}

void OrbCore::run(std::chrono::milliseconds timeout) {
  check_alive();
  server_.serve_until(std::chrono::steady_clock::now() + timeout);
}

bool OrbCore::work_pending() {
  check_alive();
  check_not_shut_down();
  // Reactive mode (or a client whose endpoints never opened, so that no pool reads its AMI
  // replies): the sockets may have something at any time; the pool needs no help.
  return !server_.pooled();
}

void OrbCore::perform_work() {
  check_alive();
  check_not_shut_down();
  if (!server_.pooled()) server_.reactor().handle_events(std::chrono::milliseconds(10));
}

void OrbCore::shutdown(bool wait_for_completion) {
  check_alive();
  const bool in_upcall = in_upcall_of(*this);
  if (wait_for_completion && in_upcall) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_wait_in_upcall,
                                "shutdown(true) from inside a request of this ORB");
  }
  const bool first = !shutdown_.exchange(true, std::memory_order_acq_rel);
  if (first) {
    debug(1, "shutting down");
    if (ObjectAdapter* a = adapter_if_created()) a->shutdown(wait_for_completion);
  }
  if (wait_for_completion) server_.wait_for_upcalls();
  if (first) server_.stop_serving();
  if (!in_upcall) server_.join();
}

void OrbCore::destroy() {
  check_alive();
  if (in_upcall_of(*this)) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_wait_in_upcall,
                                "destroy() from inside a request of this ORB");
  }
  shutdown(true);
  destroyed_.store(true, std::memory_order_release);
  std::unique_ptr<ObjectAdapter> adapter;
  {
    std::lock_guard lock(mutex_);
    adapter_ptr_.store(nullptr, std::memory_order_release);
    adapter = std::move(adapter_);
  }
  const OrbLevelPolicies::Released policies = seams_.orb_policies().release();
  adapter.reset();  // may release references that hold this ORB: outside the lock
  references_.object_table().clear();
  value_factories_.clear();  // a factory may hold this ORB
  client_.close_all();
  CORBA::object_reference<CORBA::ORB> self;
  {
    OrbTable& table = orb_table();
    std::lock_guard lock(table.mutex);
    if (auto it = table.orbs.find(id_);
        it != table.orbs.end() && &CORBA::rtorb_core(*it->second) == this) {
      self = std::move(it->second);
      table.orbs.erase(it);
    }
  }
}

// --- the parts, for the layers above (orb_parts.hpp) ---------------------------------------

ClientSide& client_of(OrbCore& orb) noexcept { return orb.client(); }
ServerSide& server_of(OrbCore& orb) noexcept { return orb.server(); }
SeamRegistry& seams_of(OrbCore& orb) noexcept { return orb.seams(); }
ValueFactoryTable& value_factories_of(OrbCore& orb) noexcept { return orb.value_factories(); }
const OrbOptions& options_of(const OrbCore& orb) noexcept { return orb.options(); }
const Logger& logger_of(const OrbCore& orb) noexcept { return orb.logger(); }

}  // namespace rtorb::orb
