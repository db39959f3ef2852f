#include "core/policy_manager.hpp"

#include <algorithm>
#include <mutex>

namespace rtorb::orb {

CORBA::PolicyList select_policies(const CORBA::PolicyList& from, const CORBA::PolicyTypeSeq& types) {
  if (types.empty()) return from;
  CORBA::PolicyList out;
  for (const auto& p : from) {
    if (std::find(types.begin(), types.end(), p->policy_type()) != types.end())
      out.push_back(p);
  }
  return out;
}

void merge_policies(CORBA::PolicyList& into, const CORBA::PolicyList& policies,
           CORBA::SetOverrideType set_add) {
  if (set_add == CORBA::SetOverrideType::SET_OVERRIDE) into.clear();
  for (const auto& p : policies) {
    if (!p) continue;
    const auto type = p->policy_type();
    std::erase_if(into, [&](const auto& q) { return q->policy_type() == type; });
    into.push_back(p);
  }
}

namespace {

class OrbPolicyManager final : public CORBA::PolicyManager {
 public:
  explicit OrbPolicyManager(std::function<void(const CORBA::PolicyList&)> changed)
      : changed_(std::move(changed)) {}
  CORBA::PolicyList get_policy_overrides(const CORBA::PolicyTypeSeq& types) override {
    std::lock_guard lock(mutex_);
    return select_policies(policies_, types);
  }
  void set_policy_overrides(const CORBA::PolicyList& policies,
                            CORBA::SetOverrideType set_add) override {
    std::lock_guard lock(mutex_);
    merge_policies(policies_, policies, set_add);
    if (changed_) changed_(policies_);
  }

 private:
  std::function<void(const CORBA::PolicyList&)> changed_;
  std::mutex mutex_;
  CORBA::PolicyList policies_;
};

// One list per thread, shared by every PolicyCurrent of the process (as the thread is).
thread_local CORBA::PolicyList thread_policies;
thread_local std::uint64_t thread_generation = 0;

class ThreadPolicyCurrent final : public CORBA::PolicyCurrent {
 public:
  CORBA::PolicyList get_policy_overrides(const CORBA::PolicyTypeSeq& types) override {
    return select_policies(thread_policies, types);
  }
  void set_policy_overrides(const CORBA::PolicyList& policies,
                            CORBA::SetOverrideType set_add) override {
    merge_policies(thread_policies, policies, set_add);
    ++thread_generation;
  }
};

}  // namespace

CORBA::object_reference<CORBA::PolicyManager> make_policy_manager(
    std::function<void(const CORBA::PolicyList&)> changed) {
  return CORBA::make_reference<OrbPolicyManager>(std::move(changed));
}

CORBA::object_reference<CORBA::PolicyCurrent> make_policy_current() {
  return CORBA::make_reference<ThreadPolicyCurrent>();
}

const CORBA::PolicyList& thread_policy_overrides() noexcept { return thread_policies; }

std::uint64_t thread_policy_generation() noexcept { return thread_generation; }

}  // namespace rtorb::orb
