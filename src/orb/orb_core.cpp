#include "orb/orb_core.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>

#include "ior/component.hpp"
#include "ior/giop_lite_component.hpp"
#include "ior/iiop_profile.hpp"
#include "ior/tags.hpp"
#include "orb/client/async_connection.hpp"
#include "orb/client/multiplexed_connection.hpp"
#include "orb/client_policy.hpp"
#include "orb/memory_lock.hpp"
#include "orb/object_core.hpp"
#include "orb/server_connections.hpp"
#include "orb/server_lane.hpp"
#include "transport/acceptor.hpp"
#include "transport/connector.hpp"
#include "transport/server_handlers.hpp"

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

transport::ConnectionOptions connection_options(
    const OrbOptions& o, std::shared_ptr<transport::SocketOptionsCell> sockets,
    std::shared_ptr<const Logger> log) {
  transport::ConnectionOptions c;
  c.limits.max_message_size = o.max_message_size;
  c.socket_options = std::move(sockets);
  c.log = std::move(log);
  c.yield_after_batch = o.yield_after_batch;
  return c;
}

transport::CacheOptions cache_options(const OrbOptions& o,
                                      std::shared_ptr<transport::SocketOptionsCell> sockets,
                                      std::shared_ptr<const Logger> log,
                                      std::shared_ptr<transport::OnewayFlusher> flusher) {
  transport::CacheOptions c;
  c.max_connections = o.max_connections;
  c.idle_timeout = o.connection_idle_timeout;
  c.connect.timeout = o.connect_timeout;
  c.connect.connection = connection_options(o, std::move(sockets), std::move(log));
  c.connect.connection.flusher = std::move(flusher);
  return c;
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

std::string local_host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "127.0.0.1";
  return name;
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
      client_sockets_(std::make_shared<transport::SocketOptionsCell>(options_.socket_options)),
      oneway_flusher_(std::make_shared<transport::OnewayFlusher>()),
      connections_(cache_options(options_, client_sockets_, logger_, oneway_flusher_)),
      server_connections_(std::make_unique<ServerConnections>(*this)),
      reactor_(std::make_unique<transport::Reactor>()) {
  if (options_.lock_memory) {
    // Said whatever the debug level, like a refused real-time priority: the user asked.
    if (const auto problems = lock_process_memory(); !problems.empty()) {
      logger_->write_line("-ORBLockMemory: " + problems);
    }
  }
}

OrbCore::~OrbCore() {
  for (const auto& [id, lane] : lanes_) lane->stop();  // before what their threads use goes
  lanes_.clear();
  if (reactor_) reactor_->stop();
  pool_.reset();
  reactor_.reset();
}

void OrbCore::expire_idle_connections() noexcept {
  const auto now = transport::ConnectionCache::coarse_now();  // every call asks: cheap clock
  const std::int64_t ticks = now.time_since_epoch().count();
  std::int64_t due = next_idle_check_.load(std::memory_order_relaxed);
  if (ticks < due) return;
  const auto period = std::chrono::duration_cast<transport::ConnectionCache::Clock::duration>(
      std::max(options_.connection_idle_timeout / 2, std::chrono::milliseconds(1)));
  if (!next_idle_check_.compare_exchange_strong(due, ticks + period.count())) return;
  connections_.close_idle(now);
}

std::shared_ptr<MultiplexedConnection> OrbCore::multiplexed_connection(
    const transport::Endpoint& endpoint) {
  {
    std::lock_guard lock(multiplexed_mutex_);
    if (auto it = multiplexed_.find(endpoint); it != multiplexed_.end() && it->second->usable())
      return it->second;
  }
  // Connecting happens outside the lock; two threads may race and one connection wins.
  transport::ConnectOptions connect;
  connect.timeout = options_.connect_timeout;
  connect.connection = connection_options(options_, client_sockets_, logger_);
  auto fresh = std::make_shared<MultiplexedConnection>(transport::connect(endpoint, connect),
                                                       options_.max_message_size);
  std::lock_guard lock(multiplexed_mutex_);
  auto& slot = multiplexed_[endpoint];
  if (!slot || !slot->usable()) slot = std::move(fresh);
  return slot;
}

std::shared_ptr<AsyncConnection> OrbCore::async_connection(
    const transport::Endpoint& endpoint, std::chrono::milliseconds connect_timeout) {
  if (shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown,
                                "the ORB has shut down: no event loop would read AMI replies");
  }
  {
    std::lock_guard lock(async_mutex_);
    if (auto it = async_.find(endpoint); it != async_.end() && it->second->usable())
      return it->second;
  }
  // Connecting happens outside the lock; two threads may race and one connection wins.
  transport::ConnectOptions connect;
  connect.timeout = connect_timeout;
  connect.connection.limits.max_message_size = options_.max_message_size;
  connect.connection.socket_options = client_sockets_;
  connect.connection.log = logger_;
  auto fresh = AsyncConnection::open(*this, *reactor_, endpoint, connect);
  std::lock_guard lock(async_mutex_);
  auto& slot = async_[endpoint];
  if (slot && slot->usable()) {
    fresh->close();
    return slot;
  }
  if (slot) slot->close();
  slot = std::move(fresh);
  return slot;
}

std::string_view OrbCore::id() const noexcept { return id_; }

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

const cdr::CodeSetComponentInfo& OrbCore::code_sets() noexcept {
  static const cdr::CodeSetComponentInfo info{
      {cdr::code_set::iso_8859_1, {cdr::code_set::utf_8}}, {cdr::code_set::utf_16, {}}};
  return info;
}

std::string OrbCore::host_for(const transport::Endpoint& bound) const {
  if (bound.host.empty() || bound.host == "0.0.0.0" || bound.host == "::") {
    return local_host_name();
  }
  return bound.host;
}

void OrbCore::activate_endpoints() {
  check_alive();
  std::lock_guard lock(mutex_);
  if (endpoints_active_) return;
  if (shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown, "the ORB has shut down");
  }
  std::vector<transport::Endpoint> wanted = options_.endpoints;
  if (wanted.empty()) wanted.push_back({"127.0.0.1", 0});
  const transport::ConnectionOptions connection = connection_options(
      options_, std::make_shared<transport::SocketOptionsCell>(options_.socket_options), logger_);
  if (options_.thread_per_connection) {
    connection_threads_ = std::make_unique<transport::ConnectionThreads>();
  }
  for (const auto& endpoint : wanted) {
    // As transport::listen, keeping the handler id so shutdown can stop accepting.
    auto acceptor = std::make_unique<transport::Acceptor>(endpoint, connection);
    const transport::Endpoint bound = acceptor->endpoint();
    acceptors_.push_back(reactor_->add(std::make_unique<transport::AcceptHandler>(
        std::move(acceptor), server_connections_->handler(), connection,
        connection_threads_.get())));
    published_.push_back({host_for(bound), bound.port, bound.giop_lite});
    debug(1, "listening on " + transport::format_endpoint(bound));
  }
  if (options_.server_threads > 0) {
    pool_ = std::make_unique<transport::ServerThreadPool>(*reactor_, options_.server_threads);
  }
  endpoints_active_.store(true, std::memory_order_release);  // published_ is final now
}

std::vector<transport::Endpoint> OrbCore::published_endpoints() const {
  std::lock_guard lock(mutex_);
  return published_;
}

bool OrbCore::is_own_endpoint(std::string_view host, std::uint16_t port) const {
  // No lock (every collocation check asks): published_ is written before
  // endpoints_active_ is set and never after.
  if (!endpoints_active_.load(std::memory_order_acquire)) return false;
  for (const auto& e : published_) {
    if (e.port == port && e.host == host) return true;
  }
  if (const auto lanes = lane_published_.load(std::memory_order_acquire)) {
    for (const auto& e : *lanes) {
      if (e.port == port && e.host == host) return true;
    }
  }
  return false;
}

void OrbCore::republish_lane_endpoints() {
  auto all = std::make_shared<std::vector<transport::Endpoint>>();
  for (const auto& [id, lane] : lanes_) {
    for (const auto& bound : lane->bound()) all->push_back({host_for(bound), bound.port});
  }
  lane_published_.store(std::move(all), std::memory_order_release);
}

std::shared_ptr<ObjectCore> OrbCore::make_object(std::string type_id,
                                                 std::vector<std::uint8_t> object_key) {
  return make_object(std::move(type_id), std::move(object_key), ReferenceLayout{});
}

std::shared_ptr<ObjectCore> OrbCore::make_object(std::string type_id,
                                                 std::vector<std::uint8_t> object_key,
                                                 const ReferenceLayout& layout) {
  activate_endpoints();
  ior::ObjectReference reference;
  reference.type_id = std::move(type_id);
  const ior::IiopVersion version{1, options_.giop_version.minor};
  const auto add_profile = [&](const transport::Endpoint& endpoint,
                               const ior::TaggedComponentSeq& own) {
    ior::IiopProfile profile;
    profile.version = version;
    profile.host = endpoint.host;
    profile.port = endpoint.port;
    profile.object_key = object_key;
    if (version.minor >= 1) {
      profile.components.push_back(
          ior::encode_component(ior::OrbTypeComponent{ior::orb_type::rtorb}));
      profile.components.push_back(
          ior::encode_component(ior::CodeSetsComponent{code_sets()}));
      if (endpoint.giop_lite) profile.components.push_back(ior::encode_giop_lite());
      profile.components.insert(profile.components.end(), layout.components.begin(),
                                layout.components.end());
      profile.components.insert(profile.components.end(), own.begin(), own.end());
    }
    reference.profiles.emplace_back(std::move(profile));
  };
  const auto add_profiles = [&](LaneId lane, const ior::TaggedComponentSeq& own) {
    const std::vector<transport::Endpoint> endpoints = lane_endpoints(lane);
    if (layout.header_modes.empty()) {
      for (const auto& endpoint : endpoints) add_profile(endpoint, own);
    }
    for (const giop::HeaderMode mode : layout.header_modes) {
      for (const auto& endpoint : endpoints) {
        if (endpoint.giop_lite == (mode == giop::HeaderMode::lite)) add_profile(endpoint, own);
      }
    }
  };
  if (layout.lanes.empty()) add_profiles(default_lane, {});
  for (const auto& lane : layout.lanes) add_profiles(lane.lane, lane.components);
  return std::make_shared<ObjectCore>(shared_from_this(), std::move(reference));
}

void OrbCore::register_initial_reference(std::string name, InitialReferenceFactory factory) {
  std::lock_guard lock(mutex_);
  registered_references_[std::move(name)] = std::move(factory);
}

void OrbCore::add_orb_policy_observer(std::function<void(const CORBA::PolicyList&)> observer) {
  std::lock_guard lock(mutex_);
  policy_observers_.push_back(std::move(observer));
}

void OrbCore::add_server_policy_handler(std::shared_ptr<ServerPolicyHandler> handler) {
  std::lock_guard lock(mutex_);
  policy_handlers_.push_back(std::move(handler));
}

std::vector<std::shared_ptr<ServerPolicyHandler>> OrbCore::server_policy_handlers() const {
  std::lock_guard lock(mutex_);
  return policy_handlers_;
}

void OrbCore::add_client_policy_handler(std::shared_ptr<const ClientPolicyHandler> handler) {
  std::uint64_t types = 0;
  for (const CORBA::PolicyType type : handler->shaped_types()) {
    if (type >= 64) {
      raise<CORBA::INTERNAL>(0, "a client policy handler shapes by a policy type above 63");
    }
    types |= std::uint64_t{1} << type;
  }
  std::lock_guard lock(mutex_);
  client_policy_handlers_.push_back(std::move(handler));
  client_shaping_types_.fetch_or(types, std::memory_order_acq_rel);
}

std::vector<std::shared_ptr<const ClientPolicyHandler>> OrbCore::client_policy_handlers() const {
  std::lock_guard lock(mutex_);
  return client_policy_handlers_;
}

CORBA::PolicyList OrbCore::orb_policy_overrides(const CORBA::PolicyTypeSeq& types) const {
  CORBA::object_reference<CORBA::PolicyManager> manager;
  {
    std::lock_guard lock(mutex_);
    manager = policy_manager_;
  }
  return manager ? manager->get_policy_overrides(types) : CORBA::PolicyList{};
}

LaneId OrbCore::add_lane(const LaneOptions& options) {
  check_alive();
  if (shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown, "the ORB has shut down");
  }
  for (const auto& endpoint : options.endpoints) {
    if (endpoint.giop_lite && options_.giop_version.minor == 0) {
      raise<CORBA::BAD_PARAM>(minor::bad_param_bad_endpoint_option,
                              transport::format_endpoint(endpoint) +
                                  ": a giop_lite endpoint needs -ORBGIOPVersion 1.1 or 1.2");
    }
  }
  const transport::ConnectionOptions connection = connection_options(
      options_,
      options.socket_options
          ? options.socket_options
          : std::make_shared<transport::SocketOptionsCell>(options_.socket_options),
      logger_);
  const std::string host =
      options_.endpoints.empty() ? std::string("127.0.0.1") : options_.endpoints.front().host;
  auto lane = std::make_shared<ServerLane>(options, host, *server_connections_, connection);
  for (const auto& bound : lane->bound()) {
    debug(1, "lane listening on " + transport::format_endpoint(bound));
  }
  std::lock_guard lock(lanes_mutex_);
  const LaneId id = next_lane_++;
  lanes_.emplace(id, std::move(lane));
  republish_lane_endpoints();
  return id;
}

void OrbCore::remove_lane(LaneId id) {
  std::shared_ptr<ServerLane> lane;
  {
    std::lock_guard lock(lanes_mutex_);
    auto it = lanes_.find(id);
    if (it == lanes_.end()) return;
    lane = std::move(it->second);
    lanes_.erase(it);
    republish_lane_endpoints();
  }
  lane->stop();
}

std::shared_ptr<ServerLane> OrbCore::lane(LaneId id) const {
  std::lock_guard lock(lanes_mutex_);
  auto it = lanes_.find(id);
  return it == lanes_.end() ? nullptr : it->second;
}

bool OrbCore::ensure_lane_framing(LaneId id, giop::HeaderMode mode) {
  const bool lite = mode == giop::HeaderMode::lite;
  const auto framed = [lite](const std::vector<transport::Endpoint>& endpoints) {
    return std::any_of(endpoints.begin(), endpoints.end(),
                       [lite](const transport::Endpoint& e) { return e.giop_lite == lite; });
  };
  if (id == default_lane) {
    activate_endpoints();
    return framed(published_endpoints());
  }
  if (lite && options_.giop_version.minor == 0) return false;
  std::lock_guard lock(lanes_mutex_);
  auto it = lanes_.find(id);
  if (it == lanes_.end()) return false;
  const std::vector<transport::Endpoint> bound = it->second->bound();
  if (framed(bound)) return true;
  // Beside the lane's first endpoint, on a port of the kernel's choosing.
  const transport::Endpoint opened =
      it->second->add_endpoint({bound.front().host, 0, lite});
  debug(1, "lane listening on " + transport::format_endpoint(opened));
  republish_lane_endpoints();
  return true;
}

std::vector<transport::Endpoint> OrbCore::lane_endpoints(LaneId id) {
  if (id == default_lane) return published_endpoints();
  std::vector<transport::Endpoint> published;
  std::shared_ptr<ServerLane> lane;
  {
    std::lock_guard lock(lanes_mutex_);
    if (auto it = lanes_.find(id); it != lanes_.end()) lane = it->second;
  }
  if (!lane) return published;
  for (const auto& bound : lane->bound()) {
    published.push_back({host_for(bound), bound.port, bound.giop_lite});
  }
  return published;
}

std::shared_ptr<ObjectCore> OrbCore::make_object(ior::ObjectReference reference) {
  if (reference.is_nil()) return nullptr;
  return std::make_shared<ObjectCore>(shared_from_this(), std::move(reference));
}

ObjectAdapter& OrbCore::adapter() {
  check_alive();
  std::unique_lock lock(mutex_);
  if (adapter_) return *adapter_;
  if (shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown, "the ORB has shut down");
  }
  if (!options_.adapter_factory) {
    raise<CORBA::OBJ_ADAPTER>(0, "this ORB was created without an object adapter");
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

// No lock per upcall: the counter is atomic, and only a shutdown(true) waiting for it to
// reach zero (upcall_waiters_) makes the last upcall take the mutex to wake it.
void OrbCore::upcall_started() noexcept { upcalls_.fetch_add(1, std::memory_order_seq_cst); }

void OrbCore::upcall_finished() noexcept {
  if (upcalls_.fetch_sub(1, std::memory_order_seq_cst) == 1 &&
      upcall_waiters_.load(std::memory_order_seq_cst) > 0) {
    std::lock_guard lock(mutex_);
    state_changed_.notify_all();
  }
}

// --- run / shutdown / destroy ------------------------------------------------------------

void OrbCore::serve_until(std::chrono::steady_clock::time_point deadline) {
  using namespace std::chrono;
  if (pooled()) {  // the pool serves; run() only waits for shutdown
    std::unique_lock lock(mutex_);
    while (!shut_down() && steady_clock::now() < deadline) {
      const auto left = deadline - steady_clock::now();
      state_changed_.wait_for(lock, std::min<steady_clock::duration>(left, seconds(1)));
    }
    return;
  }
  while (!shut_down()) {
    if (deadline == steady_clock::time_point::max()) {  // run(): no clock reading per event
      reactor_->handle_events(seconds(1));
      continue;
    }
    const auto now = steady_clock::now();
    if (now >= deadline) return;
    const auto left = ceil<milliseconds>(deadline - now);
    reactor_->handle_events(std::min<milliseconds>(left, seconds(1)));
  }
}

bool OrbCore::pooled() const {
  std::lock_guard lock(mutex_);
  return pool_ != nullptr;
}

void OrbCore::run() {
  check_alive();
  serve_until(std::chrono::steady_clock::time_point::max());
}

void OrbCore::run(std::chrono::milliseconds timeout) {
  check_alive();
  serve_until(std::chrono::steady_clock::now() + timeout);
}

bool OrbCore::work_pending() {
  check_alive();
  if (shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown, "the ORB has shut down");
  }
  // Reactive mode (or a client whose endpoints never opened, so that no pool reads its AMI
  // replies): the sockets may have something at any time; the pool needs no help.
  return !pooled();
}

void OrbCore::perform_work() {
  check_alive();
  if (shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown, "the ORB has shut down");
  }
  if (!pooled()) reactor_->handle_events(std::chrono::milliseconds(10));
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
  if (wait_for_completion) {
    upcall_waiters_.fetch_add(1, std::memory_order_seq_cst);
    {
      std::unique_lock lock(mutex_);
      state_changed_.wait(lock, [&] { return upcalls_.load(std::memory_order_seq_cst) == 0; });
    }
    upcall_waiters_.fetch_sub(1, std::memory_order_seq_cst);
  }
  if (first) {
    std::vector<transport::Reactor::HandlerId> acceptors;
    {
      std::lock_guard lock(mutex_);
      acceptors.swap(acceptors_);
    }
    for (const auto id : acceptors) reactor_->remove(id);  // new clients are refused now
    {
      std::lock_guard lock(lanes_mutex_);
      for (auto& [id, lane] : lanes_) lane->stop_accepting();
    }
    server_connections_->close_all();
    reactor_->stop();
    {
      std::lock_guard lock(lanes_mutex_);
      for (auto& [id, lane] : lanes_) lane->stop_loop();
    }
    std::lock_guard lock(mutex_);
    state_changed_.notify_all();
  }
  if (!in_upcall) {
    std::unique_ptr<transport::ServerThreadPool> pool;
    {
      std::lock_guard lock(mutex_);
      pool = std::move(pool_);
    }
    pool.reset();  // joins the pool's threads
    std::map<LaneId, std::shared_ptr<ServerLane>> lanes;
    {
      std::lock_guard lock(lanes_mutex_);
      lanes.swap(lanes_);
    }
    // Joined here, not when the last reference goes: the rt layer or a borrowing lane may
    // still hold one, and a lane thread left running would retire its connections into
    // the ServerConnections this ORB is about to free.
    for (const auto& [id, lane] : lanes) lane->stop();
    lanes.clear();
    // Not under mutex_: an upcall ending on one of these threads may want it. Set once in
    // activate_endpoints (under mutex_, before shutdown can be reached) and never reset
    // before the destructor.
    if (connection_threads_) connection_threads_->stop();
  }
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
  CORBA::object_reference<CORBA::PolicyManager> manager;
  CORBA::object_reference<CORBA::PolicyCurrent> current;
  {
    std::lock_guard lock(mutex_);
    adapter_ptr_.store(nullptr, std::memory_order_release);
    adapter = std::move(adapter_);
    manager = std::move(policy_manager_);
    current = std::move(policy_current_);
  }
  adapter.reset();  // may release references that hold this ORB: outside the lock
  object_table_.clear();
  value_factories_.clear();  // a factory may hold this ORB
  {
    std::lock_guard lock(multiplexed_mutex_);
    for (auto& [endpoint, connection] : multiplexed_) connection->connection().close();
    multiplexed_.clear();
  }
  {
    // AMI requests still outstanding are dropped: their handlers could only be called
    // into an ORB that is gone. Dropping a handler may run user code (a coroutine's reply
    // slot resumes it with an exception), so not under async_mutex_.
    decltype(async_) async;
    {
      std::lock_guard lock(async_mutex_);
      async.swap(async_);
    }
    for (auto& [endpoint, connection] : async) connection->close();
  }
  // Buffered oneways get one last write that does not wait (Connection's destructor); a
  // caller that must know they left calls Rtorb::flush first.
  oneway_flusher_->stop();
  connections_.close_idle(transport::ConnectionCache::Clock::time_point::max());
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

}  // namespace rtorb::orb
