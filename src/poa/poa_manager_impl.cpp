// POAManager states and the bounded holding wait.
#include "poa/poa_manager_impl.hpp"

#include <algorithm>
#include <rtorb/corba/minor_code.hpp>
#include <rtorb/corba/raise.hpp>

#include "poa/poa_impl.hpp"
#include "poa/upcall_context.hpp"

namespace rtorb::poa {

PoaManagerImpl::PoaManagerImpl(std::string id, std::size_t holding_bound, const void* system,
                               std::shared_ptr<std::atomic<std::uint64_t>> direct_epoch)
    : id_(std::move(id)),
      holding_bound_(holding_bound),
      system_(system),
      direct_epoch_(std::move(direct_epoch)) {}

void PoaManagerImpl::activate() { change_state(State::ACTIVE, false); }

void PoaManagerImpl::hold_requests(bool wait_for_completion) {
  change_state(State::HOLDING, wait_for_completion);
}

void PoaManagerImpl::discard_requests(bool wait_for_completion) {
  change_state(State::DISCARDING, wait_for_completion);
}

void PoaManagerImpl::deactivate(bool etherealize_objects, bool wait_for_completion) {
  change_state(State::INACTIVE, wait_for_completion);
  if (!etherealize_objects) return;
  std::vector<std::weak_ptr<PoaImpl>> poas;
  {
    std::lock_guard lock(mutex_);
    poas = poas_;
  }
  for (const auto& weak : poas) {
    if (auto poa = weak.lock()) poa->etherealize_all(true);
  }
}

PortableServer::POAManager::State PoaManagerImpl::get_state() { return state_.load(); }

bool PoaManagerImpl::_is_a(const std::string& repository_id) {
  return repository_id == IDL::traits<PortableServer::POAManager>::repository_id ||
         CORBA::LocalObject::_is_a(repository_id);
}

void PoaManagerImpl::change_state(State state, bool wait_for_completion) {
  if (wait_for_completion && in_upcall_of(system_)) {
    raise<CORBA::BAD_INV_ORDER>(minor::bad_inv_order_wait_in_upcall,
                                "POAManager: wait_for_completion inside an upcall");
  }
  std::unique_lock lock(mutex_);
  if (state_ == State::INACTIVE) throw AdapterInactive();
  state_ = state;
  // After the store: a direct lookup that reads the new epoch sees the new state.
  direct_epoch_->fetch_add(1, std::memory_order_acq_rel);
  changed_.notify_all();
  if (wait_for_completion) wait_idle(lock);
}

void PoaManagerImpl::wait_idle(std::unique_lock<std::mutex>& lock) {
  // Requests past enter() are counted in in_flight_, those that went straight to an active
  // object only on its entry (active()): wait for both. leave() and notify_idle() notify
  // under mutex_ when they see a waiter, so no wake-up is lost. POAs that join later saw
  // the new state and counted nothing; the ones held here are let go after the lock, since
  // a POA's destructor takes it.
  std::vector<std::shared_ptr<PoaImpl>> poas;
  for (const auto& weak : poas_) {
    if (auto poa = weak.lock()) poas.push_back(std::move(poa));
  }
  ++idle_waiters_;
  const auto busy = [](const auto& poa) { return poa->upcalls_on_entries(); };
  changed_.wait(lock, [&] {
    return in_flight_.load() == 0 && std::none_of(poas.begin(), poas.end(), busy);
  });
  --idle_waiters_;
  lock.unlock();
}

void PoaManagerImpl::notify_idle() noexcept {
  std::lock_guard lock(mutex_);
  changed_.notify_all();
}

void PoaManagerImpl::enter() {
  // Fast path, no lock: count first, then check. A state change that waits for
  // completion either sees this request counted or this request sees the new state
  // (both sequentially consistent).
  ++in_flight_;
  if (state_.load() == State::ACTIVE) return;
  leave();
  std::unique_lock lock(mutex_);
  while (true) {
    switch (state_.load()) {
      case State::ACTIVE:
        ++in_flight_;
        return;
      case State::DISCARDING:
        raise<CORBA::TRANSIENT>(minor::transient_poa_discarding, "POAManager is discarding");
      case State::INACTIVE:
        raise<CORBA::OBJ_ADAPTER>(minor::obj_adapter_inactive, "POAManager is inactive");
      case State::HOLDING:
        if (waiting_ >= holding_bound_) {
          raise<CORBA::TRANSIENT>(minor::transient_poa_discarding,
                                  "POAManager is holding and its queue is full");
        }
        ++waiting_;
        changed_.wait(lock, [this] { return state_.load() != State::HOLDING; });
        --waiting_;
        break;
    }
  }
}

void PoaManagerImpl::leave() noexcept {
  if (--in_flight_ == 0 && idle_waiters_.load() != 0) {
    std::lock_guard lock(mutex_);
    changed_.notify_all();
  }
}

void PoaManagerImpl::add_poa(const std::shared_ptr<PoaImpl>& poa) {
  std::lock_guard lock(mutex_);
  poas_.push_back(poa);
}

void PoaManagerImpl::forget_gone_poas() {
  // Not lock(): a reference taken here could become a POA's last (its other holders let go
  // meanwhile), and dropping it under mutex_ would run that POA's destructor, which calls
  // this again, on this thread, under this mutex.
  std::lock_guard lock(mutex_);
  std::erase_if(poas_, [](const std::weak_ptr<PoaImpl>& w) { return w.expired(); });
}

}  // namespace rtorb::poa
