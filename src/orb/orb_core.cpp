// OrbCore: the table of live ORBs, the wiring of the parts, and the ORB's life (run,
// shutdown, destroy).
#include "orb/orb_core.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <map>

#include "core/orb_parts.hpp"
#include "orb/memory_lock.hpp"
#include "server/server_connections.hpp"

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

}  // namespace

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
    : OrbContext(std::move(id), std::move(options), Parts{&client_, &server_, &references_}),
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

OrbContext& context_of(CORBA::ORB& orb) noexcept { return CORBA::rtorb_core(orb); }

}  // namespace rtorb::orb
