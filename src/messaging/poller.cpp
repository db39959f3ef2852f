// Messaging::Poller: waiting for the reply of a sendp_ call and handing it over once.
#include <rtorb/corba/raise.hpp>
#include <rtorb/messaging/poller.hpp>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

namespace Messaging {
namespace {

using Clock = std::chrono::steady_clock;

// How long a thread that cannot read the replies itself sleeps between looks at the ORB:
// a reply wakes it at once; the step only bounds how late it notices the ORB's state
// change (a pool that started after the call, a shutdown).
constexpr auto wait_step = std::chrono::milliseconds(10);

const rtorb::cdr::ValueTypeInfo poller_type{IDL::traits<Poller>::repository_id};

// The sets pollers make. A member's own wait is on its reply's condition; a set of them
// has no one condition to sleep on, so where a pool reads the replies it looks again every
// millisecond (where no thread does, perform_work returns as soon as it has handled one).
class PollerSet final : public CORBA::PollableSet {
 public:
  explicit PollerSet(IDL::traits<CORBA::ORB>::ref_type orb) noexcept : orb_(std::move(orb)) {}

  CORBA::valuetype_reference<CORBA::DIIPollable> create_dii_pollable() override {
    rtorb::raise<CORBA::NO_IMPLEMENT>(rtorb::minor::no_implement_dii,
                                      "rtorb has no Dynamic Invocation Interface");
  }

  void add_pollable(CORBA::valuetype_reference<CORBA::Pollable> potential) override {
    if (!potential) {
      rtorb::raise<CORBA::BAD_PARAM>(rtorb::minor::bad_param_nil_pollable,
                                     "a nil Pollable cannot be added to a PollableSet");
    }
    std::lock_guard lock(mutex_);
    members_.push_back(std::move(potential));
  }

  CORBA::valuetype_reference<CORBA::Pollable> get_ready_pollable(std::uint32_t timeout) override {
    const bool forever = timeout == CORBA::Pollable::wait_forever;
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeout);
    for (;;) {
      if (auto ready = take_ready()) return ready;
      const Clock::time_point now = Clock::now();
      if (!forever && now >= deadline) {
        rtorb::raise<CORBA::TIMEOUT>(rtorb::minor::timeout_poll_not_ready,
                                     "no member of the PollableSet became ready in time");
      }
      if (orb_ && orb_->work_pending()) {
        orb_->perform_work();
      } else {
        std::this_thread::sleep_until(
            forever ? now + std::chrono::milliseconds(1)
                    : std::min(deadline, now + std::chrono::milliseconds(1)));
      }
    }
  }

  void remove(CORBA::valuetype_reference<CORBA::Pollable> potential) override {
    std::lock_guard lock(mutex_);
    const auto at = std::find(members_.begin(), members_.end(), potential);
    if (at == members_.end()) throw UnknownPollable();
    members_.erase(at);
  }

  std::uint16_t number_left() override {
    std::lock_guard lock(mutex_);
    return static_cast<std::uint16_t>(std::min<std::size_t>(members_.size(), 0xFFFF));
  }

 private:
  // The first ready member, out of the set; NoPossiblePollable if the set is empty. A
  // member whose outcome was taken already counts as ready: nothing is left to wait for.
  CORBA::valuetype_reference<CORBA::Pollable> take_ready() {
    std::lock_guard lock(mutex_);
    if (members_.empty()) throw NoPossiblePollable();
    for (auto it = members_.begin(); it != members_.end(); ++it) {
      bool ready = true;
      try {
        ready = (*it)->is_ready(0);
      } catch (const CORBA::OBJECT_NOT_EXIST&) {
      }
      if (!ready) continue;
      auto member = std::move(*it);
      members_.erase(it);
      return member;
    }
    return nullptr;
  }

  IDL::traits<CORBA::ORB>::ref_type orb_;
  std::mutex mutex_;
  std::vector<CORBA::valuetype_reference<CORBA::Pollable>> members_;
};

}  // namespace

CORBA::object_reference<CORBA::PollableSet> Poller::create_pollable_set() {
  return CORBA::make_reference<PollerSet>(call_.orb);
}

bool Poller::wait(std::uint32_t timeout) {
  auto& state = *call_.state;
  if (state.ready() || timeout == 0) return state.ready();
  const bool forever = timeout == wait_forever;
  const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeout);
  while (!state.ready()) {
    const Clock::time_point now = Clock::now();
    if (!forever && now >= deadline) return false;
    // Where no thread of the ORB reads replies (the reactive model), this one must; the
    // reply is then delivered in perform_work, on this thread.
    if (call_.orb->work_pending()) {
      call_.orb->perform_work();
    } else {
      state.wait_until(forever ? now + wait_step : std::min(deadline, now + wait_step));
    }
  }
  return true;
}

bool Poller::is_ready(std::uint32_t timeout) {
  if (taken_.load(std::memory_order_acquire)) {
    rtorb::raise<CORBA::OBJECT_NOT_EXIST>(rtorb::minor::object_not_exist_poller_done,
                                          "the poller's reply was taken already");
  }
  return wait(timeout);
}

void Poller::rtorb_claim(std::uint32_t timeout, std::string_view operation) {
  if (operation != operation_) {
    rtorb::raise<CORBA::BAD_OPERATION>(rtorb::minor::bad_operation_poller_mismatch,
                                       "this poller holds the reply of " + operation_ + ", not of " +
                                           std::string(operation));
  }
  if (!is_ready(timeout)) {
    rtorb::raise<CORBA::TIMEOUT>(rtorb::minor::timeout_poll_not_ready,
                                 "no reply to " + operation_ + " within the poll's timeout");
  }
  if (taken_.exchange(true, std::memory_order_acq_rel)) {
    rtorb::raise<CORBA::OBJECT_NOT_EXIST>(rtorb::minor::object_not_exist_poller_done,
                                          "the poller's reply was taken already");
  }
}

void Poller::associated_handler(IDL::traits<ReplyHandler>::ref_type) {
  rtorb::raise<CORBA::NO_IMPLEMENT>(rtorb::minor::no_implement_poller_handler,
                                    "rtorb keeps every polled reply for its poller");
}

CORBA::ValueBase::_ref_type Poller::_copy_value() const {
  // One outstanding call has one outcome, handed over once: a copy would be a second claim.
  rtorb::raise<CORBA::NO_IMPLEMENT>(rtorb::minor::no_implement_poller_copy,
                                    "a Poller stands for one outstanding call and is not copied");
}

const rtorb::cdr::ValueTypeInfo& Poller::rtorb_type() const noexcept { return poller_type; }

void Poller::rtorb_write_state(rtorb::cdr::OutputStream&) const {
  rtorb::raise<CORBA::MARSHAL>(rtorb::minor::marshal_local_poller,
                               "a Poller is local to the process that made the call");
}

void Poller::rtorb_read_state(rtorb::cdr::InputStream&) {
  rtorb::raise<CORBA::MARSHAL>(rtorb::minor::marshal_local_poller,
                               "a Poller is local to the process that made the call");
}

}  // namespace Messaging
