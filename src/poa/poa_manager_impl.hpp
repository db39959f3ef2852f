// PortableServer::POAManager: the state machine (ACTIVE, HOLDING, DISCARDING, INACTIVE)
// requests pass through before they reach a POA, with the bounded holding wait.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <rtorb/poa/poa_manager.hpp>
#include <string>
#include <vector>

namespace rtorb::poa {

class PoaImpl;

class PoaManagerImpl final : public PortableServer::POAManager {
 public:
  // `direct_epoch` is the PoaSystem's, bumped after every state change.
  PoaManagerImpl(std::string id, std::size_t holding_bound, const void* system,
                 std::shared_ptr<std::atomic<std::uint64_t>> direct_epoch);

  void activate() override;
  void hold_requests(bool wait_for_completion) override;
  void discard_requests(bool wait_for_completion) override;
  void deactivate(bool etherealize_objects, bool wait_for_completion) override;
  State get_state() override;
  std::string get_id() override { return id_; }
  bool _is_a(const std::string& repository_id) override;

  // Dispatch side. enter() returns when a request may proceed (ACTIVE), waiting while
  // HOLDING; raises TRANSIENT (OMG minor 1) when DISCARDING or the holding wait is full,
  // OBJ_ADAPTER (obj_adapter_inactive) when INACTIVE. Each successful enter() is paired
  // with one leave().
  void enter();
  void leave() noexcept;
  // enter()'s lock-free ACTIVE path alone (collocated calls without marshaling): true and counted when
  // ACTIVE (pair with leave()), false in any other state.
  bool try_enter() noexcept {
    ++in_flight_;
    if (state_.load() == State::ACTIVE) return true;
    leave();
    return false;
  }
  // The request path to an active object counts the request on its map entry instead
  // (PoaImpl::pin_entry), then asks this: ACTIVE now, sequentially consistent after that
  // count, so a state change that waits for completion sees the pin or is seen. Nothing to
  // pair: the upcall's end wakes such a waiter (PoaImpl::end_entry_upcall).
  bool active() const noexcept { return state_.load() == State::ACTIVE; }
  // Whether an upcall whose entry count it dropped to 0 must call notify_idle.
  bool has_idle_waiters() const noexcept { return idle_waiters_.load() != 0; }
  void notify_idle() noexcept;

  // The POAs using this manager (for deactivate's etherealization and wait_for_completion);
  // a destroyed POA stays listed until it goes: ~PoaImpl calls forget_gone_poas, which
  // drops the entries of every POA whose last reference has gone.
  void add_poa(const std::shared_ptr<PoaImpl>& poa);
  void forget_gone_poas();

 private:
  void change_state(State state, bool wait_for_completion);
  // Returns with `lock` released.
  void wait_idle(std::unique_lock<std::mutex>& lock);

  const std::string id_;
  const std::size_t holding_bound_;
  const void* const system_;
  const std::shared_ptr<std::atomic<std::uint64_t>> direct_epoch_;
  std::mutex mutex_;
  std::condition_variable changed_;
  // Written under mutex_, read without it by enter()'s ACTIVE fast path.
  std::atomic<State> state_{State::HOLDING};
  std::size_t waiting_ = 0;                   // requests held (mutex_)
  std::atomic<std::size_t> in_flight_{0};     // requests past enter()
  std::atomic<std::size_t> idle_waiters_{0};  // threads in wait_idle()
  std::vector<std::weak_ptr<PoaImpl>> poas_;
};

}  // namespace rtorb::poa
