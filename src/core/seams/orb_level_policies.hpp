// The ORB level of the client policies: the ORBPolicyManager and PolicyCurrent objects,
// those who watch the manager, and what the request path reads of its list (the call
// policies and the shaping policies), read once per change, never per call.
#pragma once

#include <rtorb/corba/policy.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "core/seams/call_policies.hpp"

namespace rtorb::orb {

class SeamRegistry;

// Lock rules: mutex_ guards manager_, current_ and observers_. What the request path reads
// (the has_ flags, the lists, the generation) is published in atomics and read without
// it. The manager calls changed() under its own lock, so changes arrive in order; no lock
// of this object is held while an observer runs.
class OrbLevelPolicies {
 public:
  // `seams` gives the reader of call policies and the shaping types, read at each change.
  explicit OrbLevelPolicies(const SeamRegistry& seams) noexcept : seams_(seams) {}
  OrbLevelPolicies(const OrbLevelPolicies&) = delete;
  OrbLevelPolicies& operator=(const OrbLevelPolicies&) = delete;

  // The ORBPolicyManager, made on first use. `self` is this object, shared as its ORB is:
  // a manager kept past the ORB's end tells no one.
  CORBA::object_reference<CORBA::PolicyManager> manager(std::weak_ptr<OrbLevelPolicies> self);
  // The PolicyCurrent, made on first use.
  CORBA::object_reference<CORBA::PolicyCurrent> current();
  // The manager's overrides of `types`; every one for empty `types`; none before the
  // manager exists.
  CORBA::PolicyList overrides(const CORBA::PolicyTypeSeq& types) const;
  // `observer` is called with the manager's whole list each time it changes, on the thread
  // that changed it, in the order of the changes. It must not call the manager.
  void add_observer(std::function<void(const CORBA::PolicyList&)> observer);

  // The call policies of the ORB level (the manager's list as the CallPolicyReader reads
  // it), kept up to date as the manager changes.
  bool has_call_policies() const noexcept {
    return has_call_policies_.load(std::memory_order_acquire);
  }
  CallPolicies call_policies() const;
  // The manager's policies of the types client policy handlers shape by (null if none),
  // and a count that moves each time they change, so that shaped targets can be cached.
  std::shared_ptr<const CORBA::PolicyList> shaping_policies() const noexcept {
    return shaping_policies_.load(std::memory_order_acquire);
  }
  bool has_shaping_policies() const noexcept {
    return has_shaping_policies_.load(std::memory_order_acquire);
  }
  std::uint64_t shaping_generation() const noexcept {
    return shaping_generation_.load(std::memory_order_acquire);
  }

  // ORB::destroy: lets go of the manager and the current, returned to be released by the
  // caller outside every lock.
  struct Released {
    CORBA::object_reference<CORBA::PolicyManager> manager;
    CORBA::object_reference<CORBA::PolicyCurrent> current;
  };
  Released release();

 private:
  void changed(const CORBA::PolicyList& now);
  void read_call_policies(const CORBA::PolicyList& now);
  void read_shaping_policies(const CORBA::PolicyList& now);

  const SeamRegistry& seams_;
  mutable std::mutex mutex_;
  CORBA::object_reference<CORBA::PolicyManager> manager_;                  // (mutex_)
  CORBA::object_reference<CORBA::PolicyCurrent> current_;                  // (mutex_)
  std::vector<std::function<void(const CORBA::PolicyList&)>> observers_;  // (mutex_)
  std::atomic<bool> has_call_policies_{false};
  std::atomic<std::shared_ptr<const CallPolicies>> call_policies_;
  std::atomic<std::shared_ptr<const CORBA::PolicyList>> shaping_policies_;
  std::atomic<bool> has_shaping_policies_{false};
  std::atomic<std::uint64_t> shaping_generation_{0};
};

}  // namespace rtorb::orb
