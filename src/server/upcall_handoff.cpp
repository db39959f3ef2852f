#include "server/upcall_handoff.hpp"

#include <rtorb/corba/exception.hpp>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <sys/eventfd.h>
#include <unistd.h>

#include <mutex>

#include "core/orb_context.hpp"

namespace rtorb::orb {
namespace {

thread_local UpcallThread* current_thread = nullptr;

// What a thread's slot holds from its start (so that no request of a usual size allocates),
// and the most it keeps after a large request.
constexpr std::size_t slot_start_bytes = 4 * 1024;
constexpr std::size_t slot_kept_bytes = 1024 * 1024;

// Takes the queue's wake-up; the woken thread pops once its turn is over (UpcallThread).
class WakeHandler final : public transport::EventHandler {
 public:
  explicit WakeHandler(int fd) noexcept : fd_(fd) {}
  int fd() const noexcept override { return fd_; }
  bool handle_input(transport::Reactor&) override {
    std::uint64_t count = 0;
    while (::read(fd_, &count, sizeof count) == sizeof count) {
    }
    return true;
  }

 private:
  int fd_;
};

// The reply channel of a deferred request. Its reader has moved on, so nothing of the
// request is left to receive before replying (no finish_message), and the connection is
// kept open by the request itself.
class DeferredChannel final : public ReplyChannel {
 public:
  DeferredChannel(const std::shared_ptr<transport::Connection>& connection,
                  std::size_t fragment_size) noexcept
      : connection_(connection), fragment_size_(fragment_size) {}
  void send(const cdr::OutputStream& message) override {
    if (connection_->closed()) return;
    send_reply(*connection_, message, fragment_size_);
  }
  void close() noexcept override { connection_->close(); }
  std::string peer() const override { return connection_->describe(); }
  std::shared_ptr<ReplyChannel> keep_for_later() override {
    return keep_connection_for_later(connection_, fragment_size_);
  }

 private:
  const std::shared_ptr<transport::Connection>& connection_;
  std::size_t fragment_size_;
};

}  // namespace

UpcallQueue::UpcallQueue() : signal_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
  if (!signal_) {
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor, "cannot make an upcall queue's eventfd");
  }
}

std::unique_ptr<transport::EventHandler> UpcallQueue::make_handler() {
  return std::make_unique<WakeHandler>(signal_.fd());
}

void UpcallQueue::wake() noexcept {
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(signal_.fd(), &one, sizeof one);
}

void UpcallQueue::push(DeferredUpcall& request) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(request));
    size_.fetch_add(1, std::memory_order_release);
  }
  wake();
}

bool UpcallQueue::pop(DeferredUpcall& into) {
  if (size_.load(std::memory_order_acquire) == 0) return false;
  bool more = false;
  {
    std::lock_guard lock(mutex_);
    if (queue_.empty()) return false;
    DeferredUpcall& front = queue_.front();
    into.connection = std::move(front.connection);
    into.use = std::move(front.use);
    into.owner = front.owner;
    into.code_sets = front.code_sets;
    into.message.assign(front.message.begin(), front.message.end());
    queue_.pop_front();
    more = size_.fetch_sub(1, std::memory_order_acq_rel) > 1;
  }
  if (more) wake();  // the next request goes to another idle thread of the loop
  return true;
}

std::vector<std::uint8_t> slot_storage() noexcept {
  std::vector<std::uint8_t> storage;
  try {
    storage.reserve(slot_start_bytes);
  } catch (...) {
    // It grows when needed instead.
  }
  return storage;
}

UpcallThread::UpcallThread(UpcallQueue& queue, std::vector<std::uint8_t> storage) noexcept
    : queue_(queue), previous_(current_thread) {
  slot_.message = std::move(storage);
  current_thread = this;
}

UpcallThread::~UpcallThread() {
  serve(queue_);  // what was read before the loop stopped is served (its connection is busy)
  current_thread = previous_;
}

bool UpcallThread::serve_one(UpcallQueue& queue) noexcept {
  if (!holding_ && !queue.pop(slot_)) return false;
  holding_ = false;
  serve_deferred(slot_);
  return true;
}

UpcallThread* UpcallThread::current() noexcept { return current_thread; }

void UpcallThread::serve(UpcallQueue& queue) noexcept {
  if (holding_) {
    serve_deferred(slot_);
    holding_ = false;
  }
  while (queue.pop(slot_)) serve_deferred(slot_);
  if (slot_.message.capacity() > slot_kept_bytes) std::vector<std::uint8_t>().swap(slot_.message);
}

void serve_deferred(DeferredUpcall& request) noexcept {
  ServerConnections& owner = *request.owner;
  if (!request.connection->closed()) {
    DeferredChannel channel(request.connection, owner.orb().options().fragment_size);
    serve_message(owner.orb(), request.message, request.code_sets, channel, nullptr,
                  request.connection->mode());
  }
  owner.finished(request.connection.get(), *request.use);
  request.use.reset();
  request.connection.reset();
}

bool runs_beside_others(std::span<const std::uint8_t> message) noexcept {
  constexpr std::size_t response_flags_at = 16;  // after the header and the request id
  constexpr std::uint8_t more_fragments_flag = 0x02;
  constexpr std::uint8_t sync_with_target = 3;
  return message.size() > response_flags_at && message[4] == 1 && message[5] == 2 &&
         (message[6] & more_fragments_flag) == 0 && message[7] == 0 &&
         message[response_flags_at] == sync_with_target;
}

}  // namespace rtorb::orb
