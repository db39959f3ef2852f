// OrbContext: the ORB's log, its adapter made on first use, and the checks of its life
// every part makes.
#include "core/orb_context.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/orb_parts.hpp"

namespace rtorb::orb {
namespace {

// -ORBDebugLevel, -ORBLogCategories and -ORBLogFile. A log file that cannot be opened is a bad option: the
// user asked for it, and running on without it would hide what they wanted to see.
std::shared_ptr<const Logger> make_logger(const OrbOptions& o, const std::string& id) {
  const std::string tag = id.empty() ? std::string("rtorb") : "rtorb(" + id + ")";
  if (o.log_file.empty()) {
    return std::make_shared<Logger>(o.debug_level, tag, 2, false, o.log_categories);
  }
  const int fd = ::open(o.log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    raise<CORBA::BAD_PARAM>(minor::bad_param_bad_orb_option,
                            "-ORBLogFile " + o.log_file + ": " + std::strerror(errno));
  }
  return std::make_shared<Logger>(o.debug_level, tag, fd, true, o.log_categories);
}

}  // namespace

OrbContext::OrbContext(std::string id, OrbOptions options, Parts parts)
    : id_(std::move(id)),
      options_(std::move(options)),
      logger_(make_logger(options_, id_)),
      client_(parts.client),
      server_(parts.server),
      references_(parts.references) {}

OrbContext::~OrbContext() = default;

transport::ConnectionOptions OrbContext::connection_options(
    std::shared_ptr<transport::SocketOptionsCell> sockets) const {
  transport::ConnectionOptions c;
  c.limits.max_message_size = options_.max_message_size;
  c.socket_options = std::move(sockets);
  c.log = logger_;
  c.yield_after_batch = options_.yield_after_batch;
  c.unix_socket_mode = options_.unix_socket_mode;
  return c;
}

CORBA::object_reference<CORBA::ORB> OrbContext::orb() const {
  if (destroyed_.load(std::memory_order_acquire)) return nullptr;
  return orb_.lock();
}

void OrbContext::check_alive() const {
  if (destroyed_.load(std::memory_order_acquire)) {
    raise<CORBA::OBJECT_NOT_EXIST>(minor::object_not_exist_orb_destroyed,
                                   "the ORB has been destroyed");
  }
}

void OrbContext::check_not_shut_down() const {
  if (shut_down()) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_orb_shutdown, "the ORB has shut down");
  }
}

ObjectAdapter& OrbContext::adapter() {
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

// --- the parts, for the layers above (orb_parts.hpp) ---------------------------------------

ClientSide& client_of(OrbContext& orb) noexcept { return orb.client(); }
ServerSide& server_of(OrbContext& orb) noexcept { return orb.server(); }
SeamRegistry& seams_of(OrbContext& orb) noexcept { return orb.seams(); }
ValueFactoryTable& value_factories_of(OrbContext& orb) noexcept { return orb.value_factories(); }
const OrbOptions& options_of(const OrbContext& orb) noexcept { return orb.options(); }
const Logger& logger_of(const OrbContext& orb) noexcept { return orb.logger(); }

}  // namespace rtorb::orb
