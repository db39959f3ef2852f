// AsyncConnection: sending from any thread, reading replies in the event loop, the
// deadline timer, and failing everyone pending when the connection ends.
#include "client/async_connection.hpp"

#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include <sys/timerfd.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
#include <vector>

#include "giop/message_codec.hpp"
#include "transport/connector.hpp"
#include "transport/socket.hpp"

namespace rtorb::orb {
namespace {

using CORBA::CompletionStatus;

// The reactor owns its handlers; these two share the connection with the ORB's table.
class InputHandler final : public transport::EventHandler {
 public:
  explicit InputHandler(std::shared_ptr<AsyncConnection> c) noexcept : c_(std::move(c)) {}
  int fd() const noexcept override { return c_->connection().fd(); }
  bool handle_input(transport::Reactor&) override { return c_->on_input(); }

 private:
  std::shared_ptr<AsyncConnection> c_;
};

class TimerHandler final : public transport::EventHandler {
 public:
  TimerHandler(std::shared_ptr<AsyncConnection> c, int fd) noexcept : c_(std::move(c)), fd_(fd) {}
  int fd() const noexcept override { return fd_; }
  bool handle_input(transport::Reactor&) override {
    c_->on_timer();
    return true;
  }

 private:
  std::shared_ptr<AsyncConnection> c_;
  int fd_;
};

}  // namespace

std::shared_ptr<AsyncConnection> AsyncConnection::open(OrbContext& orb, transport::Reactor& reactor,
                                                       const transport::Endpoint& endpoint,
                                                       const transport::ConnectOptions& connect) {
  auto self = std::make_shared<AsyncConnection>(Private{}, orb, reactor,
                                                transport::connect(endpoint, connect),
                                                connect.connection.limits.max_message_size);
  self->input_id_ = reactor.add(std::make_unique<InputHandler>(self));
  try {
    self->timer_id_ = reactor.add(std::make_unique<TimerHandler>(self, self->timer_.fd()));
  } catch (...) {
    reactor.remove(self->input_id_);
    throw;
  }
  return self;
}

AsyncConnection::AsyncConnection(Private, OrbContext& orb, transport::Reactor& reactor,
                                 std::unique_ptr<transport::Connection> connection,
                                 std::uint32_t max_message_size)
    : orb_(orb),
      reactor_(reactor),
      max_message_size_(max_message_size),
      connection_(std::move(connection)),
      timer_(::timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)),
      assembler_(giop::AssemblerLimits{max_message_size_, max_message_size_}) {
  if (!timer_) {
    raise<CORBA::NO_RESOURCES>(minor::no_resources_reactor,
                               transport::errno_text("timerfd_create", errno));
  }
}

AsyncConnection::~AsyncConnection() = default;

bool AsyncConnection::usable() const {
  std::lock_guard lock(mutex_);
  return !failed_ && !connection_->closed();
}

std::size_t AsyncConnection::outstanding() const {
  std::lock_guard lock(mutex_);
  return pending_.size();
}

void AsyncConnection::expect(std::uint32_t id, PendingReply pending) {
  std::lock_guard lock(mutex_);
  if (failed_) {
    raise<CORBA::COMM_FAILURE>(minor::comm_failure_connection_closed,
                               "the AMI connection has failed");
  }
  const auto deadline = pending.deadline;
  pending_.insert_or_assign(id, std::move(pending));
  if (deadline != Clock::time_point{}) {
    deadlines_.emplace(deadline, id);
    if (armed_ == Clock::time_point{} || deadline < armed_) arm_timer();
  }
}

void AsyncConnection::forget(std::uint32_t id) noexcept {
  std::lock_guard lock(mutex_);
  auto it = pending_.find(id);
  if (it == pending_.end()) return;
  drop_deadline(id, it->second.deadline);
  pending_.erase(it);
}

void AsyncConnection::send(const cdr::OutputStream& request) { connection_->send(request); }

void AsyncConnection::read_due_replies() {
  if (sends_.fetch_add(1, std::memory_order_relaxed) % drain_every != drain_every - 1) return;
  input_pending_.store(true, std::memory_order_release);
  if (!drain()) reactor_.remove(input_id_);
}

void AsyncConnection::drop_deadline(std::uint32_t id, Clock::time_point deadline) {
  if (deadline == Clock::time_point{}) return;
  auto [first, last] = deadlines_.equal_range(deadline);
  for (auto it = first; it != last; ++it) {
    if (it->second == id) {
      deadlines_.erase(it);
      return;
    }
  }
}

void AsyncConnection::arm_timer() {
  ::itimerspec spec{};
  if (!deadlines_.empty()) {
    // steady_clock is CLOCK_MONOTONIC on Linux: its epoch is the timer's.
    const auto at = deadlines_.begin()->first.time_since_epoch();
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(at);
    spec.it_value.tv_sec = static_cast<std::time_t>(seconds.count());
    spec.it_value.tv_nsec =
        static_cast<long>(std::chrono::duration_cast<std::chrono::nanoseconds>(at - seconds).count());
    if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0) spec.it_value.tv_nsec = 1;
    armed_ = deadlines_.begin()->first;
  } else {
    armed_ = {};
  }
  ::timerfd_settime(timer_.fd(), TFD_TIMER_ABSTIME, &spec, nullptr);
}

void AsyncConnection::on_timer() {
  std::uint64_t expirations = 0;
  while (::read(timer_.fd(), &expirations, sizeof expirations) > 0) {
  }
  std::vector<PendingReply> expired;
  {
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    while (!deadlines_.empty() && deadlines_.begin()->first <= now) {
      const std::uint32_t id = deadlines_.begin()->second;
      deadlines_.erase(deadlines_.begin());
      if (auto it = pending_.find(id); it != pending_.end()) {
        expired.push_back(std::move(it->second));
        pending_.erase(it);
      }
    }
    arm_timer();
  }
  // A late reply to one of these finds no one and is dropped.
  const CORBA::TIMEOUT timeout(minor::timeout_reply_wait, CompletionStatus::COMPLETED_MAYBE,
                               "no reply within the RelativeRoundtripTimeout");
  for (PendingReply& p : expired) deliver_failure(orb_, timeout, p);
}

bool AsyncConnection::on_input() {
  input_pending_.store(true, std::memory_order_release);
  return drain();
}

// An edge-triggered event seen while another thread reads is not lost: the reader looks at
// input_pending_ after it stops, and reads again if it was set meanwhile.
bool AsyncConnection::drain() {
  for (;;) {
    bool expected = false;
    if (!reading_.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) return true;
    input_pending_.store(false, std::memory_order_release);
    const bool open = read_all();
    reading_.store(false, std::memory_order_release);
    if (!open) return false;
    if (!input_pending_.load(std::memory_order_acquire)) return true;
  }
}

bool AsyncConnection::read_all() {
  for (;;) {
    const auto messages = connection_->read_available();
    for (const auto& message : messages) {
      try {
        handle_message(message);
      } catch (const CORBA::SystemException& e) {
        // A reply we cannot read ends the connection: which request it answered is unknown.
        connection_->close();
        fail_all(CORBA::COMM_FAILURE(minor::comm_failure_connection_closed,
                                     CompletionStatus::COMPLETED_MAYBE, e.what()));
        reactor_.remove(timer_id_);
        return false;
      }
    }
    if (connection_->closed()) {
      fail_all(CORBA::COMM_FAILURE(minor::comm_failure_connection_closed,
                                   CompletionStatus::COMPLETED_MAYBE,
                                   "the server closed the connection with AMI requests outstanding"));
      reactor_.remove(timer_id_);
      return false;
    }
    if (connection_->drained()) return true;
  }
}

void AsyncConnection::handle_message(std::span<const std::uint8_t> message) {
  const giop::HeaderMode mode = connection_->mode();
  giop::MessageHeader header = giop::decode_header(message, mode);
  if (header.type == giop::MsgType::close_connection) {
    connection_->close();
    fail_all(CORBA::TRANSIENT(minor::transient_close_connection, CompletionStatus::COMPLETED_NO,
                              "the server sent CloseConnection"));
    return;
  }
  if (mode == giop::HeaderMode::standard &&
      (header.more_fragments || header.type == giop::MsgType::fragment)) {
    const auto whole = assembler_.add(message);
    if (!whole.complete) return;
    message = whole.message;
  }
  giop::DecodeOptions options;
  options.mode = mode;
  options.limits.max_message_size = max_message_size_;
  const giop::Message m = giop::decode_message(message, options);
  if (m.get<giop::ReplyHeader>() == nullptr) {
    raise<CORBA::MARSHAL>(minor::marshal_unexpected_reply, "expected a Reply",
                          CompletionStatus::COMPLETED_MAYBE);
  }
  handle_reply(m);
}

void AsyncConnection::handle_reply(const giop::Message& m) {
  PendingReply pending;
  {
    std::lock_guard lock(mutex_);
    auto it = pending_.find(m.get<giop::ReplyHeader>()->request_id);
    if (it == pending_.end()) return;  // fire and forget, or already timed out
    pending = std::move(it->second);
    drop_deadline(it->first, pending.deadline);
    pending_.erase(it);
  }
  deliver_reply(orb_, m, pending);
}

void AsyncConnection::fail_all(const CORBA::SystemException& failure) {
  std::unordered_map<std::uint32_t, PendingReply> pending;
  {
    std::lock_guard lock(mutex_);
    failed_ = true;
    pending.swap(pending_);
    deadlines_.clear();
    arm_timer();
  }
  connection_->close();
  for (auto& [id, p] : pending) deliver_failure(orb_, failure, p);
}

void AsyncConnection::close() noexcept {
  std::unordered_map<std::uint32_t, PendingReply> pending;
  {
    std::lock_guard lock(mutex_);
    failed_ = true;
    pending.swap(pending_);
    deadlines_.clear();
  }
  connection_->close();
  reactor_.remove(input_id_);
  reactor_.remove(timer_id_);
}

}  // namespace rtorb::orb
